/**
 * Level-pay scheduled balance factor S(k) = remaining balance after k payments as a fraction
 * of the original balance (no prepayments or defaults): (q^N − q^k) / (q^N − 1), q = 1 + rate/12.
 * @param annualRate gross coupon, annual fraction
 * @param term original term in months
 * @param k payments made
 */
export function scheduledBalanceFactor(annualRate: number, term: number, k: number): number {
  if (k >= term) return 0;
  const c = annualRate / 12;
  if (c < NEGLIGIBLE_MONTHLY_RATE) return 1 - k / term; // straight line at 0 % (and denormal rates)
  if (c < SMALL_MONTHLY_RATE) {
    const l = Math.log1p(c);
    return (Math.exp(k * l) * Math.expm1((term - k) * l)) / Math.expm1(term * l);
  }
  const qN = Math.pow(1 + c, term);
  return (qN - Math.pow(1 + c, k)) / (qN - 1);
}

/**
 * Below this monthly rate q^n − 1 = (1 + c)^n − 1 loses digits to cancellation (at c = 1e-10 only
 * about six remain), so level-pay formulas take it as expm1(n · log1p(c)) instead; above it the
 * plain power is exact to ~1e-10 and cheaper.
 */
export const SMALL_MONTHLY_RATE = 1e-6;

/**
 * Below this the level payment is taken as straight-line: it differs by a relative O(c · n) <
 * 1e-12, and far smaller (denormal) rates would overflow c / ((1 + c)^n − 1).
 */
export const NEGLIGIBLE_MONTHLY_RATE = 1e-15;

/** (1 + c)^n − 1 without cancellation for small c > 0. */
export function growthMinusOne(c: number, n: number): number {
  return c < SMALL_MONTHLY_RATE ? Math.expm1(n * Math.log1p(c)) : Math.pow(1 + c, n) - 1;
}
