/**
 * Quoting conventions between the monthly rate i of the price–yield equation and a quoted
 * annual yield (fractions, not percent):
 * - `bondEquivalent` (default): y = 2[(1+i)^6 − 1], the corporate-bond-equivalent yield the
 *   STACR PPM yield tables quote (semi-annual compounding of the monthly rate);
 * - `mortgage`: y = 12i, the mortgage yield.
 */
export type YieldConvention = 'bondEquivalent' | 'mortgage';

/** Annual quoted yield of monthly rate `i`. */
export function quoteMonthlyRate(i: number, convention: YieldConvention): number {
  return convention === 'mortgage' ? 12 * i : 2 * ((1 + i) ** 6 - 1);
}

/**
 * Monthly rate of quoted yield `y`; NaN when the yield is below the convention's domain
 * (bond-equivalent needs y > −2, i.e. 1 + y/2 > 0; mortgage has no bound but i ≤ −1 is useless).
 */
export function monthlyRateOfYield(y: number, convention: YieldConvention): number {
  if (convention === 'mortgage') return y / 12;
  const base = 1 + y / 2;
  return base > 0 ? base ** (1 / 6) - 1 : Number.NaN;
}
