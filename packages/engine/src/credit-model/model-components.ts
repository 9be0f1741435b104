/**
 * The components of the open credit model, one small pure function each (crt-domain.md §8).
 * Units: rates are annual fractions, incentives percentage points, MTMLTV a ratio (0.8 = 80%).
 * The loan loop (run-credit-model.ts) calls these same functions, so their tests pin the model.
 */
import type { CreditModelParameters } from './model-parameters.ts';

/** Logistic function 1 / (1 + e^-x). */
export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Annual rate → monthly (CPR → SMM, CDR → MDR): 1 − (1 − r)^(1/12). */
export function annualToMonthly(rate: number): number {
  return 1 - Math.pow(1 - Math.min(Math.max(rate, 0), 0.999999), 1 / 12);
}

/** Refinance incentive in percentage points: note rate minus the market mortgage rate. */
export function refinanceIncentivePct(noteRate: number, mortgageRate: number): number {
  return (noteRate - mortgageRate) * 100;
}

/** The refinance S-curve before burnout and multipliers: Rmax / (1 + e^(−(incentive − c)/w)). */
export function refinanceSCurve(incentivePct: number, p: CreditModelParameters): number {
  return p.refiMaxCpr * logistic((incentivePct - p.refiCenterPct) / p.refiWidthPct);
}

/** Burnout multiplier of a loan that has spent `cumulativeItmPct` point-months in the money. */
export function burnoutFactor(cumulativeItmPct: number, p: CreditModelParameters): number {
  return Math.exp(-p.burnout * cumulativeItmPct);
}

/** Equity multiplier of the refinance response: 1 up to highLtvStart, linearly down to the underwater multiplier at the threshold. */
export function refinanceEquityFactor(mtmLtv: number, p: CreditModelParameters): number {
  if (mtmLtv <= p.highLtvStart) return 1;
  if (mtmLtv >= p.highLtvThreshold) return p.highLtvMultiplier;
  return 1 - ((1 - p.highLtvMultiplier) * (mtmLtv - p.highLtvStart)) / (p.highLtvThreshold - p.highLtvStart);
}

/** Credit multiplier of the refinance response: score slope (bounded) × the equity factor. */
export function refinanceCreditFactor(creditScore: number, mtmLtv: number, p: CreditModelParameters): number {
  const score = Math.min(1.3, Math.max(0.5, 1 + (p.refiCreditSlopePer100 * (creditScore - 740)) / 100));
  return score * refinanceEquityFactor(mtmLtv, p);
}

/** Refinance CPR of one loan-month (annual fraction). */
export function refinanceCpr(incentivePct: number, cumulativeItmPct: number, ageMonths: number, creditScore: number, mtmLtv: number, p: CreditModelParameters): number {
  const ramp = Math.min(1, ageMonths / p.refiRampMonths);
  return refinanceSCurve(incentivePct, p) * burnoutFactor(cumulativeItmPct, p) * ramp * refinanceCreditFactor(creditScore, mtmLtv, p);
}

/** Equity multiplier of turnover: 1 up to 80% MTMLTV, then down by the slope to the floor. */
export function equityFactor(mtmLtv: number, p: CreditModelParameters): number {
  return Math.max(p.equityFloor, Math.min(1, 1 - p.equitySlope * (mtmLtv - 0.8)));
}

/**
 * Turnover CPR of one loan-month: base × seasoning ramp × calendar seasonality × lock-in
 * (e^(−λ·max(0, market − note) in points)) × equity.
 * @param calendarMonth 1 = January
 */
export function turnoverCpr(noteRate: number, mortgageRate: number, ageMonths: number, calendarMonth: number, mtmLtv: number, p: CreditModelParameters): number {
  const ramp = Math.min(1, ageMonths / p.turnoverSeasoningMonths);
  const season = p.seasonality[(calendarMonth - 1) % 12] ?? 1;
  const lockIn = Math.exp(-p.lockIn * Math.max(0, (mortgageRate - noteRate) * 100));
  return p.turnoverCpr * ramp * season * lockIn * equityFactor(mtmLtv, p);
}

/** Total annual prepayment rate: tune × (refinance + turnover), capped. */
export function totalCpr(refi: number, turnover: number, tuneCpr: number, p: CreditModelParameters): number {
  return Math.min(p.cprCap, tuneCpr * (refi + turnover));
}

/** Mark-to-market LTV: UPB over the original value grown by the HPI ratio since. */
export function markToMarketLtv(upb: number, propertyValue: number, hpiRatio: number): number {
  const value = propertyValue * hpiRatio;
  return value > 0 ? upb / value : 10;
}

/**
 * The loan's fixed part of the delinquency logit (everything but the intercept, MTMCLTV and
 * unemployment): score, DTI and SATO terms. SATO in fraction (0.0025 = 25 bp).
 */
export function delinquencyBaseLogit(creditScore: number, dtiPct: number, sato: number, p: CreditModelParameters): number {
  return (p.dqCreditScorePer50 * (creditScore - 740)) / 50
    + (p.dqDtiPer10 * (dtiPct - 36)) / 10
    + p.dqSatoPerPoint * sato * 100;
}

/** The roll logit's model-specific coefficients: LDM 2.2 and AFT share one set, LDM 3.0 adds unemployment. */
export interface RollCoefficients {
  intercept: number;
  /** Per 1.00 of MTMCLTV, centred on 0.8. */
  slope: number;
  /** Extra slope per 1.00 of MTMCLTV above 1.0 (negative equity). */
  negativeEquitySlope: number;
  /** Per point of unemployment above the base (0 unless LDM 3.0). */
  unemploymentPerPoint: number;
}

/** Roll coefficients of a model: LDM 3.0 reads unemployment, LDM 2.2 and AFT do not (their HPI term carries the recession). */
export function rollCoefficients(model: 'LDM' | 'LDM_3' | 'AFT', p: CreditModelParameters): RollCoefficients {
  return model === 'LDM_3'
    ? { intercept: p.dq3Intercept, slope: p.dq3MtmLtvSlope, negativeEquitySlope: p.dq3NegativeEquitySlope, unemploymentPerPoint: p.dqUnemploymentPerPoint }
    : { intercept: p.dqIntercept, slope: p.dqMtmLtvSlope, negativeEquitySlope: p.dqNegativeEquitySlope, unemploymentPerPoint: 0 };
}

/** The roll logit's equity part: slope·(MTMCLTV − 0.8) + negative-equity slope·max(0, MTMCLTV − 1). */
export function equityLogit(mtmCltv: number, k: RollCoefficients): number {
  return k.slope * (mtmCltv - 0.8) + (mtmCltv > 1 ? k.negativeEquitySlope * (mtmCltv - 1) : 0);
}

/**
 * Monthly probability that a current loan rolls to 60+ days delinquent:
 * logistic(intercept + equity(MTMCLTV) + score, DTI, SATO terms + γ·ΔUnemployment) × seasoning ramp.
 * @param unemploymentDeltaPct national unemployment minus the base, in points (ignored unless the coefficients read it)
 */
export function delinquencyRoll(baseLogit: number, mtmCltv: number, unemploymentDeltaPct: number, ageMonths: number, k: RollCoefficients, p: CreditModelParameters): number {
  const ramp = Math.min(1, ageMonths / p.dqSeasoningMonths);
  return logistic(k.intercept + baseLogit + equityLogit(mtmCltv, k) + k.unemploymentPerPoint * unemploymentDeltaPct) * ramp;
}

/** Monthly share of 60+ loans that cure: the base share × an equity multiplier (1 at ≤ 80% MTMCLTV, down to the floor). */
export function cureShare(mtmCltv: number, p: CreditModelParameters): number {
  return p.cureMonthly * Math.max(p.cureEquityFloor, Math.min(1, 1 - p.cureEquitySlope * (mtmCltv - 0.8)));
}

/** Months from the default event (180 days delinquent) to liquidation: the timeline less the 6 months to default. */
export function liquidationLagMonths(p: CreditModelParameters): number {
  return Math.max(0, Math.round(p.timelineMonths - p.defaultMonthsAfterLastPaid));
}

/**
 * A home's value relative to its value at the run's start: the national index ratio raised to the
 * region's beta, times the home's own drift (its value-noise score × volatility × √years).
 * @param logHpi ln of the national HPI ratio since the start
 */
export function localHpiRatio(logHpi: number, hpiBeta: number, valueNoise: number, years: number, p: CreditModelParameters): number {
  return Math.exp(hpiBeta * logHpi + p.localHpiVolAnnual * valueNoise * Math.sqrt(Math.max(0, years)));
}

/**
 * Loss severity of a liquidation, fraction of UPB: (UPB + accrued interest + costs − net sale
 * proceeds − MI claim) / UPB, clamped to [0, 1], then tuned (capped at 1). Interest and holding
 * costs accrue over the timeline (last paid installment to disposition); the MI claim is coverage ×
 * (UPB + accrued interest + costs) × the share of claims paid, when mortgage insurance is used
 * (crt-domain.md §1.4).
 */
export function lossSeverity(
  upb: number, noteRate: number, currentValue: number, miCoverage: number, useMortgageInsurance: boolean, tuneSeverity: number, p: CreditModelParameters,
): number {
  if (upb <= 0) return 0;
  const years = p.timelineMonths / 12;
  const accrued = upb * noteRate * years;
  const costs = p.saleCostPctOfValue * currentValue + p.holdingCostAnnualPctOfUpb * upb * years;
  const proceeds = currentValue * (1 - p.reoDiscount);
  const claim = useMortgageInsurance ? miCoverage * p.miClaimPaidShare * (upb + accrued + costs) : 0;
  const sev = Math.min(1, Math.max(0, (upb + accrued + costs - proceeds - claim) / upb));
  return Math.min(1, sev * tuneSeverity);
}
