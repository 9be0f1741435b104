/**
 * Public surface of the OpenCRT cashflow engine. Pure: no I/O, no clock, no randomness.
 * Callers pass deal specs, scenarios and dates; the engine returns results.
 */
export * from './deal/deal-spec.ts';
export { validateDeal } from './deal/validate-deal.ts';
export { cashFlowWaterfall, referenceWaterfall } from './deal/waterfall-kind.ts';
export { applyBondOverrides } from './deal/bond-overrides.ts';
export type { BondOverride } from './deal/bond-overrides.ts';
export type { ValidationIssue } from './deal/validate-deal.ts';

export { cprToSmm, smmToCpr, cdrToMdr, mdrToCdr } from './rates/rate-conversions.ts';
export { psaCpr, sdaCdr } from './rates/standard-curves.ts';
export { expandVector, valueAt } from './rates/vector.ts';
export type { RateInput } from './rates/vector.ts';
export { looksLikeCurvePreset, parseCurvePreset, parseRampVector } from './rates/ramp-syntax.ts';
export { cdrFromLossTiming, lossTimingProblem, MAX_LOSS_TIMING_YEARS } from './rates/loss-timing.ts';
export { absToSmm, absSmmVector } from './rates/abs-speed.ts';
export type { RampParseResult, StandardCurve } from './rates/ramp-syntax.ts';

export type { CollateralFlows, CollateralLine, CollateralScenario, SpeedInput } from './collateral/collateral-types.ts';
export { projectRepLines } from './collateral/project-rep-lines.ts';
export { projectLoans, sortLoansByRemainingTerm } from './collateral/project-loans.ts';
export type { LoanTape } from './collateral/project-loans.ts';
export { scheduledBalanceFactor } from './collateral/amortization.ts';

export { aggregatePoolPeriods } from './waterfall/pool-periods.ts';
export type { PoolPeriod } from './waterfall/pool-periods.ts';
export { runReferenceWaterfall } from './waterfall/reference-waterfall.ts';
export type { TestResults, WaterfallOptions, WaterfallPeriod, WaterfallResult } from './waterfall/reference-waterfall.ts';

export { runDeal, startingLines } from './simulate/run-deal.ts';
export type { CollateralProjector, DealRun, DealScenario } from './simulate/run-deal.ts';
export { simulate, responseOf, runRequest, prerunProblems, prerunCollateral } from './simulate/simulate.ts';
export { runFromSettlement, lastPaymentDateOnOrBefore } from './simulate/run-from-settlement.ts';
export { userCollateralFlows, userCollateralProblems, USER_COLLATERAL_LISTS } from './collateral/user-collateral.ts';
export type { UserCollateralRows } from './collateral/user-collateral.ts';
export { stateAfter } from './simulate/deal-state.ts';
export { hasIndexCurve, indexRateOf, requestToScenario, requestVectorToRate, validateSimulationRequest } from './simulate/request-scenario.ts';
export { monthlyCollateralRows, paymentDateCollateralRows, cutRows, BALANCE_CUTOFF } from './simulate/collateral-rows.ts';
export { bondRows, floaterCoupon } from './simulate/bond-cashflows.ts';
export { bondMetrics } from './simulate/bond-metrics.ts';
export type { BondMetrics } from './simulate/bond-metrics.ts';
export { addMonthsOnDay, daysBetween, firstAccrualStart, isoToYmd, ymdToIso } from './simulate/deal-dates.ts';
export type * from './simulate/simulation-types.ts';
export { aggregatesApply, projectFromAggregates, scheduleAggregatesOfLines, scheduleAggregatesOfLoans } from './collateral/schedule-aggregates.ts';
export type { ScheduleAggregates } from './collateral/schedule-aggregates.ts';
export { runBondMatrix, MATRIX_CPR_PCT, MATRIX_CDR_PCT } from './simulate/bond-matrix.ts';
export type { BondMatrix, BondMatrixOptions, CellFollowUp, CellMetric } from './simulate/bond-matrix.ts';
export { runBreakevens } from './simulate/breakeven-cdr.ts';
export { triggerTimeline } from './simulate/trigger-timeline.ts';
export type { TriggerTimeline, TriggerTestName } from './simulate/trigger-timeline.ts';
export type { BreakevenMode, BreakevenOptions, BreakevenResult, ClassBreakeven } from './simulate/breakeven-cdr.ts';
export type { AnyDealRun, BondRows } from './simulate/bond-cashflows.ts';
export { runCashDeal, groupCollections, sumFlows } from './simulate/run-cash-deal.ts';
export type { CashDealRun } from './simulate/run-cash-deal.ts';
export { runAnyDeal } from './simulate/run-any-deal.ts';
export type * from './cash-waterfall/cash-waterfall-types.ts';
export { pacSchedule, collateralPrincipal } from './cash-waterfall/pac-schedule.ts';
export { pricingCashflows } from './simulate/pricing-cashflows.ts';
export type { AccrualDayCount, PricingCashflows } from './simulate/pricing-cashflows.ts';
export * from './reinsurance/index.ts';
export { analyzeBond, priceYieldMetric, settlementOf } from './simulate/bond-analysis.ts';
export type { BondRunResult } from './simulate/bond-analysis.ts';

// Pure analytics (price ↔ yield, DM, spread, WAL helpers, IRR, line metrics, matrix runner).
export * from './analytics/index.ts';
// Bond-level quote of one simulated bond (Price, Yield, Spread, DM, WAL, window, write-down) over the analytics solvers.
export * from './pricing/index.ts';
// Open loan-level credit model: economic inputs → per-loan prepayment, default, severity, delinquency → pool vectors.
export * from './credit-model/index.ts';
// Stochastic economic paths (issue 35): a fitted model of HPA, rates and unemployment, seeded per path.
export * from './stochastic/index.ts';
// Mulberry32, for callers that make reproducible data (generators, property tests).
export { seededRandom } from './seeded-random.ts';
// Cash conservation of a run (issue 23 #2): what property tests and callers check.
export { conservationProblems } from './simulate/conservation.ts';
