/**
 * Public surface of the pure analytics (crt-domain §5): price ↔ yield, discount margin, spread,
 * WAL and friends, IRR, line metrics and matrices. Conventions: rates, yields, spreads and DMs
 * are fractions; prices are per 100 of current face; fields ending in `Pct` are percent; money is
 * dollars; dates are ISO strings or yyyymmdd numbers. Results are unrounded.
 */
export {
  type AnalyticsFailure,
  type AnalyticsResult,
  type AnalyticsSuccess,
  CANT_COMPUTE_SPREAD,
  CANT_COMPUTE_YIELD,
  SILENT_ANALYTICS_MESSAGES,
  TOO_MANY_TRIES_SPREAD,
  TOO_MANY_TRIES_YIELD,
  TOO_NEGATIVE_YIELD,
  isSilentAnalyticsMessage,
} from './analytics-result.ts';
export { type DateInput, actualDays, days30360, months30360, years30360 } from './day-count.ts';
export { type YieldConvention, monthlyRateOfYield, quoteMonthlyRate } from './yield-conventions.ts';
export {
  type BondPeriod,
  MONTHLY_RATE_FLOOR,
  type PricingFlows,
  type SettlementTerms,
  type YieldDetails,
  type YieldOptions,
  presentValueAtMonthlyRate,
  priceFromYield,
  pricingFlowsFromPeriods,
  yieldFromPrice,
} from './price-yield.ts';
export {
  type DiscountMarginOptions,
  type FloaterDetails,
  type FloaterPeriod,
  type FloaterTerms,
  type IndexPath,
  discountMarginFromPrice,
  indexAt,
  priceFromDiscountMargin,
} from './discount-margin.ts';
export { type Benchmark, type CurvePoint, type SpreadDetails, benchmarkAt, priceFromSpread, spreadFromPrice, spreadFromYield } from './benchmark-spread.ts';
export {
  type AmortizationPeriod,
  type LifeMetrics,
  type WalOptions,
  firstLossPeriod,
  lifeMetrics,
  principalWindow,
  thirtyDayClock,
  weightedAverageLife,
  weightedAverageLifeFromDates,
  writeDownPct,
} from './life-metrics.ts';
export { type IrrAnnualization, type IrrDetails, type IrrOptions, irrMonthly, netPresentValueMonthly } from './irr.ts';
export { type LineMetrics, type LinePeriod, lineMetrics } from './line-metrics.ts';
export {
  MATRIX_NEEDS_AXES,
  type Matrix,
  type MatrixAxes,
  type MatrixIssue,
  STANDARD_MATRIX_AXES,
  mapMatrix,
  matrixValues,
  runMatrix,
  validateMatrixAxes,
} from './matrix-runner.ts';
