import raw from './credit-model-parameters.json' with { type: 'json' };

/** Flat numbers of the versioned parameter file (credit-model-parameters.json: value + reason each). */
export interface CreditModelParameters {
  version: string;
  refiMaxCpr: number;
  refiCenterPct: number;
  refiWidthPct: number;
  burnout: number;
  refiRampMonths: number;
  highLtvThreshold: number;
  highLtvMultiplier: number;
  refiCreditSlopePer100: number;
  turnoverCpr: number;
  turnoverSeasoningMonths: number;
  lockIn: number;
  equityFloor: number;
  equitySlope: number;
  /** January..December. */
  seasonality: readonly number[];
  dqIntercept: number;
  dqMtmLtvSlope: number;
  dqCreditScorePer50: number;
  dqDtiPer10: number;
  dqUnemploymentPerPoint: number;
  unemploymentBase: number;
  dqSatoPerPoint: number;
  dqSeasoningMonths: number;
  cureAnnual: number;
  liquidationAnnual: number;
  timelineMonths: number;
  saleCostPctOfValue: number;
  holdingCostAnnualPctOfUpb: number;
  reoDiscount: number;
  mortgageSpreadToTsy10: number;
  mortgage15SpreadTo30: number;
  mortgage15SlopeBeta: number;
  cprCap: number;
}

/** The parameters of the shipped version (the file's values; the reasons stay in the file). */
export const CREDIT_MODEL_PARAMETERS: CreditModelParameters = Object.freeze({
  version: raw.version,
  refiMaxCpr: raw.refinance.maxCpr.value,
  refiCenterPct: raw.refinance.centerPct.value,
  refiWidthPct: raw.refinance.widthPct.value,
  burnout: raw.refinance.burnout.value,
  refiRampMonths: raw.refinance.rampMonths.value,
  highLtvThreshold: raw.refinance.highLtvThreshold.value,
  highLtvMultiplier: raw.refinance.highLtvMultiplier.value,
  refiCreditSlopePer100: raw.refinance.creditSlopePer100.value,
  turnoverCpr: raw.turnover.baseCpr.value,
  turnoverSeasoningMonths: raw.turnover.seasoningMonths.value,
  lockIn: raw.turnover.lockIn.value,
  equityFloor: raw.turnover.equityFloor.value,
  equitySlope: raw.turnover.equitySlope.value,
  seasonality: Object.freeze([...raw.turnover.seasonality.value]),
  dqIntercept: raw.delinquency.intercept.value,
  dqMtmLtvSlope: raw.delinquency.mtmLtvSlope.value,
  dqCreditScorePer50: raw.delinquency.creditScorePer50.value,
  dqDtiPer10: raw.delinquency.dtiPer10.value,
  dqUnemploymentPerPoint: raw.delinquency.unemploymentPerPoint.value,
  unemploymentBase: raw.delinquency.unemploymentBase.value,
  dqSatoPerPoint: raw.delinquency.satoPerPoint.value,
  dqSeasoningMonths: raw.delinquency.seasoningMonths.value,
  cureAnnual: raw.delinquency.cureAnnual.value,
  liquidationAnnual: raw.delinquency.liquidationAnnual.value,
  timelineMonths: raw.severity.timelineMonths.value,
  saleCostPctOfValue: raw.severity.saleCostPctOfValue.value,
  holdingCostAnnualPctOfUpb: raw.severity.holdingCostAnnualPctOfUpb.value,
  reoDiscount: raw.severity.reoDiscount.value,
  mortgageSpreadToTsy10: raw.rates.mortgageSpreadToTsy10.value,
  mortgage15SpreadTo30: raw.rates.mortgage15SpreadTo30.value,
  mortgage15SlopeBeta: raw.rates.mortgage15SlopeBeta.value,
  cprCap: raw.cprCap.value,
});
