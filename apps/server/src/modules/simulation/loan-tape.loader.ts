import type { LoanTape } from '@opencrt/engine';
import { sortLoansByRemainingTerm } from '@opencrt/engine';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dealsDb } from '../deals/deals.tables.ts';

/**
 * The deal's loan tape at the last reporting period on or before the settlement date (else its
 * first one), as the engine's struct of arrays. Balances are scaled to the pool balance the run
 * starts from, so the tape gives the shape (rates, terms) and the remittance history the size.
 * Servicing is taken as the deal's gross-to-net spread (25 bp when unknown).
 */
export async function loadLoanTape(baseDb: Db, dealName: string, settlementDate: number, poolBalance: number, servicingFee = 0.0025): Promise<LoanTape | null> {
  return (await loadVersionedLoanTape(baseDb, dealName, settlementDate, poolBalance, servicingFee))?.tape ?? null;
}

/**
 * `loadLoanTape` with a content version of the result (reporting period, loan count, total UPB,
 * scale and servicing), which run workers cache the tape by.
 */
export async function loadVersionedLoanTape(
  baseDb: Db, dealName: string, settlementDate: number, poolBalance: number, servicingFee = 0.0025,
): Promise<{ tape: LoanTape; version: string } | null> {
  const db = dealsDb(baseDb);
  const period = await db.selectFrom('loans').select(sql<number>`max(as_of_date)`.as('d'))
    .where('deal_name', '=', dealName).where('as_of_date', '<=', settlementDate).executeTakeFirst();
  const first = await db.selectFrom('loans').select(sql<number>`min(as_of_date)`.as('d')).where('deal_name', '=', dealName).executeTakeFirst();
  const asOf = period?.d ?? first?.d;
  if (!asOf) return null;
  const rows = await db.selectFrom('loans').select(['current_upb', 'current_rate', 'remaining_months', 'loan_age'])
    .where('deal_name', '=', dealName).where('as_of_date', '=', asOf).where('current_upb', '>', 0).execute();
  if (rows.length === 0) return null;
  const total = rows.reduce((s, r) => s + Number(r.current_upb), 0);
  const scale = poolBalance > 0 && total > 0 ? poolBalance / total : 1;
  const tape: LoanTape = {
    count: rows.length,
    balance: Float64Array.from(rows, (r) => Number(r.current_upb) * scale),
    grossRate: Float64Array.from(rows, (r) => Number(r.current_rate) / 100),
    netRate: Float64Array.from(rows, (r) => Math.max(0, Number(r.current_rate) / 100 - servicingFee)),
    remainingTerm: Int32Array.from(rows, (r) => Number(r.remaining_months)),
    age: Int32Array.from(rows, (r) => Number(r.loan_age)),
  };
  return { tape: sortLoansByRemainingTerm(tape), version: `${asOf}:${rows.length}:${total}:${scale}:${servicingFee}` };
}
