import { type AnalyticsResult, CANT_COMPUTE_YIELD, TOO_MANY_TRIES_YIELD, TOO_NEGATIVE_YIELD, fail, succeed } from './analytics-result.ts';
import { type DateInput, actualDays, days30360, isBefore, months30360 } from './day-count.ts';
import { type RootOutcome, findRoot } from './root-solver.ts';
import { type YieldConvention, monthlyRateOfYield, quoteMonthlyRate } from './yield-conventions.ts';

/**
 * A bond's cash flows seen from settlement: the engine's `PricingCashflows` satisfies this shape.
 * `months[k]` = τ_k, 30/360 months from settlement to payment k; `cash[k]` = interest + principal
 * paid (write-downs carry no cash); `face` = current face at settlement; `accrued` = accrued
 * interest at settlement, all in dollars. Flows with τ ≤ 0 (paid on or before settlement) are ignored.
 */
export interface PricingFlows {
  months: readonly number[];
  cash: readonly number[];
  face: number;
  accrued: number;
}

/** Solver settings shared by price and yield. Yields are fractions (0.05 = 5 %). */
export interface YieldOptions {
  /** Quote convention of yields in and out; default `bondEquivalent` (PPM tables). */
  convention?: YieldConvention;
  /** Starting yield (quoted); default 5 %. */
  guess?: number;
  /** Try budget of the bracketed Newton search; default 200. */
  maxTries?: number;
}

/** Details returned with a solved yield or price. */
export interface YieldDetails {
  /** Monthly rate i of Σ CF_k/(1+i)^τ_k. */
  monthlyRate: number;
  /** Dirty price per 100 of current face. */
  dirtyPrice: number;
  convention: YieldConvention;
}

/** Lowest monthly rate searched (−99 % a month); a root below it is "too negative". */
export const MONTHLY_RATE_FLOOR = -0.99;
/** Highest monthly rate searched (1000 % a month): beyond it nothing is worth computing. */
const MONTHLY_RATE_CEILING = 10;

/** Σ cash_k / (1+i)^τ_k over flows after settlement, dollars. */
export function presentValueAtMonthlyRate(flows: Pick<PricingFlows, 'months' | 'cash'>, i: number): number {
  let pv = 0;
  for (let k = 0; k < flows.months.length; k++) {
    const t = flows.months[k] ?? 0;
    if (t > 0) pv += (flows.cash[k] ?? 0) * (1 + i) ** -t;
  }
  return pv;
}

function pvSlope(flows: Pick<PricingFlows, 'months' | 'cash'>, i: number): number {
  let slope = 0;
  for (let k = 0; k < flows.months.length; k++) {
    const t = flows.months[k] ?? 0;
    if (t > 0) slope -= t * (flows.cash[k] ?? 0) * (1 + i) ** (-t - 1);
  }
  return slope;
}

function hasFutureFlows(flows: PricingFlows): boolean {
  if (!(flows.face > 0) || !Number.isFinite(flows.accrued) || flows.months.length !== flows.cash.length) return false;
  let any = false;
  for (let k = 0; k < flows.months.length; k++) {
    const t = flows.months[k] ?? Number.NaN;
    const c = flows.cash[k] ?? Number.NaN;
    if (!Number.isFinite(t) || !Number.isFinite(c)) return false;
    if (t > 0 && c !== 0) any = true;
  }
  return any;
}

/**
 * Clean price per 100 of current face at a quoted yield:
 * dirty$ = Σ CF_k/(1+i)^τ_k, clean = (dirty$ − accrued$)/face × 100.
 * Fails with "Can't compute Yield." for unusable flows (no face, no cash after settlement,
 * non-finite numbers) and "Guess is too negative in Yield calculation." when the yield maps to a
 * monthly rate at or below −99 % (bond-equivalent y ≤ −2 has no monthly rate at all).
 */
export function priceFromYield(flows: PricingFlows, yieldRate: number, options: YieldOptions = {}): AnalyticsResult<YieldDetails> {
  const convention = options.convention ?? 'bondEquivalent';
  if (!hasFutureFlows(flows) || !Number.isFinite(yieldRate)) return fail(CANT_COMPUTE_YIELD);
  const i = monthlyRateOfYield(yieldRate, convention);
  if (!(i > MONTHLY_RATE_FLOOR)) return fail(TOO_NEGATIVE_YIELD);
  const dirty = presentValueAtMonthlyRate(flows, i);
  const dirtyPrice = (dirty / flows.face) * 100;
  return succeed(((dirty - flows.accrued) / flows.face) * 100, { monthlyRate: i, dirtyPrice, convention });
}

/**
 * Quoted yield at a clean price per 100 of current face: solves Σ CF_k/(1+i)^τ_k = dirty$ for the
 * monthly rate i by bracketed Newton, then quotes it (`convention`). Failure messages:
 * - "Can't compute Yield.": unusable flows, non-positive or non-finite dirty price, or no root
 *   between the floor and 1000 %/month (e.g. flows that are all negative);
 * - "Guess is too negative in Yield calculation.": the guess is at/below the floor, or the price
 *   is so far above the cash that the root lies below −99 % a month;
 * - "Too many tries in Yield calculation.": `maxTries` evaluations without convergence.
 */
export function yieldFromPrice(flows: PricingFlows, cleanPrice: number, options: YieldOptions = {}): AnalyticsResult<YieldDetails & { tries: number }> {
  const convention = options.convention ?? 'bondEquivalent';
  if (!hasFutureFlows(flows) || !Number.isFinite(cleanPrice)) return fail(CANT_COMPUTE_YIELD);
  const dirty = (cleanPrice / 100) * flows.face + flows.accrued;
  if (!(dirty > 0)) return fail(CANT_COMPUTE_YIELD);
  const guess = monthlyRateOfYield(options.guess ?? 0.05, convention);
  if (!(guess > MONTHLY_RATE_FLOOR)) return fail(TOO_NEGATIVE_YIELD);
  const outcome = findRoot((i) => presentValueAtMonthlyRate(flows, i) - dirty, (i) => pvSlope(flows, i), {
    guess,
    floor: MONTHLY_RATE_FLOOR,
    ceiling: MONTHLY_RATE_CEILING,
    step: 0.001,
    tolerance: 1e-12 * Math.max(1, dirty),
    maxTries: options.maxTries ?? 200,
  });
  if (!outcome.ok) return fail(yieldFailureMessage(outcome));
  return succeed(quoteMonthlyRate(outcome.x, convention), {
    monthlyRate: outcome.x,
    dirtyPrice: (dirty / flows.face) * 100,
    convention,
    tries: outcome.tries,
  });
}

/** Maps a root-solver failure to the yield messages. */
export function yieldFailureMessage(outcome: Extract<RootOutcome, { ok: false }>): string {
  if (outcome.reason === 'tooManyTries') return TOO_MANY_TRIES_YIELD;
  return outcome.reason === 'belowFloor' ? TOO_NEGATIVE_YIELD : CANT_COMPUTE_YIELD;
}

/** One projected bond period: payment date, cash interest and principal (dollars). */
export interface BondPeriod {
  period: number;
  date: DateInput;
  interest: number;
  principal: number;
}

/** Settlement facts for `pricingFlowsFromPeriods`. */
export interface SettlementTerms {
  settlement: DateInput;
  /** Last payment date on or before settlement (or the closing date): accrual start. */
  accrualStart: DateInput;
  /** Current face at settlement, dollars. */
  face: number;
  /** Current coupon (fraction) accruing since `accrualStart`. */
  couponRate: number;
  /** `floating` accrues actual/360, `fixed` 30/360 (crt-domain §5.3). */
  couponType: 'fixed' | 'floating';
}

/**
 * Builds `PricingFlows` from period rows: keeps payments strictly after settlement, τ_k = 30/360
 * months from settlement, cash = interest + principal, accrued = face × coupon × days/360 with
 * days actual (floater) or 30/360 (fixed) from `accrualStart` to settlement (0 when not after it).
 */
export function pricingFlowsFromPeriods(periods: readonly BondPeriod[], terms: SettlementTerms): PricingFlows {
  const months: number[] = [];
  const cash: number[] = [];
  for (const p of periods) {
    if (!isBefore(terms.settlement, p.date)) continue;
    months.push(months30360(terms.settlement, p.date));
    cash.push(p.interest + p.principal);
  }
  const days = terms.couponType === 'floating' ? actualDays(terms.accrualStart, terms.settlement) : days30360(terms.accrualStart, terms.settlement);
  const accrued = (terms.face * terms.couponRate * Math.max(0, days)) / 360;
  return { months, cash, face: terms.face, accrued };
}
