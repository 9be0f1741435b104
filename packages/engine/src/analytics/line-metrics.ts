/**
 * Line metrics of a reinsurance layer (crt-domain §5.2, market definition of rate on line).
 * For an amortizing limit the exposure is measured in limit-years LY = Σ_t Limit(t−1)/12.
 */

/** One monthly period of a layer: the limit remaining after it, premium and insurer-paid loss, dollars. */
export interface LinePeriod {
  period: number;
  /** Remaining limit at the end of the period, Limit(t). */
  limit: number;
  premium: number;
  insurerPaidLoss: number;
}

/** Line metrics; rates are annual fractions, `...Pct` fields percent (0–100). Null when LY is 0. */
export interface LineMetrics {
  limitYears: number;
  rateOnLine: number | null;
  lossOnLine: number | null;
  /** RateOnLine − LossOnLine (also called return on line). */
  marginOnLine: number | null;
  /** Σ insurer-paid loss / initial limit × 100; null when the initial limit is not positive. */
  cumulativeLossPct: number | null;
  /** First period with an insurer-paid loss > 0; null when none. */
  firstLossPeriod: number | null;
}

/**
 * LY = Σ Limit(t−1)/12 with Limit(0) = `initialLimit`; RateOnLine = ΣPremium/LY;
 * LossOnLine = ΣInsurerPaidLoss/LY; MarginOnLine = RateOnLine − LossOnLine.
 * @param initialLimit limit at the start of period 1, dollars
 * @param periods monthly periods in order
 */
export function lineMetrics(initialLimit: number, periods: readonly LinePeriod[]): LineMetrics {
  let limitYears = 0;
  let previous = initialLimit;
  let premium = 0;
  let loss = 0;
  let firstLoss: number | null = null;
  for (const p of periods) {
    limitYears += previous / 12;
    previous = p.limit;
    premium += p.premium;
    loss += p.insurerPaidLoss;
    if (firstLoss === null && p.insurerPaidLoss > 0) firstLoss = p.period;
  }
  const hasExposure = limitYears > 0;
  const rateOnLine = hasExposure ? premium / limitYears : null;
  const lossOnLine = hasExposure ? loss / limitYears : null;
  return {
    limitYears,
    rateOnLine,
    lossOnLine,
    marginOnLine: rateOnLine !== null && lossOnLine !== null ? rateOnLine - lossOnLine : null,
    cumulativeLossPct: initialLimit > 0 ? (100 * loss) / initialLimit : null,
    firstLossPeriod: firstLoss,
  };
}
