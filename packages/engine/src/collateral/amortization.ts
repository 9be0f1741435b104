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
  if (c < 1e-10) return 1 - k / term; // straight-line limit; avoids 0/0 for tiny rates
  const qN = Math.pow(1 + c, term);
  return (qN - Math.pow(1 + c, k)) / (qN - 1);
}
