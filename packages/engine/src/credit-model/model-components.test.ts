import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  burnoutFactor, delinquencyBaseLogit, delinquencyRoll, equityFactor, lossSeverity, markToMarketLtv, refinanceCpr, refinanceSCurve, turnoverCpr,
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

  it('delinquency roll: logistic(−7) a month for the reference loan, ramped in the first year', () => {
    const base = delinquencyBaseLogit(740, 36, 0, P);
    expect(delinquencyRoll(base, 0.8, 0, 24, P)).toBeCloseTo(1 / (1 + Math.exp(7)), 12);
    expect(delinquencyRoll(base, 0.8, 0, 6, P)).toBeCloseTo(0.5 / (1 + Math.exp(7)), 12);
    // 660 score: logit +1.28
    expect(delinquencyRoll(delinquencyBaseLogit(660, 36, 0, P), 0.8, 0, 24, P)).toBeCloseTo(1 / (1 + Math.exp(7 - 1.28)), 12);
  });

  it('severity: (100 + 9 accrued + 9 sale + 2.25 holding − 90 proceeds) / 100 = 30.25%; MI claims reduce it', () => {
    expect(lossSeverity(100, 0.06, 100, 0, false, 1, P)).toBeCloseTo(0.3025, 12);
    // 25% cover: claim 30.0625 leaves 0.1875%
    expect(lossSeverity(100, 0.06, 100, 0.25, true, 1, P)).toBeCloseTo(0.001875, 12);
    expect(lossSeverity(100, 0.06, 100, 0.35, true, 1, P)).toBe(0);
    // 12% cover: claim 0.12 × 120.25 = 14.43 → 15.82%
    expect(lossSeverity(100, 0.06, 100, 0.12, true, 1, P)).toBeCloseTo(0.3025 - 0.1443, 12);
    expect(lossSeverity(100, 0.06, 100, 0.25, false, 2, P)).toBeCloseTo(0.605, 12);
    expect(lossSeverity(100, 0.06, 10, 0, false, 5, P)).toBe(1);
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
        const rollUp = delinquencyRoll(base, markToMarketLtv(upb, value, 1), 0, 24, P);
        const rollDown = delinquencyRoll(base, markToMarketLtv(upb, value, fall), 0, 24, P);
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
