import { type AnalyticsResult, CANT_COMPUTE_YIELD, fail, succeed } from './analytics-result.ts';
import { yieldFailureMessage } from './price-yield.ts';
import { findRoot } from './root-solver.ts';

/** How `irrMonthly` annualises the monthly rate m into `Value`. */
export type IrrAnnualization = 'nominal' | 'effective';

/** IRR settings. */
export interface IrrOptions {
  /** `nominal` (default): Value = 12·m, as crt-domain §5.1 reports ROI; `effective`: (1+m)^12 − 1. */
  annualization?: IrrAnnualization;
  /** Starting monthly rate; default 1 %. */
  guess?: number;
  /** Try budget; default 200. */
  maxTries?: number;
}

/** Details of an IRR: both annualisations, labelled. */
export interface IrrDetails {
  monthlyRate: number;
  /** 12·m. */
  nominalAnnualRate: number;
  /** (1+m)^12 − 1. */
  effectiveAnnualRate: number;
  annualization: IrrAnnualization;
}

/** Lowest monthly rate searched (−99 %). */
const FLOOR = -0.99;
const CEILING = 10;

/** NPV of monthly flows (flow k at month k, k = 0 first) at monthly rate m. */
export function netPresentValueMonthly(flows: readonly number[], m: number): number {
  let npv = 0;
  for (let k = 0; k < flows.length; k++) npv += (flows[k] ?? 0) * (1 + m) ** -k;
  return npv;
}

/**
 * Internal rate of return of a monthly net cash-flow series (e.g. the reinsurer's Net(t) of
 * crt-domain §5.1; flow k falls at month k). Value = 12·m unless `annualization: 'effective'`.
 * Failure messages (silent, spec 001 §8):
 * - "Can't compute Yield.": empty or non-finite flows, flows all of one sign or zero (e.g. a
 *   zero collateral margin, where no money is put up), or no sign change of the NPV in range;
 * - "Guess is too negative in Yield calculation.": guess ≤ −99 %/month, or the IRR lies below it;
 * - "Too many tries in Yield calculation.": `maxTries` evaluations without convergence.
 */
export function irrMonthly(flows: readonly number[], options: IrrOptions = {}): AnalyticsResult<IrrDetails> {
  const annualization = options.annualization ?? 'nominal';
  if (flows.length === 0 || flows.some((f) => !Number.isFinite(f))) return fail(CANT_COMPUTE_YIELD);
  if (!flows.some((f) => f > 0) || !flows.some((f) => f < 0)) return fail(CANT_COMPUTE_YIELD);
  const scale = flows.reduce((s, f) => Math.max(s, Math.abs(f)), 0);
  const outcome = findRoot((m) => netPresentValueMonthly(flows, m), (m) => npvSlope(flows, m), {
    guess: options.guess ?? 0.01,
    floor: FLOOR,
    ceiling: CEILING,
    step: 0.001,
    tolerance: 1e-12 * scale,
    maxTries: options.maxTries ?? 200,
  });
  if (!outcome.ok) return fail(yieldFailureMessage(outcome));
  const m = outcome.x;
  const nominal = 12 * m;
  const effective = (1 + m) ** 12 - 1;
  return succeed(annualization === 'nominal' ? nominal : effective, {
    monthlyRate: m,
    nominalAnnualRate: nominal,
    effectiveAnnualRate: effective,
    annualization,
  });
}

function npvSlope(flows: readonly number[], m: number): number {
  let slope = 0;
  for (let k = 1; k < flows.length; k++) slope -= k * (flows[k] ?? 0) * (1 + m) ** (-k - 1);
  return slope;
}
