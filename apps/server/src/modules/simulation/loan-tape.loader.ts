import type { LoanTape } from '@opencrt/engine';
import { sortLoansByRemainingTerm } from '@opencrt/engine';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dealsDb } from '../deals/deals.tables.ts';

/**
 * Which loan tape a run uses, without loading it: the reporting period (the last on or before the
 * settlement date, else the deal's first) and a content version (period, loan count, total UPB,
 * the pool balance it is scaled to and servicing). Run workers cache tapes by this version, so
 * a repeated loan-level run costs the API process one aggregate query, not a 100k-row read.
 */
export interface LoanTapeRef {
  dealName: string;
  asOf: number;
  poolBalance: number;
  servicingFee: number;
  version: string;
}

export async function findLoanTape(
  baseDb: Db, dealName: string, settlementDate: number, poolBalance: number, servicingFee = 0.0025,
): Promise<LoanTapeRef | null> {
  const db = dealsDb(baseDb);
  const period = await db.selectFrom('loans').select(sql<number>`max(as_of_date)`.as('d'))
    .where('deal_name', '=', dealName).where('as_of_date', '<=', settlementDate).executeTakeFirst();
  const first = await db.selectFrom('loans').select(sql<number>`min(as_of_date)`.as('d')).where('deal_name', '=', dealName).executeTakeFirst();
  const asOf = period?.d ?? first?.d;
  if (!asOf) return null;
  const totals = await db.selectFrom('loans')
    .select([sql<string>`count(*)`.as('n'), sql<string>`sum(current_upb)`.as('upb')])
    .where('deal_name', '=', dealName).where('as_of_date', '=', asOf).where('current_upb', '>', 0).executeTakeFirst();
  const count = Number(totals?.n ?? 0);
  if (count === 0) return null;
  return { dealName, asOf: Number(asOf), poolBalance, servicingFee, version: `${asOf}:${count}:${totals?.upb}:${poolBalance}:${servicingFee}` };
}

/**
 * The tape a `LoanTapeRef` names, as the engine's struct of arrays. Balances are scaled to the
 * pool balance the run starts from, so the tape gives the shape (rates, terms) and the remittance
 * history the size. Servicing is taken as the deal's gross-to-net spread (25 bp when unknown).
 */
export async function loadLoanTapeOf(baseDb: Db, ref: LoanTapeRef): Promise<LoanTape> {
  const rows = await dealsDb(baseDb).selectFrom('loans').select(['current_upb', 'current_rate', 'remaining_months', 'loan_age'])
    .where('deal_name', '=', ref.dealName).where('as_of_date', '=', ref.asOf).where('current_upb', '>', 0).execute();
  const total = rows.reduce((s, r) => s + Number(r.current_upb), 0);
  const scale = ref.poolBalance > 0 && total > 0 ? ref.poolBalance / total : 1;
  const tape: LoanTape = {
    count: rows.length,
    balance: Float64Array.from(rows, (r) => Number(r.current_upb) * scale),
    grossRate: Float64Array.from(rows, (r) => Number(r.current_rate) / 100),
    netRate: Float64Array.from(rows, (r) => Math.max(0, Number(r.current_rate) / 100 - ref.servicingFee)),
    remainingTerm: Int32Array.from(rows, (r) => Number(r.remaining_months)),
    age: Int32Array.from(rows, (r) => Number(r.loan_age)),
  };
  return sortLoansByRemainingTerm(tape);
}
