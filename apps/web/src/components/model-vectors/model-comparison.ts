import type { CreditModelRun } from '@opencrt/contracts';

/** The windows the loan-level vs rep-line table averages over (model months, 1-based, inclusive). */
export const COMPARISON_WINDOWS = [
  { label: 'Months 1-12', from: 1, to: 12 },
  { label: 'Months 1-60', from: 1, to: 60 },
] as const;

/**
 * Mean of `values` over months from..to (1-based); with `weights`, the weighted mean (severity is
 * weighted by CDR: a month without defaults carries the last severity forward and says nothing).
 */
export function averageOver(values: readonly number[], from: number, to: number, weights?: readonly number[]): number {
  let sum = 0, w = 0;
  for (let m = from; m <= Math.min(to, values.length); m++) {
    const k = weights ? (weights[m - 1] ?? 0) : 1;
    sum += k * (values[m - 1] ?? 0);
    w += k;
  }
  return w > 0 ? sum / w : 0;
}

/**
 * Cumulative default over months 1..to as a fraction of the starting balance: each month defaults
 * its MDR of what survived defaults and prepayments before it (scheduled amortization left out).
 * It is where a convex default curve shows (issue 34 #3): the loan level's riskier loans default
 * more than the rep line's averages save, and the gap adds up over the months.
 */
export function cumulativeDefault(cdr: readonly number[], cpr: readonly number[], to: number): number {
  let alive = 1, defaulted = 0;
  for (let m = 0; m < Math.min(to, cdr.length); m++) {
    const mdr = 1 - Math.pow(1 - Math.min(cdr[m] ?? 0, 0.999999), 1 / 12);
    const smm = 1 - Math.pow(1 - Math.min(cpr[m] ?? 0, 0.999999), 1 / 12);
    defaulted += alive * mdr;
    alive *= (1 - mdr) * (1 - smm);
  }
  return defaulted;
}

export interface ComparisonRow {
  measure: 'CPR' | 'CDR' | 'Severity' | 'Cumulative default';
  /** Per window: the averages as fractions. */
  windows: { loanLevel: number; repLine: number }[];
}

/** Loan-level and rep-line averages of CPR, CDR and severity per window (empty without a rep line). */
export function comparisonRows(run: CreditModelRun): ComparisonRow[] {
  const rep = run.RepLine;
  if (!rep) return [];
  const row = (measure: ComparisonRow['measure'], ll: readonly number[], rl: readonly number[], llw?: readonly number[], rlw?: readonly number[]): ComparisonRow => ({
    measure,
    windows: COMPARISON_WINDOWS.map((w) => ({ loanLevel: averageOver(ll, w.from, w.to, llw), repLine: averageOver(rl, w.from, w.to, rlw) })),
  });
  return [
    row('CPR', run.LoanLevel.Cpr, rep.Cpr),
    row('CDR', run.LoanLevel.Cdr, rep.Cdr),
    row('Severity', run.LoanLevel.Severity, rep.Severity, run.LoanLevel.Cdr, rep.Cdr),
    {
      measure: 'Cumulative default',
      windows: COMPARISON_WINDOWS.map((w) => ({
        loanLevel: cumulativeDefault(run.LoanLevel.Cdr, run.LoanLevel.Cpr, w.to), repLine: cumulativeDefault(rep.Cdr, rep.Cpr, w.to),
      })),
    },
  ];
}
