/**
 * Vintage curves and strats over the loan-data store (vintage.sql.ts has the definitions).
 * The SQL runs in DuckDB's threads; this file only assembles the per-month sums into the answer.
 */
import type { LoanFilter, StratQuery, StratRow, Vintage, VintageQuery } from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import { listGseFiles } from './gse-files.repository.ts';
import { loanFilterSql } from './loan-filter.sql.ts';
import type { LoanStore, Row, StoreConnection } from './loan-store.ts';
import { loanEventsSql, monthlyCurvesSql, vintageLoansSql } from './vintage.sql.ts';
import { stratBucketSql } from './strat-buckets.ts';

const round = (x: number, dp = 6): number => Math.round(x * 10 ** dp) / 10 ** dp;
const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const annualise = (monthly: number): number => 100 * (1 - (1 - Math.min(1, Math.max(0, monthly))) ** 12);

/** The manifest's Parquet files, as paths or URLs DuckDB reads. */
export async function storeFiles(store: LoanStore, db: Db): Promise<{ loans: string[]; monthly: string[] }> {
  const files = await listGseFiles(db);
  return {
    loans: files.flatMap((f) => (f.loansParquet ? [store.resolve(f.loansParquet)] : [])),
    monthly: files.flatMap((f) => (f.monthlyParquet ? [store.resolve(f.monthlyParquet)] : [])),
  };
}

/** Creates temp tables vl (filtered loans + vintage label) and ev (per-loan events) on the connection. */
async function prepare(c: StoreConnection, files: { loans: string[]; monthly: string[] }, filter: LoanFilter, by: 'year' | 'quarter'): Promise<void> {
  await c.run(`CREATE OR REPLACE TEMP TABLE vl AS ${vintageLoansSql(files.loans, loanFilterSql(filter), by)}`);
  if (files.monthly.length) await c.run(`CREATE OR REPLACE TEMP TABLE ev AS ${loanEventsSql(files.monthly)}`);
  else await c.run(`CREATE OR REPLACE TEMP TABLE ev AS SELECT NULL::VARCHAR AS Vintage, NULL::VARCHAR AS Source, NULL::VARCHAR AS LoanId, NULL::INTEGER AS EventAge, NULL::DOUBLE AS DefaultedUpb, NULL::INTEGER AS LiquidationAge, NULL::DOUBLE AS NetLoss WHERE false`);
}

/** One object per vintage, curves by month on book (percents of the vintage's original UPB; CPR, CDR annualised). */
export async function vintageCurves(store: LoanStore, db: Db, query: VintageQuery): Promise<Vintage[]> {
  const files = await storeFiles(store, db);
  if (!files.loans.length) return [];
  return store.withConnection(async (c) => {
    await prepare(c, files, query, query.by);
    const summary = await c.rows(`SELECT vl.Vintage, count(*) AS Loans, sum(vl.OriginalUpb) AS OriginalUpb,
        count(ev.EventAge) AS DefaultedLoans, coalesce(sum(ev.DefaultedUpb), 0) AS DefaultedUpb,
        coalesce(sum(ev.NetLoss) FILTER (WHERE ev.LiquidationAge IS NOT NULL), 0) AS NetLoss,
        sum(ev.DefaultedUpb) FILTER (WHERE ev.LiquidationAge IS NOT NULL AND ev.EventAge IS NOT NULL) AS LiquidatedDefaultedUpb
      FROM vl LEFT JOIN ev ON ev.Source = vl.Source AND ev.LoanId = vl.LoanId GROUP BY vl.Vintage ORDER BY vl.Vintage`);
    const curves = files.monthly.length ? await c.rows(`${monthlyCurvesSql(files.monthly)} ORDER BY Vintage, Age`) : [];
    const defaults = await c.rows(`SELECT Vintage, EventAge AS Age, sum(DefaultedUpb) AS Upb FROM ev WHERE EventAge IS NOT NULL GROUP BY ALL`);
    const losses = await c.rows(`SELECT Vintage, LiquidationAge AS Age, sum(NetLoss) AS Loss FROM ev WHERE LiquidationAge IS NOT NULL GROUP BY ALL`);
    return summary.map((s) => assemble(s, curves, defaults, losses));
  });
}

function assemble(s: Row, curves: Row[], defaults: Row[], losses: Row[]): Vintage {
  const vintage = String(s.Vintage);
  const original = n(s.OriginalUpb);
  const pct = (x: number): number => (original > 0 ? round((100 * x) / original) : 0);
  const byAge = (rows: Row[], key: string): Map<number, number> =>
    new Map(rows.filter((r) => r.Vintage === vintage).map((r) => [n(r.Age), n(r[key])]));
  const defaultsAt = byAge(defaults, 'Upb');
  const lossesAt = byAge(losses, 'Loss');
  const rows = new Map(curves.filter((r) => r.Vintage === vintage).map((r) => [n(r.Age), r]));
  const lastAge = Math.max(0, ...rows.keys(), ...defaultsAt.keys(), ...lossesAt.keys());
  let cumDefault = 0;
  let cumLoss = 0;
  const months: Vintage['Months'] = [];
  for (let age = 1; age <= lastAge; age += 1) {
    cumDefault += defaultsAt.get(age) ?? 0;
    cumLoss += lossesAt.get(age) ?? 0;
    const r = rows.get(age);
    const begin = n(r?.BeginUpb);
    const sched = n(r?.Sched);
    const smm = begin - sched > 0 ? (n(r?.Payoffs) + n(r?.Curtailments)) / (begin - sched) : 0;
    const performing = n(r?.PerformingBeginUpb);
    const mdr = performing > 0 ? (defaultsAt.get(age) ?? 0) / performing : 0;
    const end = n(r?.EndUpb);
    months.push({
      MonthOnBook: age,
      CumulativeDefaultPct: pct(cumDefault),
      CumulativeNetLossPct: pct(cumLoss),
      Cpr: round(annualise(smm)),
      Cdr: round(annualise(mdr)),
      Dq90PlusPct: end > 0 ? round((100 * n(r?.Dq90Upb)) / end) : 0,
    });
  }
  const liquidatedUpb = n(s.LiquidatedDefaultedUpb);
  return {
    Vintage: vintage,
    Loans: n(s.Loans),
    OriginalUpb: round(original, 2),
    DefaultedLoans: n(s.DefaultedLoans),
    DefaultedUpb: round(n(s.DefaultedUpb), 2),
    CumulativeDefaultPct: pct(n(s.DefaultedUpb)),
    CumulativeNetLossPct: pct(n(s.NetLoss)),
    SeverityPct: liquidatedUpb > 0 ? round((100 * n(s.NetLoss)) / liquidatedUpb) : null,
    Months: months,
  };
}

/** Stratification of the filtered loans by one attribute: counts, weighted averages, defaults and losses per bucket. */
export async function stratify(store: LoanStore, db: Db, query: StratQuery): Promise<StratRow[]> {
  const files = await storeFiles(store, db);
  if (!files.loans.length) return [];
  return store.withConnection(async (c) => {
    await prepare(c, files, query, 'year');
    await c.run(`CREATE OR REPLACE TEMP TABLE sl AS SELECT DISTINCT ON (Source, LoanId) * FROM read_parquet([${files.loans.map((f) => `'${f.replaceAll("'", "''")}'`).join(', ')}], union_by_name = true) WHERE OriginalUpb > 0 AND (${loanFilterSql(query)})`);
    const bucket = stratBucketSql(query.dimension);
    const rows = await c.rows(`SELECT ${bucket.label} AS Bucket, min(${bucket.order}) AS SortKey, count(*) AS Loans, sum(sl.OriginalUpb) AS OriginalUpb,
        sum(sl.CreditScore * sl.OriginalUpb) / nullif(sum(sl.OriginalUpb) FILTER (WHERE sl.CreditScore IS NOT NULL), 0) AS WaFico,
        sum(sl.Ltv * sl.OriginalUpb) / nullif(sum(sl.OriginalUpb) FILTER (WHERE sl.Ltv IS NOT NULL), 0) AS WaLtv,
        sum(sl.Dti * sl.OriginalUpb) / nullif(sum(sl.OriginalUpb) FILTER (WHERE sl.Dti IS NOT NULL), 0) AS WaDti,
        sum(sl.OriginalRate * sl.OriginalUpb) / nullif(sum(sl.OriginalUpb), 0) AS WaRate,
        coalesce(sum(ev.DefaultedUpb), 0) AS DefaultedUpb,
        coalesce(sum(ev.NetLoss) FILTER (WHERE ev.LiquidationAge IS NOT NULL), 0) AS NetLoss,
        sum(ev.DefaultedUpb) FILTER (WHERE ev.LiquidationAge IS NOT NULL AND ev.EventAge IS NOT NULL) AS LiquidatedDefaultedUpb
      FROM sl LEFT JOIN ev ON ev.Source = sl.Source AND ev.LoanId = sl.LoanId
      GROUP BY 1 ORDER BY SortKey, Bucket LIMIT 200`);
    const total = rows.reduce((a, r) => a + n(r.OriginalUpb), 0);
    return rows.map((r) => {
      const upb = n(r.OriginalUpb);
      const liquidated = n(r.LiquidatedDefaultedUpb);
      const wa = (v: unknown, dp: number): number | null => (v === null || v === undefined ? null : round(Number(v), dp));
      return {
        Bucket: String(r.Bucket ?? 'Not available'),
        Loans: n(r.Loans),
        OriginalUpb: round(upb, 2),
        SharePct: total > 0 ? round((100 * upb) / total) : 0,
        WaFico: wa(r.WaFico, 1),
        WaLtv: wa(r.WaLtv, 2),
        WaDti: wa(r.WaDti, 2),
        WaRatePct: wa(r.WaRate, 4),
        DefaultedUpb: round(n(r.DefaultedUpb), 2),
        CumulativeDefaultPct: upb > 0 ? round((100 * n(r.DefaultedUpb)) / upb) : 0,
        CumulativeNetLossPct: upb > 0 ? round((100 * n(r.NetLoss)) / upb) : 0,
        SeverityPct: liquidated > 0 ? round((100 * n(r.NetLoss)) / liquidated) : null,
      };
    });
  });
}
