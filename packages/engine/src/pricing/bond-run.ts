import { fail } from '../analytics/analytics-result.ts';
import {
  type AnalyticsResult,
  type Benchmark,
  type PricingFlows,
  type YieldConvention,
  priceFromSpread,
  priceFromYield,
  spreadFromPrice,
  yieldFromPrice,
} from '../analytics/index.ts';

/**
 * One price, yield or spread run of spec 001 §3.9 on a bond's pricing flows: the input checks,
 * their §5.1 messages and the solver each run uses. `quoteBond` (one bond's full quote) and
 * `analyzeBond` (a run of a simulated deal) both build on this, so the two cannot drift apart.
 */

/** Bond run kinds of spec 001 §3.9: solve for a price, a yield or a spread. */
export type BondRunType = 'price' | 'yield' | 'spread';

/** A run's inputs (fractions; Price per 100 of current face, clean). */
export interface BondRunBody {
  Price?: number | null;
  /** Yield, fraction, in the run's convention (bond-equivalent by default). */
  Yield?: number | null;
  /** Spread over the benchmark at the bond's WAL, fraction. */
  Spread?: number | null;
  /** Benchmark rate (flat) or curve of {years, rate}; needed with Spread. */
  ReferenceCurve?: Benchmark | null;
}

/** Spec 001 §5.1 messages (the spread one has a leading space in the spec). */
export const PRICE_INPUTS_REQUIRED = 'Either Yield or both Spread and Benchmark Rate are required.';
export const YIELD_INPUTS_REQUIRED = 'Price is required.';
export const SPREAD_INPUTS_REQUIRED = ' Price and Benchmark Rate are required.';

/** A usable quote number: finite (null, undefined and NaN mean "not given"). */
export const isQuoteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
/** A usable benchmark: a finite flat rate or a non-empty curve. */
export const hasBenchmark = (b: Benchmark | null | undefined): b is Benchmark => isQuoteNumber(b) || (Array.isArray(b) && b.length > 0);

/** True when a price run has its inputs: a yield, or a spread and a benchmark. */
export function hasPriceInputs(body: BondRunBody): boolean {
  return isQuoteNumber(body.Yield) || (isQuoteNumber(body.Spread) && hasBenchmark(body.ReferenceCurve));
}

/**
 * Solves one run: the price from the yield (else from spread + benchmark at `walYears`), the yield
 * at the price, or the spread at the price. Missing inputs fail with the §5.1 message of the run;
 * solver failures keep the analytics message (the silent ones of spec 001 §8 included).
 * @param walYears the bond's WAL, where a benchmark curve is read
 */
export function solveBondRun(type: BondRunType, flows: PricingFlows, body: BondRunBody, walYears: number | null,
  convention: YieldConvention = 'bondEquivalent'): AnalyticsResult {
  const options = { convention };
  switch (type) {
    case 'price':
      if (isQuoteNumber(body.Yield)) return priceFromYield(flows, body.Yield, options);
      if (isQuoteNumber(body.Spread) && hasBenchmark(body.ReferenceCurve)) return priceFromSpread(flows, body.Spread, body.ReferenceCurve, walYears, options);
      return fail(PRICE_INPUTS_REQUIRED);
    case 'yield':
      return isQuoteNumber(body.Price) ? yieldFromPrice(flows, body.Price, options) : fail(YIELD_INPUTS_REQUIRED);
    case 'spread':
      return isQuoteNumber(body.Price) && hasBenchmark(body.ReferenceCurve)
        ? spreadFromPrice(flows, body.Price, body.ReferenceCurve, walYears, options)
        : fail(SPREAD_INPUTS_REQUIRED);
    default: {
      // Reached only from untyped callers (a run type from a URL).
      const never: never = type;
      return fail(`Not supported scenario type. (${String(never)})`);
    }
  }
}
