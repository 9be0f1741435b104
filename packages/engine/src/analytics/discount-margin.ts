import { type AnalyticsResult, CANT_COMPUTE_SPREAD, TOO_MANY_TRIES_SPREAD, fail, succeed } from './analytics-result.ts';
import { type DateInput, actualDays, isBefore } from './day-count.ts';
import { findRoot } from './root-solver.ts';

/**
 * Index path of a floater (fractions): a flat scalar, or one rate per accrual period after
 * settlement (element 0 = the period in progress at settlement); the last element carries forward.
 */
export type IndexPath = number | readonly number[];

/** One payment of a floater: date, principal paid and net write-down (no cash), dollars. */
export interface FloaterPeriod {
  date: DateInput;
  principal: number;
  writeDown?: number;
}

/** Terms of a discount-margin calculation. Rates are fractions. */
export interface FloaterTerms {
  settlement: DateInput;
  /** Last payment date on or before settlement (or closing): start of the accrual in progress. */
  accrualStart: DateInput;
  /** Balance at settlement, dollars. */
  face: number;
  /** Quoted margin over the index. */
  margin: number;
  index: IndexPath;
  /** Coupon floor (fraction); default 0 (a negative index never makes the coupon negative). */
  floor?: number;
}

/** Solver settings. */
export interface DiscountMarginOptions {
  /** Starting DM; default the margin. */
  guess?: number;
  /** Try budget; default 200. */
  maxTries?: number;
}

/** Details of a floater valuation. */
export interface FloaterDetails {
  /** Dirty price per 100 of face. */
  dirtyPrice: number;
  /** Accrued interest at settlement, dollars (actual/360 at index₀ + margin). */
  accrued: number;
}

/** Lowest DM searched (−100 %); a DM below it is treated as not computable. */
const DM_FLOOR = -1;
const DM_CEILING = 10;

/** Index of accrual period k (0-based after settlement). */
export function indexAt(path: IndexPath, k: number): number {
  if (typeof path === 'number') return path;
  if (path.length === 0) return Number.NaN;
  return path[Math.min(k, path.length - 1)] ?? Number.NaN;
}

interface Projection {
  cash: number[];
  /** Actual days of each discounting leg: settlement → first date, then date to date. */
  legDays: number[];
  accrued: number;
}

/**
 * Projects coupons with the index path: interest_k = B_{k−1} · max(floor, index_k + margin) · days_k/360
 * (actual days of the accrual period; the floor defaults to 0: a negative index floors the coupon at 0, crt-domain §9),
 * B_k = B_{k−1} − principal_k − writeDown_k. Null when the inputs cannot be valued.
 */
function project(periods: readonly FloaterPeriod[], terms: FloaterTerms): Projection | null {
  if (!(terms.face > 0) || !Number.isFinite(terms.margin)) return null;
  const floor = terms.floor ?? 0;
  if (!Number.isFinite(floor)) return null;
  const future = periods.filter((p) => isBefore(terms.settlement, p.date));
  if (future.length === 0) return null;
  const cash: number[] = [];
  const legDays: number[] = [];
  let balance = terms.face;
  let accrualFrom: DateInput = terms.accrualStart;
  let legFrom: DateInput = terms.settlement;
  for (let k = 0; k < future.length; k++) {
    const p = future[k] as FloaterPeriod;
    const idx = indexAt(terms.index, k);
    const coupon = Math.max(floor, idx + terms.margin);
    const interest = (balance * coupon * actualDays(accrualFrom, p.date)) / 360;
    cash.push(interest + p.principal);
    legDays.push(actualDays(legFrom, p.date));
    balance -= p.principal + (p.writeDown ?? 0);
    accrualFrom = p.date;
    legFrom = p.date;
  }
  if (cash.some((c) => !Number.isFinite(c))) return null;
  const accrued = (terms.face * Math.max(floor, indexAt(terms.index, 0) + terms.margin) * Math.max(0, actualDays(terms.accrualStart, terms.settlement))) / 360;
  return { cash, legDays, accrued };
}

/** Σ CF_k · Π_{j≤k} 1/(1 + (index_j + dm)·days_j/360); NaN when a factor is not positive. */
function discountedValue(p: Projection, index: IndexPath, dm: number): number {
  let df = 1;
  let pv = 0;
  for (let k = 0; k < p.cash.length; k++) {
    const step = 1 + ((indexAt(index, k) + dm) * (p.legDays[k] ?? 0)) / 360;
    if (!(step > 0)) return Number.NaN;
    df /= step;
    pv += (p.cash[k] ?? 0) * df;
  }
  return pv;
}

/**
 * Clean price per 100 of face of a floater at discount margin `dm` (crt-domain §5.3):
 * DF_k = Π_j 1/(1 + (index_j + DM)·days_j/360), dirty$ = Σ CF_k·DF_k, clean = (dirty$ − accrued$)/face × 100.
 * Balance left after the last period is not paid (it is a loss to the holder).
 * Fails with "Can't compute Spread." for unusable inputs or a DM that makes a factor non-positive.
 */
export function priceFromDiscountMargin(periods: readonly FloaterPeriod[], terms: FloaterTerms, dm: number): AnalyticsResult<FloaterDetails> {
  const p = project(periods, terms);
  if (p === null || !Number.isFinite(dm)) return fail(CANT_COMPUTE_SPREAD);
  const dirty = discountedValue(p, terms.index, dm);
  if (!Number.isFinite(dirty)) return fail(CANT_COMPUTE_SPREAD);
  return succeed(((dirty - p.accrued) / terms.face) * 100, { dirtyPrice: (dirty / terms.face) * 100, accrued: p.accrued });
}

/**
 * Discount margin (fraction) at a clean price per 100 of face, by bracketed Newton over
 * [max(−100 %, the lowest DM keeping every factor positive), 1000 %]. Failure messages:
 * - "Can't compute Spread.": unusable inputs, non-positive dirty price, or no DM in the range
 *   reproduces the price (including a price so high the DM would fall below the floor);
 * - "Too many tries in Spread calculation.": `maxTries` evaluations without convergence.
 */
export function discountMarginFromPrice(
  periods: readonly FloaterPeriod[],
  terms: FloaterTerms,
  cleanPrice: number,
  options: DiscountMarginOptions = {},
): AnalyticsResult<FloaterDetails & { tries: number }> {
  const p = project(periods, terms);
  if (p === null || !Number.isFinite(cleanPrice)) return fail(CANT_COMPUTE_SPREAD);
  const dirty = (cleanPrice / 100) * terms.face + p.accrued;
  if (!(dirty > 0)) return fail(CANT_COMPUTE_SPREAD);
  // Every factor 1 + (index_j + dm)·days_j/360 must stay positive: dm > −360/days_j − index_j.
  let floor = DM_FLOOR;
  for (let k = 0; k < p.legDays.length; k++) {
    const days = p.legDays[k] ?? 0;
    if (days > 0) floor = Math.max(floor, -360 / days - indexAt(terms.index, k) + 1e-9);
  }
  const guess = Math.min(DM_CEILING, Math.max(options.guess ?? terms.margin, floor + 1e-6));
  const outcome = findRoot((dm) => discountedValue(p, terms.index, dm) - dirty, null, {
    guess,
    floor,
    ceiling: DM_CEILING,
    step: 0.0001,
    tolerance: 1e-12 * Math.max(1, dirty),
    maxTries: options.maxTries ?? 200,
  });
  if (!outcome.ok) return fail(outcome.reason === 'tooManyTries' ? TOO_MANY_TRIES_SPREAD : CANT_COMPUTE_SPREAD);
  return succeed(outcome.x, { dirtyPrice: (dirty / terms.face) * 100, accrued: p.accrued, tries: outcome.tries });
}
