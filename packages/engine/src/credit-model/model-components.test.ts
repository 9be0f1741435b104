import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  burnoutFactor, cureShare, delinquencyBaseLogit, delinquencyRoll, equityFactor, equityLogit, liquidationLagMonths, localHpiRatio, lossSeverity,
  markToMarketLtv, refinanceCpr, refinanceEquityFactor, refinanceSCurve, rollCoefficients, turnoverCpr,
} from './model-components.ts';
import { CREDIT_MODEL_PARAMETERS as P } from './model-parameters.ts';

describe('credit model components (hand-computed cases)', () => {
  it('refinance S-curve: half the plateau at the centre, 90% at centre + w·ln 9', () => {
    expect(refinanceSCurve(P.refiCenterPct, P)).toBeCloseTo(P.refiMaxCpr / 2, 12);
    expect(refinanceSCurve(P.refiCenterPct + P.refiWidthPct * Math.log(9), P)).toBeCloseTo(0.9 * P.refiMaxCpr, 12);
    // 0.55 / (1 + e^(−(1.5 − 0.6)/0.3)) = 0.55 / (1 + e^−3) = 0.52381…
    expect(refinanceSCurve(1.5, P)).toBeCloseTo(0.55 / (1 + Math.exp(-3)), 12);
  });

  it('burnout: e^(−0.02 × 50) after 50 point-months in the money', () => {
    expect(burnoutFactor(50, P)).toBeCloseTo(Math.exp(-1), 12);
    expect(burnoutFactor(0, P)).toBe(1);
  });

  it('refinance CPR: ramp over the first year and the underwater cut', () => {
    const fresh = refinanceCpr(1.5, 0, 6, 740, 0.7, P);
    const seasoned = refinanceCpr(1.5, 0, 24, 740, 0.7, P);
    expect(fresh).toBeCloseTo(seasoned / 2, 12);
    expect(refinanceCpr(1.5, 0, 24, 740, 1.0, P)).toBeCloseTo(seasoned * P.highLtvMultiplier, 12);
  });

  it('turnover: 7% × age ramp 15/30 × June 1.2 = 4.2% in the money, less when locked in', () => {
    expect(turnoverCpr(0.06, 0.055, 15, 6, 0.7, P)).toBeCloseTo(0.07 * 0.5 * 1.2, 12);
    // market 2 points above the note: × e^(−0.6)
    expect(turnoverCpr(0.04, 0.06, 60, 6, 0.7, P)).toBeCloseTo(0.07 * 1.2 * Math.exp(-0.6), 12);
    expect(equityFactor(0.9, P)).toBeCloseTo(0.8, 12);
    expect(equityFactor(2, P)).toBe(P.equityFloor);
  });

  it('mark-to-market LTV: 80 owed on a 100 house after a 20% fall = 100%', () => {
    expect(markToMarketLtv(80, 100, 0.8)).toBeCloseTo(1, 12);
  });

  it('refinance equity factor: 1 up to 80% MTMLTV, linear to the underwater multiplier at 95%', () => {
    expect(refinanceEquityFactor(0.8, P)).toBe(1);
    expect(refinanceEquityFactor(0.875, P)).toBeCloseTo((1 + P.highLtvMultiplier) / 2, 12);
    expect(refinanceEquityFactor(1.2, P)).toBe(P.highLtvMultiplier);
  });

  it('delinquency roll: logistic(intercept) a month for the reference loan, ramped over the seasoning months', () => {
    const k = rollCoefficients('LDM', P);
    const base = delinquencyBaseLogit(740, 36, 0, P);
    expect(base).toBe(0);
    expect(delinquencyRoll(base, 0.8, 0, 24, k, P)).toBeCloseTo(1 / (1 + Math.exp(-P.dqIntercept)), 12);
    expect(delinquencyRoll(base, 0.8, 0, P.dqSeasoningMonths / 2, k, P)).toBeCloseTo(0.5 / (1 + Math.exp(-P.dqIntercept)), 12);
    // 660 score: logit +1.28 (−0.8 per 50 points above 740)
    expect(delinquencyRoll(delinquencyBaseLogit(660, 36, 0, P), 0.8, 0, 24, k, P)).toBeCloseTo(1 / (1 + Math.exp(-P.dqIntercept - 1.28)), 12);
  });

  it('equity term: linear below 100% MTMCLTV, the negative-equity slope added above', () => {
    const k = { intercept: -8, slope: 2, negativeEquitySlope: 7.5, unemploymentPerPoint: 0 };
    expect(equityLogit(0.8, k)).toBe(0);
    expect(equityLogit(1.0, k)).toBeCloseTo(0.4, 12);
    // 1.2: 2 × 0.4 + 7.5 × 0.2 = 2.3
    expect(equityLogit(1.2, k)).toBeCloseTo(2.3, 12);
  });

  it('LDM 3.0 reads unemployment, LDM 2.2 and AFT share one unemployment-free set', () => {
    expect(rollCoefficients('LDM', P).unemploymentPerPoint).toBe(0);
    expect(rollCoefficients('AFT', P)).toEqual(rollCoefficients('LDM', P));
    const k3 = rollCoefficients('LDM_3', P);
    expect(k3.unemploymentPerPoint).toBe(P.dqUnemploymentPerPoint);
    const base = delinquencyBaseLogit(740, 36, 0, P);
    const calm = delinquencyRoll(base, 0.8, 0, 24, k3, P);
    const stress = delinquencyRoll(base, 0.8, 5, 24, k3, P);
    expect(Math.log(stress / (1 - stress)) - Math.log(calm / (1 - calm))).toBeCloseTo(5 * P.dqUnemploymentPerPoint, 9);
  });

  it('cure share: full with equity, falling above 80% MTMCLTV to the floor', () => {
    expect(cureShare(0.6, P)).toBe(P.cureMonthly);
    expect(cureShare(0.9, P)).toBeCloseTo(P.cureMonthly * (1 - P.cureEquitySlope * 0.1), 12);
    expect(cureShare(3, P)).toBe(P.cureMonthly * P.cureEquityFloor);
  });

  it('timeline: liquidation 14 months after the 180-day default for a 20-month last-paid-to-disposition timeline', () => {
    expect(liquidationLagMonths({ ...P, timelineMonths: 20, defaultMonthsAfterLastPaid: 6 })).toBe(14);
  });

  it('local home value: index^beta × the home drift', () => {
    expect(localHpiRatio(Math.log(0.8), 1, 0, 3, P)).toBeCloseTo(0.8, 12);
    expect(localHpiRatio(Math.log(0.8), 2.5, 0, 3, P)).toBeCloseTo(0.8 ** 2.5, 12);
    expect(localHpiRatio(0, 1, -1, 4, P)).toBeCloseTo(Math.exp(-2 * P.localHpiVolAnnual), 12);
  });

  it('severity: hand-computed at 20 months, 8% sale costs, 2.5%/yr holding, 12% REO discount; MI claims reduce it', () => {
    const p = { ...P, timelineMonths: 20, saleCostPctOfValue: 0.08, holdingCostAnnualPctOfUpb: 0.025, reoDiscount: 0.12, miClaimPaidShare: 0.78 };
    // 100 owed on a 100 house: 100 + 10 accrued (6% × 20/12) + 8 sale + 4.1667 holding − 88 proceeds = 34.1667
    expect(lossSeverity(100, 0.06, 100, 0, false, 1, p)).toBeCloseTo(0.341667, 6);
    // 25% cover, 78% of claims paid: claim 0.25 × 0.78 × 122.1667 = 23.8225 → 10.3442%
    expect(lossSeverity(100, 0.06, 100, 0.25, true, 1, p)).toBeCloseTo(0.103442, 6);
    expect(lossSeverity(100, 0.06, 100, 0.25, false, 1, p)).toBeCloseTo(0.341667, 6);
    expect(lossSeverity(100, 0.06, 150, 0, false, 1, p)).toBe(0);
    // underwater: 100 owed on a 70 house: 100 + 10 + 5.6 + 4.1667 − 61.6 = 58.1667
    expect(lossSeverity(100, 0.06, 70, 0, false, 1, p)).toBeCloseTo(0.581667, 6);
    expect(lossSeverity(100, 0.06, 100, 0, false, 2, p)).toBeCloseTo(0.683333, 6);
    expect(lossSeverity(100, 0.06, 10, 0, false, 5, p)).toBe(1);
  });
});

describe('credit model components (properties)', () => {
  const score = fc.integer({ min: 580, max: 850 });
  const ltv = fc.double({ min: 0.2, max: 1.5, noNaN: true });
  it('refinance CPR rises with the incentive', () => {
    fc.assert(fc.property(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: 0.01, max: 3, noNaN: true }), score, ltv, fc.integer({ min: 1, max: 360 }),
      (inc, step, s, l, age) => refinanceCpr(inc + step, 0, age, s, l, P) >= refinanceCpr(inc, 0, age, s, l, P)));
  });
  it('lower home prices → higher roll probability and higher severity', () => {
    fc.assert(fc.property(score, fc.double({ min: 50_000, max: 800_000, noNaN: true }), fc.double({ min: 0.5, max: 0.99, noNaN: true }),
      (s, upb, fall) => {
        const value = upb / 0.8;
        const base = delinquencyBaseLogit(s, 36, 0, P);
        const k = rollCoefficients('LDM_3', P);
        const rollUp = delinquencyRoll(base, markToMarketLtv(upb, value, 1), 0, 24, k, P);
        const rollDown = delinquencyRoll(base, markToMarketLtv(upb, value, fall), 0, 24, k, P);
        return rollDown > rollUp && lossSeverity(upb, 0.06, value * fall, 0, false, 1, P) >= lossSeverity(upb, 0.06, value, 0, false, 1, P);
      }));
  });
  it('every component stays in its bounds', () => {
    fc.assert(fc.property(fc.double({ min: -20, max: 20, noNaN: true }), score, ltv, fc.integer({ min: 0, max: 480 }), fc.integer({ min: 1, max: 12 }),
      (inc, s, l, age, month) => {
        const refi = refinanceCpr(inc, 0, age, s, l, P);
        const turn = turnoverCpr(0.05, 0.05 - inc / 100, age, month, l, P);
        const sev = lossSeverity(100, 0.05, 100 / l, 0.2, true, 1, P);
        return refi >= 0 && refi <= P.refiMaxCpr * 1.3 && turn >= 0 && turn <= P.turnoverCpr * 1.2 && sev >= 0 && sev <= 1;
      }));
  });
});
