import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CreditModelInputs } from './economic-paths.ts';
import { buildEconomicPaths, validateCreditModelInputs } from './economic-paths.ts';
import {
  annualToMonthly, cureShare, delinquencyBaseLogit, delinquencyRoll, liquidationLagMonths, localHpiRatio, lossSeverity, markToMarketLtv, refinanceCpr,
  refinanceIncentivePct, rollCoefficients, totalCpr, turnoverCpr,
} from './model-components.ts';
import { emptyModelTape, sliceModelTape } from './model-loan-tape.ts';
import type { ModelLoanTape } from './model-loan-tape.ts';
import { CREDIT_MODEL_PARAMETERS as P } from './model-parameters.ts';
import { addCreditModelSums, creditModelVectors, runCreditModel } from './run-credit-model.ts';

const ldm = (over: Partial<CreditModelInputs> = {}): CreditModelInputs => ({
  model: 'LDM', homePriceGrowth: 0.03, tsy2Year: 0.04, tsy10Year: 0.043, mtg15Year: null, mtg30Year: null, unemployment: null,
  tuneCpr: 1, tuneCdr: 1, tuneSeverity: 1, useMortgageInsurance: false, startCalendarMonth: 1, ...over,
});

/** A small deterministic tape: scores, LTVs and rates spread over typical ranges. */
function tape(n = 40, rate = 0.065, ltv0 = 0.6): ModelLoanTape {
  const t = emptyModelTape(n);
  for (let i = 0; i < n; i++) {
    t.balance[i] = 250_000 + 5_000 * i;
    t.noteRate[i] = rate + 0.00025 * (i % 8);
    t.remainingTerm[i] = 340 - (i % 5);
    t.age[i] = 20 + (i % 5);
    t.originalTerm[i] = 360;
    t.creditScore[i] = 680 + (i * 7) % 140;
    t.dtiPct[i] = 25 + (i % 20);
    t.propertyValue[i] = (t.balance[i] as number) / (ltv0 + 0.01 * (i % 35));
    t.miCoverage[i] = i % 3 === 0 ? 0.25 : 0;
  }
  return t;
}

const total = (a: Float64Array) => a.reduce((s, x) => s + x, 0);

describe('runCreditModel', () => {
  it('matches the exact component functions for one loan (the lookup tables are < 0.1% off)', () => {
    const t = tape(1, 0.07, 0.9);
    t.delinquentShare[0] = 0.2;
    t.miCoverage[0] = 0.12;
    t.otherLienBalance[0] = 20_000;
    t.hpiBeta[0] = 1.5;
    t.valueNoise[0] = -1;
    const inputs = ldm({ mtg30Year: 0.065, homePriceGrowth: -0.4, useMortgageInsurance: true });
    const months = 36;
    const paths = buildEconomicPaths(inputs, months, P);
    const sums = runCreditModel(t, inputs, months);
    const k = rollCoefficients('LDM', P);
    const lag = liquidationLagMonths(P);
    const value0 = t.propertyValue[0] as number;
    const local = (m: number) => localHpiRatio(Math.log(paths.hpiRatio[Math.min(m, months - 1)] as number), 1.5, -1, m / 12, P);
    // Reference: the same month step written with the exact functions.
    let C = 0.8 * (t.balance[0] as number), D = 0.2 * (t.balance[0] as number), face = t.balance[0] as number, cum = 0;
    const c = (t.noteRate[0] as number) / 12;
    let prepaidRef = 0, eventLossRef = 0, eventsRef = 0, liquidatedRef = 0;
    for (let m = 0; m < months; m++) {
      const age = (t.age[0] as number) + m + 1, rem = (t.remainingTerm[0] as number) - m;
      const mtg = paths.mtg30[m] as number;
      const ltv = markToMarketLtv(face, value0, local(m));
      const cltv = markToMarketLtv(face + 20_000, value0, local(m));
      const events = D * P.seriousMonthly, cured = D * cureShare(cltv, P);
      eventsRef += events;
      if (m + lag < months) liquidatedRef += events;
      eventLossRef += events * lossSeverity(face, 0.07, value0 * local(m + lag), 0.12, true, 1, P);
      const toD = C * delinquencyRoll(delinquencyBaseLogit(t.creditScore[0] as number, t.dtiPct[0] as number, 0, P), cltv, 0, age, k, P);
      const stay = C - toD;
      const share = c / (Math.pow(1 + c, rem) - 1);
      const sched = stay * share;
      face *= 1 - share;
      const inc = refinanceIncentivePct(0.07, mtg);
      const cpr = totalCpr(refinanceCpr(inc, cum, age, t.creditScore[0] as number, ltv, P), turnoverCpr(0.07, mtg, age, paths.calendarMonth[m] as number, ltv, P), 1, P);
      cum += Math.max(0, inc);
      const prepay = (stay - sched) * annualToMonthly(cpr);
      prepaidRef += prepay;
      C = stay - sched - prepay + cured;
      D = D - events - cured + toD;
    }
    expect(eventLossRef).toBeGreaterThan(0);
    expect(total(sums.prepaid) / prepaidRef).toBeCloseTo(1, 3);
    expect(total(sums.defaultEvents) / eventsRef).toBeCloseTo(1, 3);
    expect(total(sums.defaults) / liquidatedRef).toBeCloseTo(1, 3);
    expect(total(sums.defaultEventLosses) / eventLossRef).toBeCloseTo(1, 3);
    // The end balance holds the defaulted loans not yet liquidated.
    expect((sums.end[months - 1] as number) / (C + D + eventsRef - liquidatedRef)).toBeCloseTo(1, 4);
  });

  it('a default liquidates a timeline later: no liquidation in the first months of a clean tape', () => {
    const s = runCreditModel(tape(), ldm({ homePriceGrowth: -0.2 }), 60);
    const lag = liquidationLagMonths(P);
    expect(total(s.defaults.subarray(0, lag + 1))).toBe(0);
    expect(total(s.defaultEvents.subarray(0, 12))).toBeGreaterThan(0);
    expect(total(s.defaults)).toBeLessThan(total(s.defaultEvents));
  });

  it('conserves the balance every month: begin − end = scheduled + prepaid + liquidated', () => {
    const s = runCreditModel(tape(), ldm({ homePriceGrowth: -0.15 }), 360);
    for (let m = 0; m < 360; m++) {
      const flow = (s.scheduled[m] as number) + (s.prepaid[m] as number) + (s.defaults[m] as number);
      expect(Math.abs((s.begin[m] as number) - (s.end[m] as number) - flow)).toBeLessThan(1e-6 * Math.max(1, s.begin[m] as number));
    }
    // Scheduled balances are gone at maturity; only a sliver of the 60+ pipeline is still being liquidated.
    expect(s.end[359]).toBeLessThan(1e-5 * (s.begin[0] as number));
  });

  it('lower mortgage rates → faster prepayment; an HPI shock → more defaults and higher severity', () => {
    const t = tape(40, 0.065, 0.85);
    const v = (i: CreditModelInputs) => creditModelVectors(runCreditModel(t, i, 120));
    const low = runCreditModel(t, ldm({ mtg30Year: 0.05 }), 60);
    const high = runCreditModel(t, ldm({ mtg30Year: 0.075 }), 60);
    expect(total(low.prepaid)).toBeGreaterThan(total(high.prepaid) * 1.5);
    const base = runCreditModel(t, ldm({ homePriceGrowth: 0.03 }), 120);
    const shock = runCreditModel(t, ldm({ homePriceGrowth: -0.2 }), 120);
    expect(total(shock.defaults)).toBeGreaterThan(total(base.defaults) * 1.2);
    expect(total(shock.losses) / total(shock.defaults)).toBeGreaterThan(total(base.losses) / total(base.defaults));
    expect(v(ldm({ homePriceGrowth: -0.2 })).severity[36]).toBeGreaterThan((v(ldm()).severity[36] as number) + 0.1);
  });

  // Over a path burnout can reverse it (a deeper rally burns the pool out sooner), so monotonicity
  // in the incentive is a property of the month the rate changes: the first projection month.
  it('property: a lower mortgage rate never slows the first month; vectors stay in bounds', () => {
    const t = tape(12);
    fc.assert(fc.property(fc.double({ min: 0.02, max: 0.09, noNaN: true }), fc.double({ min: 0.001, max: 0.03, noNaN: true }), fc.double({ min: -0.3, max: 0.15, noNaN: true }),
      (mtg, cut, hpa) => {
        const a = runCreditModel(t, ldm({ mtg30Year: mtg, homePriceGrowth: hpa }), 36);
        const b = runCreditModel(t, ldm({ mtg30Year: mtg - cut, homePriceGrowth: hpa }), 36);
        const v = creditModelVectors(b);
        const inBounds = [v.cpr, v.cdr, v.severity, v.delinquency].every((x) => x.every((y) => y >= 0 && y <= 1)) && v.cpr.every((y) => y <= P.cprCap + 1e-9);
        return inBounds && (b.prepaid[0] as number) >= (a.prepaid[0] as number) - 1e-6;
      }), { numRuns: 40 });
  });

  it('property: a steeper home-price fall never lowers defaults', () => {
    const t = tape(10);
    fc.assert(fc.property(fc.double({ min: -0.3, max: 0.1, noNaN: true }), fc.double({ min: 0.01, max: 0.2, noNaN: true }), (g, drop) => {
      const a = runCreditModel(t, ldm({ homePriceGrowth: g }), 60);
      const b = runCreditModel(t, ldm({ homePriceGrowth: g - drop }), 60);
      return total(b.defaults) >= total(a.defaults) - 1e-6 && total(b.losses) >= total(a.losses) - 1e-6;
    }), { numRuns: 40 });
  });

  it('LDM 3.0 reads unemployment, LDM 2.2 does not; tunes scale their component', () => {
    const t = tape();
    const calm = runCreditModel(t, ldm({ model: 'LDM_3', unemployment: 0.04 }), 60);
    const stress = runCreditModel(t, ldm({ model: 'LDM_3', unemployment: 0.09 }), 60);
    expect(total(stress.defaults)).toBeGreaterThan(total(calm.defaults) * 1.5);
    const ldm22 = runCreditModel(t, ldm({ unemployment: 0.09 }), 60);
    const ldm22calm = runCreditModel(t, ldm({ unemployment: 0.04 }), 60);
    expect(total(ldm22.defaults)).toBe(total(ldm22calm.defaults));
    const tuned = runCreditModel(t, ldm({ tuneCpr: 0.5 }), 12);
    expect(total(tuned.prepaid)).toBeLessThan(total(runCreditModel(t, ldm(), 12).prepaid) * 0.6);
    const sev2 = creditModelVectors(runCreditModel(t, ldm({ tuneSeverity: 2, homePriceGrowth: -0.2 }), 60));
    const sev1 = creditModelVectors(runCreditModel(t, ldm({ homePriceGrowth: -0.2 }), 60));
    expect(sev2.severity[40]).toBeCloseTo(Math.min(1, 2 * (sev1.severity[40] as number)), 1);
  });

  it('mortgage insurance lowers losses of insured loans', () => {
    const t = tape();
    const without = runCreditModel(t, ldm({ homePriceGrowth: -0.1 }), 60);
    const withMi = runCreditModel(t, ldm({ homePriceGrowth: -0.1, useMortgageInsurance: true }), 60);
    expect(total(withMi.losses)).toBeLessThan(total(without.losses));
    expect(total(withMi.defaults)).toBeCloseTo(total(without.defaults), 6);
  });

  it('vectors: the CDR is the default events on the performing balance, severity theirs (the engine liquidates them after its own lag)', () => {
    const s = runCreditModel(tape(), ldm({ homePriceGrowth: -0.15 }), 120);
    const v = creditModelVectors(s);
    let pipeline = 0, rebuilt = 0;
    for (let t = 0; t < 120; t++) {
      const performing = (s.begin[t] as number) - pipeline;
      rebuilt += performing * (1 - Math.pow(1 - (v.cdr[t] as number), 1 / 12));
      pipeline += (s.defaultEvents[t] as number) - (s.defaults[t] as number);
      if ((s.defaultEvents[t] as number) > 0) expect(v.severity[t]).toBeCloseTo((s.defaultEventLosses[t] as number) / (s.defaultEvents[t] as number), 12);
    }
    expect(rebuilt / total(s.defaultEvents)).toBeCloseTo(1, 6);
    expect(v.cdr[3]).toBeGreaterThan(0); // defaults start before the first liquidation
  });

  it('halves of a tape add up to the whole (the two-worker split)', () => {
    const t = tape(30);
    const whole = runCreditModel(t, ldm(), 48);
    const sum = addCreditModelSums(runCreditModel(sliceModelTape(t, 0, 13), ldm(), 48), runCreditModel(sliceModelTape(t, 13, 30), ldm(), 48));
    for (let m = 0; m < 48; m++) expect(sum.prepaid[m]).toBeCloseTo(whole.prepaid[m] as number, 6);
  });
});

describe('validateCreditModelInputs', () => {
  it('names what each input set needs', () => {
    expect(validateCreditModelInputs(ldm())).toEqual([]);
    expect(validateCreditModelInputs(ldm({ homePriceGrowth: null, tsy10Year: null }))).toEqual([{ path: 'model', message: 'Missing required: HPI, 10Yr TSY' }]);
    expect(validateCreditModelInputs(ldm({ tsy10Year: null, mtg30Year: 0.065 }))).toEqual([]);
    expect(validateCreditModelInputs(ldm({ model: 'LDM_3' }))).toEqual([{ path: 'model', message: 'Missing required: Unemployment' }]);
    expect(validateCreditModelInputs(ldm({ model: 'AFT', homePriceGrowth: null, tsy10Year: null }))).toEqual([{ path: 'model', message: 'Missing required: HPA, 30Yr MTG' }]);
    expect(validateCreditModelInputs(ldm({ mtg30Year: [0.06, 0.5] }))).toEqual([{ path: 'model', message: 'Missing valid: 30Yr MTG' }]);
    expect(validateCreditModelInputs(ldm({ tuneCdr: -1 }))).toEqual([{ path: 'model', message: 'Missing valid: Tune CDR' }]);
  });

  it('builds the 15y path from the 30y and the curve slope; AFT ignores Treasuries', () => {
    const p = buildEconomicPaths(ldm({ tsy2Year: 0.03, tsy10Year: 0.04 }), 2, P);
    expect(p.mtg30[0]).toBeCloseTo(0.04 + P.mortgageSpreadToTsy10, 12);
    expect(p.mtg15[0]).toBeCloseTo(0.0575 - (P.mortgage15SpreadTo30 + P.mortgage15SlopeBeta * 0.01), 12);
    expect(p.hpiRatio[1]).toBeCloseTo(1 + 0.03 / 12, 12);
    const aft = buildEconomicPaths(ldm({ model: 'AFT', mtg30Year: 0.07, mtg15Year: 0.062 }), 1, P);
    expect([aft.mtg30[0], aft.mtg15[0]]).toEqual([0.07, 0.062]);
  });
});
