/**
 * Back-test of every published vintage row (issue 34 #1): Freddie Mac's cumulative default,
 * severity and net loss by origination year and LTV bucket against the model run on the
 * historical macro path, each year as January and July cohorts to the data date. Pure: the caller
 * reads the CSV, the profiles and the macro history.
 */
import type { CreditModelName } from './economic-paths.ts';
import { CREDIT_MODEL_PARAMETERS, type CreditModelParameters } from './model-parameters.ts';
import { runBacktest, type MacroHistory } from './backtest.ts';

export type LtvBucket = '60.01-80' | '80.01-97';

/** One row of data/credit/freddie-vintage-performance.csv (percent). */
export interface PublishedVintage { Vintage: string; LtvBucket: LtvBucket; DefaultPct: number; SeverityPct: number; NetLossPct: number }

/** The profiles file (data/credit/vintage-profiles.json). */
export interface VintageProfiles {
  noteSpreadPct: Record<LtvBucket, number>;
  buckets: Record<LtvBucket, { Ltv: number; Cltv: number; MiPct: number; AverageBalance: number }>;
  years: Record<string, { Fico: number; Dti: number; ficoOffset80_97: number; dtiOffset80_97: number }>;
}

/** One line of the comparison (`model:backtest --json`): field names as the issue gives them. */
export interface VintageComparison {
  Vintage: string; LtvBucket: LtvBucket; Model: CreditModelName;
  PublishedDefaultPct: number; ModelDefaultPct: number;
  PublishedSeverityPct: number; ModelSeverityPct: number;
  PublishedNetLossPct: number; ModelNetLossPct: number;
  HeldOut: boolean;
}

/** The performance data date of the published table (SOURCES.md): performance through 2019-03. */
export const VINTAGE_DATA_DATE = '2019-03';

/** Parses the published table; throws naming the line of a malformed row. */
export function parsePublishedVintages(csv: string): PublishedVintage[] {
  const lines = csv.trim().split(/\r?\n/);
  const head = (lines[0] ?? '').split(',');
  const col = (name: string) => {
    const i = head.indexOf(name);
    if (i < 0) throw new Error(`published vintage CSV: missing column ${name}`);
    return i;
  };
  const [iv, ib, id, is, il] = ['origination_years', 'ltv_bucket', 'cumulative_default_pct', 'severity_pct', 'net_loss_pct'].map(col) as [number, number, number, number, number];
  return lines.slice(1).map((line, k) => {
    const c = line.split(',');
    const num = (i: number) => {
      const x = Number(c[i]);
      if (!Number.isFinite(x)) throw new Error(`published vintage CSV line ${k + 2}: '${c[i]}' is not a number`);
      return x;
    };
    const bucket = c[ib] === '60.01-80' || c[ib] === '80.01-97' ? c[ib] : null;
    if (!bucket) throw new Error(`published vintage CSV line ${k + 2}: LTV bucket '${c[ib]}' is not 60.01-80 or 80.01-97`);
    return { Vintage: c[iv] as string, LtvBucket: bucket, DefaultPct: num(id), SeverityPct: num(is), NetLossPct: num(il) };
  });
}

/** Origination years a row stands for that the macro history covers ('1999-2004' → 2004 when it starts in 2004). */
export function yearsOf(vintage: string, macro: MacroHistory): number[] {
  const [a, b] = vintage.split('-').map(Number) as [number, number | undefined];
  const first = Number((macro.months[0] as string).slice(0, 4));
  const out: number[] = [];
  for (let y = Math.max(a, first); y <= (b ?? a); y++) out.push(y);
  return out;
}

const monthIndex = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;

/**
 * Model default, severity and net loss (percent) of a published row: every covered year as two
 * cohorts (January, July; `count` loans each, seed 7) to the data date, pooled with equal balances.
 */
export function modelVintage(
  row: Pick<PublishedVintage, 'Vintage' | 'LtvBucket'>, model: CreditModelName, macro: MacroHistory, profiles: VintageProfiles,
  p: CreditModelParameters = CREDIT_MODEL_PARAMETERS, count = 2500,
): { DefaultPct: number; SeverityPct: number; NetLossPct: number } {
  let def = 0, loss = 0, n = 0;
  const end = Math.min(monthIndex(VINTAGE_DATA_DATE), monthIndex(macro.months.at(-1) as string));
  for (const year of yearsOf(row.Vintage, macro)) {
    const known = Object.keys(profiles.years).map(Number).filter((y) => y <= year).sort((x, y) => y - x)[0];
    const y = profiles.years[String(known ?? Object.keys(profiles.years)[0])];
    if (!y) throw new Error(`vintage profiles: no year at or before ${year}`);
    const b = profiles.buckets[row.LtvBucket];
    const high = row.LtvBucket === '80.01-97';
    for (const month of ['01', '07']) {
      const start = `${year}-${month}`;
      const i0 = macro.months.indexOf(start);
      if (i0 < 0) continue;
      const months = end - monthIndex(start) + 1;
      if (months < 1) continue;
      const loans = {
        Count: count, Seed: 7, Fico: y.Fico + (high ? y.ficoOffset80_97 : 0), Dti: y.Dti + (high ? y.dtiOffset80_97 : 0),
        Ltv: b.Ltv, Cltv: b.Cltv, NoteRate: Math.round(((macro.mtg30Pct[i0] as number) + profiles.noteSpreadPct[row.LtvBucket]) * 100) / 100,
        TermMonths: 360, MiPct: b.MiPct, AverageBalance: b.AverageBalance,
      };
      const r = runBacktest({ Model: model, Start: start, Months: months, Macro: '', Loans: loans }, macro, p);
      def += r.CumulativeDefaultPct;
      loss += r.NetLossPct;
      n += 1;
    }
  }
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return n === 0 ? { DefaultPct: 0, SeverityPct: 0, NetLossPct: 0 }
    : { DefaultPct: r2(def / n), SeverityPct: r2(def > 0 ? (100 * loss) / def : 0), NetLossPct: r2(loss / n) };
}

/** Vintages held out of the fit (both buckets): the check on rows the parameters never saw. */
export const HELD_OUT_VINTAGES: readonly string[] = ['2006', '2009', '2011'];

/** The comparison of every published row for LDM 2.2 and LDM 3.0 (the `model:backtest --json` array). */
export function vintageComparison(
  published: readonly PublishedVintage[], macro: MacroHistory, profiles: VintageProfiles, p: CreditModelParameters = CREDIT_MODEL_PARAMETERS, count = 2500,
): VintageComparison[] {
  const out: VintageComparison[] = [];
  for (const row of published) {
    for (const model of ['LDM', 'LDM_3'] as const) {
      const m = modelVintage(row, model, macro, profiles, p, count);
      out.push({
        Vintage: row.Vintage, LtvBucket: row.LtvBucket, Model: model,
        PublishedDefaultPct: row.DefaultPct, ModelDefaultPct: m.DefaultPct,
        PublishedSeverityPct: row.SeverityPct, ModelSeverityPct: m.SeverityPct,
        PublishedNetLossPct: row.NetLossPct, ModelNetLossPct: m.NetLossPct,
        HeldOut: HELD_OUT_VINTAGES.includes(row.Vintage),
      });
    }
  }
  return out;
}
