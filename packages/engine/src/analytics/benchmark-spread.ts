import { type AnalyticsResult, CANT_COMPUTE_SPREAD, fail, succeed } from './analytics-result.ts';
import { type PricingFlows, type YieldOptions, priceFromYield, yieldFromPrice } from './price-yield.ts';

/** One point of a benchmark curve: tenor in years, rate as a fraction. */
export interface CurvePoint {
  years: number;
  rate: number;
}

/** A flat benchmark rate, or a curve read at the bond's WAL. Fractions. */
export type Benchmark = number | readonly CurvePoint[];

/**
 * Benchmark rate at `walYears`: the flat rate itself, or linear interpolation on the curve sorted
 * by tenor, flat beyond its ends. Null when a curve is empty or has non-finite points, or when a
 * curve needs a WAL and none exists (no principal, e.g. a fully written-down bond).
 */
export function benchmarkAt(benchmark: Benchmark, walYears: number | null): number | null {
  if (typeof benchmark === 'number') return Number.isFinite(benchmark) ? benchmark : null;
  if (benchmark.length === 0 || walYears === null || !Number.isFinite(walYears)) return null;
  if (benchmark.some((p) => !Number.isFinite(p.years) || !Number.isFinite(p.rate))) return null;
  const curve = [...benchmark].sort((a, b) => a.years - b.years);
  const first = curve[0] as CurvePoint;
  const last = curve.at(-1) as CurvePoint;
  if (walYears <= first.years) return first.rate;
  if (walYears >= last.years) return last.rate;
  for (let k = 1; k < curve.length; k++) {
    const hi = curve[k] as CurvePoint;
    if (walYears <= hi.years) {
      const lo = curve[k - 1] as CurvePoint;
      return lo.rate + ((hi.rate - lo.rate) * (walYears - lo.years)) / (hi.years - lo.years);
    }
  }
  return last.rate;
}

/** Details of a spread: the yield and the benchmark it was measured against. */
export interface SpreadDetails {
  yieldRate: number;
  benchmarkRate: number;
}

/**
 * Spread (fraction) = yield − benchmark at the WAL. "Can't compute Spread." when the benchmark
 * cannot be read (see `benchmarkAt`) or the yield is not finite.
 */
export function spreadFromYield(yieldRate: number, benchmark: Benchmark, walYears: number | null): AnalyticsResult<SpreadDetails> {
  const rate = benchmarkAt(benchmark, walYears);
  if (rate === null || !Number.isFinite(yieldRate)) return fail(CANT_COMPUTE_SPREAD);
  return succeed(yieldRate - rate, { yieldRate, benchmarkRate: rate });
}

/**
 * Spread at a clean price: yield from `yieldFromPrice` (same quote convention as the benchmark)
 * minus the benchmark at the WAL. A yield failure is returned unchanged (its message names the
 * real cause); a missing benchmark gives "Can't compute Spread.".
 */
export function spreadFromPrice(
  flows: PricingFlows,
  cleanPrice: number,
  benchmark: Benchmark,
  walYears: number | null,
  options: YieldOptions = {},
): AnalyticsResult<SpreadDetails> {
  if (benchmarkAt(benchmark, walYears) === null) return fail(CANT_COMPUTE_SPREAD);
  const y = yieldFromPrice(flows, cleanPrice, options);
  if (!y.IsSuccessful) return y;
  return spreadFromYield(y.Value, benchmark, walYears);
}

/**
 * Clean price at benchmark + spread (the Price tab's "Spread and Benchmark Rate" input).
 * "Can't compute Spread." when the benchmark cannot be read; yield failures pass through.
 */
export function priceFromSpread(
  flows: PricingFlows,
  spread: number,
  benchmark: Benchmark,
  walYears: number | null,
  options: YieldOptions = {},
): AnalyticsResult<SpreadDetails> {
  const rate = benchmarkAt(benchmark, walYears);
  if (rate === null || !Number.isFinite(spread)) return fail(CANT_COMPUTE_SPREAD);
  const p = priceFromYield(flows, rate + spread, options);
  if (!p.IsSuccessful) return p;
  return succeed(p.Value, { yieldRate: rate + spread, benchmarkRate: rate });
}
