import { describe, expect, it } from 'vitest';
import type { CreditModelInputs } from './economic-paths.ts';
import { emptyModelTape, repLineTapeOf } from './model-loan-tape.ts';
import { runCreditModel } from './run-credit-model.ts';
import { seededRandom } from '../seeded-random.ts';

const inputs: CreditModelInputs = {
  model: 'LDM', homePriceGrowth: -0.05, tsy2Year: 0.04, tsy10Year: 0.043, mtg15Year: null, mtg30Year: 0.065, unemployment: null,
  tuneCpr: 1, tuneCdr: 1, tuneSeverity: 1, useMortgageInsurance: false, startCalendarMonth: 1,
};

/** Loans of one rate and term whose scores and LTVs spread (or not) around 740 and 80 %. */
function tape(spread: number) {
  const n = 20;
  const t = emptyModelTape(n);
  for (let i = 0; i < n; i++) {
    const z = (i - (n - 1) / 2) / ((n - 1) / 2); // −1 … 1
    t.balance[i] = 200_000;
    t.noteRate[i] = 0.065;
    t.remainingTerm[i] = 348;
    t.age[i] = 12;
    t.originalTerm[i] = 360;
    t.creditScore[i] = 740 - 60 * spread * z;
    t.dtiPct[i] = 36;
    t.propertyValue[i] = 200_000 / (0.8 + 0.15 * spread * z);
  }
  return t;
}
const line = [{ balance: 4_000_000, grossRate: 0.065, remainingTerm: 348, age: 12 }];
const sum = (a: Float64Array) => a.reduce((s, x) => s + x, 0);

describe('repLineTapeOf', () => {
  it('carries the tape\'s balance-weighted averages on the deal\'s lines, without home-level noise', () => {
    const t = tape(1);
    t.valueNoise.fill(1.5);
    t.hpiBeta.fill(1.2);
    const rep = repLineTapeOf(t, line);
    expect(rep.count).toBe(1);
    expect(rep.balance[0]).toBe(4_000_000);
    expect(rep.creditScore[0]).toBeCloseTo(740, 9);
    expect(rep.hpiBeta[0]).toBeCloseTo(1.2, 12);
    expect(rep.valueNoise[0]).toBe(0);
    // Balance-weighted MTMLTV of the tape (equal balances: the mean LTV, 80 %).
    expect((rep.balance[0] as number) / (rep.propertyValue[0] as number)).toBeCloseTo(0.8, 9);
  });

  it('equals the loan-level run on a tape without dispersion, and defaults less than a dispersed one (convexity)', () => {
    const flat = runCreditModel(tape(0), inputs, 60);
    const flatRep = runCreditModel(repLineTapeOf(tape(0), line), inputs, 60);
    expect(sum(flatRep.defaultEvents)).toBeCloseTo(sum(flat.defaultEvents), 2);
    expect(sum(flatRep.prepaid)).toBeCloseTo(sum(flat.prepaid), 2);
    const dispersed = runCreditModel(tape(1), inputs, 60);
    const rep = runCreditModel(repLineTapeOf(tape(1), line), inputs, 60);
    expect(sum(dispersed.defaultEvents)).toBeGreaterThan(sum(rep.defaultEvents) * 1.2);
  });
});

describe('loan level vs rep line on a dispersed tape in benign scenarios (issue 34 #3)', () => {
  /** 2,000 loans, LTV uniform on 60-97 %, FICO uniform on 620-800, DTI 25-45 (seeded; one rate and term). */
  function generatedTape() {
    const n = 2000;
    const t = emptyModelTape(n);
    const u = seededRandom(34);
    for (let i = 0; i < n; i++) {
      const ltv = 0.6 + 0.37 * u();
      t.balance[i] = 250_000;
      t.noteRate[i] = 0.065;
      t.remainingTerm[i] = 348;
      t.age[i] = 12;
      t.originalTerm[i] = 360;
      t.creditScore[i] = 620 + 180 * u();
      t.dtiPct[i] = 25 + 20 * u();
      t.propertyValue[i] = 250_000 / ltv;
      t.hpiBeta[i] = 1;
    }
    return t;
  }
  const lines = [{ balance: 500_000_000, grossRate: 0.065, remainingTerm: 348, age: 12 }];
  for (const [name, hpa] of [['home prices +4 % a year', 0.04], ['home prices flat', 0]] as const) {
    for (const model of ['LDM', 'LDM_3', 'AFT'] as const) {
      it(`${model}, ${name}: loan-level default exceeds the rep line's by more than a third over 10 years`, () => {
        const benign = { ...inputs, model, homePriceGrowth: hpa, unemployment: 0.04 };
        const loanLevel = sum(runCreditModel(generatedTape(), benign, 120).defaultEvents);
        const repLine = sum(runCreditModel(repLineTapeOf(generatedTape(), lines), benign, 120).defaultEvents);
        expect(repLine).toBeGreaterThan(0);
        expect(loanLevel / repLine).toBeGreaterThan(1.33);
      });
    }
  }
});
