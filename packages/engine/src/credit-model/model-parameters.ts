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
  highLtvStart: number;
  highLtvMultiplier: number;
  refiCreditSlopePer100: number;
  turnoverCpr: number;
  turnoverSeasoningMonths: number;
  lockIn: number;
  equityFloor: number;
  equitySlope: number;
  /** January..December. */
  seasonality: readonly number[];
  /** AFT only (issue 34 #2): HPA drives turnover and cash-out refinancing. */
  aftHpaTurnoverPerPoint: number;
  aftCashOutCprPerPointHpa: number;
  aftCashOutEquityLtv: number;
  aftCashOutFullEquityPts: number;
  /** LDM 2.2 / AFT roll logit: intercept and mark-to-market CLTV slopes (below / extra above 100%). */
  dqIntercept: number;
  dqMtmLtvSlope: number;
  dqNegativeEquitySlope: number;
  /** LDM 3.0 roll logit (it also reads unemployment). */
  dq3Intercept: number;
  dq3MtmLtvSlope: number;
  dq3NegativeEquitySlope: number;
  dqCreditScorePer50: number;
  dqDtiPer10: number;
  dqUnemploymentPerPoint: number;
  unemploymentBase: number;
  dqSatoPerPoint: number;
  dqSeasoningMonths: number;
  /** Monthly 60+ → 180+ (default event) share. */
  seriousMonthly: number;
  /** Monthly 60+ → current share with equity, and its fall with MTMCLTV above 80%. */
  cureMonthly: number;
  cureEquitySlope: number;
  cureEquityFloor: number;
  timelineMonths: number;
  defaultMonthsAfterLastPaid: number;
  saleCostPctOfValue: number;
  holdingCostAnnualPctOfUpb: number;
  reoDiscount: number;
  miClaimPaidShare: number;
  localHpiVolAnnual: number;
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
  highLtvStart: raw.refinance.highLtvStart.value,
  highLtvMultiplier: raw.refinance.highLtvMultiplier.value,
  refiCreditSlopePer100: raw.refinance.creditSlopePer100.value,
  turnoverCpr: raw.turnover.baseCpr.value,
  turnoverSeasoningMonths: raw.turnover.seasoningMonths.value,
  lockIn: raw.turnover.lockIn.value,
  equityFloor: raw.turnover.equityFloor.value,
  equitySlope: raw.turnover.equitySlope.value,
  seasonality: Object.freeze([...raw.turnover.seasonality.value]),
  aftHpaTurnoverPerPoint: raw.aft.hpaTurnoverPerPoint.value,
  aftCashOutCprPerPointHpa: raw.aft.cashOutCprPerPointHpa.value,
  aftCashOutEquityLtv: raw.aft.cashOutEquityLtv.value,
  aftCashOutFullEquityPts: raw.aft.cashOutFullEquityPts.value,
  dqIntercept: raw.delinquency.intercept.value,
  dqMtmLtvSlope: raw.delinquency.mtmLtvSlope.value,
  dqNegativeEquitySlope: raw.delinquency.negativeEquitySlope.value,
  dq3Intercept: raw.delinquency.ldm3Intercept.value,
  dq3MtmLtvSlope: raw.delinquency.ldm3MtmLtvSlope.value,
  dq3NegativeEquitySlope: raw.delinquency.ldm3NegativeEquitySlope.value,
  dqCreditScorePer50: raw.delinquency.creditScorePer50.value,
  dqDtiPer10: raw.delinquency.dtiPer10.value,
  dqUnemploymentPerPoint: raw.delinquency.unemploymentPerPoint.value,
  unemploymentBase: raw.delinquency.unemploymentBase.value,
  dqSatoPerPoint: raw.delinquency.satoPerPoint.value,
  dqSeasoningMonths: raw.delinquency.seasoningMonths.value,
  seriousMonthly: raw.delinquency.seriousMonthly.value,
  cureMonthly: raw.delinquency.cureMonthly.value,
  cureEquitySlope: raw.delinquency.cureEquitySlope.value,
  cureEquityFloor: raw.delinquency.cureEquityFloor.value,
  timelineMonths: raw.severity.timelineMonths.value,
  defaultMonthsAfterLastPaid: raw.severity.defaultMonthsAfterLastPaid.value,
  saleCostPctOfValue: raw.severity.saleCostPctOfValue.value,
  holdingCostAnnualPctOfUpb: raw.severity.holdingCostAnnualPctOfUpb.value,
  reoDiscount: raw.severity.reoDiscount.value,
  miClaimPaidShare: raw.severity.miClaimPaidShare.value,
  localHpiVolAnnual: raw.severity.localHpiVolAnnual.value,
  mortgageSpreadToTsy10: raw.rates.mortgageSpreadToTsy10.value,
  mortgage15SpreadTo30: raw.rates.mortgage15SpreadTo30.value,
  mortgage15SlopeBeta: raw.rates.mortgage15SlopeBeta.value,
  cprCap: raw.cprCap.value,
});
