/**
 * A vintage's loans for the credit model (issue 33 #5): the origination attributes the model
 * reads, from the store, under the same filters as the vintage curves. Past `maxLoans` a seeded
 * sample (the loans with the smallest hash of their id) stands for the vintage: percentages of
 * the original UPB barely move, and the engine's work stays bounded.
 */
import type { LoanFilter } from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import { loanFilterSql } from './loan-filter.sql.ts';
import type { LoanStore } from './loan-store.ts';
import { parquetList } from './vintage.sql.ts';
import { storeFiles } from './vintage.service.ts';
import type { CohortLoan } from './vintage-model.ts';

/** '2007' or '2007Q3' as a WHERE clause. */
export function vintageSql(vintage: string): string {
  const year = Number(vintage.slice(0, 4));
  const quarter = vintage.length > 4 ? Number(vintage.slice(5)) : null;
  return `OriginationYear = ${year}${quarter ? ` AND OriginationQuarter = ${quarter}` : ''}`;
}

export async function vintageCohortLoans(
  store: LoanStore, db: Db, filter: LoanFilter, vintage: string, maxLoans: number,
): Promise<{ population: number; loans: CohortLoan[] }> {
  const files = await storeFiles(store, db);
  if (!files.loans.length) return { population: 0, loans: [] };
  return store.withConnection(async (c) => {
    const from = `(SELECT DISTINCT ON (Source, LoanId) * FROM ${parquetList(files.loans)}
      WHERE OriginalUpb > 0 AND FirstPaymentYm IS NOT NULL AND (${loanFilterSql(filter)}) AND ${vintageSql(vintage)})`;
    const [count] = await c.rows(`SELECT count(*) AS n FROM ${from}`);
    const rows = await c.rows(`SELECT FirstPaymentYm, OriginalUpb, OriginalRate, OriginalTerm, CreditScore, Dti, Ltv, Cltv, MiPct, State
      FROM ${from} ORDER BY hash(Source || '|' || LoanId), LoanId LIMIT ${Math.floor(maxLoans)}`);
    const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
    return {
      population: Number(count?.n ?? 0),
      loans: rows.map((r) => ({
        FirstPaymentYm: Number(r.FirstPaymentYm), OriginalUpb: Number(r.OriginalUpb), OriginalRate: Number(r.OriginalRate ?? 0),
        OriginalTerm: Number(r.OriginalTerm ?? 360), CreditScore: num(r.CreditScore), Dti: num(r.Dti), Ltv: num(r.Ltv), Cltv: num(r.Cltv),
        MiPct: num(r.MiPct), State: r.State === null || r.State === undefined ? null : String(r.State),
      })),
    };
  });
}
