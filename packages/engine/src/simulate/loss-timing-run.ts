/**
 * A cumulative loss with its timing curve delivered by the run itself (issue 34 #5). The closed-form
 * derivation (rates/loss-timing.ts) cannot know each line's scheduled amortization, its age-based
 * speeds or how the deal's step order turns defaults into losses, so a 2 % target lost 1.8–2.0 %.
 * Here the deal's own collateral projection is the measure: each month's MDR is scaled by the
 * defaults it was meant to produce over the defaults the run produced, and all of them by the
 * cumulative loss wanted over the loss realized, until the run loses the target (a handful of runs:
 * a month's defaults are linear in its MDR and depend on earlier months only through the balance).
 */
import { cdrToMdr, mdrToCdr } from '../rates/rate-conversions.ts';
import { valueAt, type RateInput } from '../rates/vector.ts';
import type { AnyDealRun } from './bond-cashflows.ts';

/** A cumulative loss (percent of the starting balance) and its shares by year (percent, summing to 100). */
export interface LossTimingTarget { CumulativeLossPct: number; SharesPct: readonly number[] }

/** Most runs spent on the search; each converges in 3-6 on the shipped deals. */
const MAX_RUNS = 12;
/** Loss accuracy, as a fraction of the starting balance (0.0001 % of it). */
const TOLERANCE = 1e-6;
/** Highest monthly default rate asked for, as the closed form caps it. */
const MAX_MDR = 0.5;

/**
 * The run of `runWithCdr` (the deal run under an annual CDR vector, period 1 first) whose collateral
 * loses `target` of its starting balance, spread over the years by the target's shares.
 * @param firstCdr the closed-form CDR vector to start from (annual fractions, period 1 first)
 * @param severity the run's loss severity by month (fractions)
 */
export function runToLossTiming(runWithCdr: (cdr: number[]) => AnyDealRun, target: LossTimingTarget, firstCdr: RateInput, severity: RateInput): AnyDealRun {
  const months = target.SharesPct.length * 12;
  let mdr = Array.from({ length: months }, (_, m) => cdrToMdr(valueAt(firstCdr, m)));
  const cdrOf = (rates: readonly number[]) => [...rates.map((x) => mdrToCdr(x)), 0];
  let run = runWithCdr(cdrOf(mdr));
  for (let k = 1; k < MAX_RUNS; k++) {
    const flows = run.flows;
    const start = flows.beginBalance[0] ?? 0;
    if (!(start > 0)) return run;
    const wanted = (target.CumulativeLossPct / 100) * start;
    let realized = 0;
    for (let m = 0; m < flows.months; m++) realized += flows.losses[m] ?? 0;
    if (Math.abs(realized - wanted) <= TOLERANCE * start) return run;
    // Losses per defaulted dollar may differ from the severity input (the step order, advances,
    // defaults not liquidated by the end): the scale is the severity-implied loss over the loss
    // realized, the monthly factors carry the timing.
    let implied = 0;
    for (let m = 0; m < flows.months; m++) implied += (flows.defaults[m] ?? 0) * valueAt(severity, m);
    const scale = realized > 0 && implied > 0 ? implied / realized : 1;
    mdr = mdr.map((rate, m) => {
      const sev = valueAt(severity, m);
      const share = (target.SharesPct[Math.floor(m / 12)] ?? 0) / 100;
      const defaultsWanted = sev > 0 ? (scale * wanted * share) / 12 / sev : 0;
      const defaulted = m < flows.months ? (flows.defaults[m] ?? 0) : 0;
      if (defaultsWanted <= 0) return 0;
      const next = defaulted > 0 ? rate * (defaultsWanted / defaulted) : rate;
      return Math.min(MAX_MDR, next);
    });
    run = runWithCdr(cdrOf(mdr));
  }
  return run;
}
