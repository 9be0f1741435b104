import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMacroCsv } from '@opencrt/engine';
import type { Vintage } from '@opencrt/contracts';
import { loadConfig } from '../../config.ts';
import { firstPaymentPeriod, generatePopulation } from './gse-generator.ts';
import { fitPopulation } from './population-fit.ts';
import { cohortRuns, cohortsOf, modelCurves, addSums, type CohortLoan } from './vintage-model.ts';
import { creditModelTask } from '../credit-models/credit-model.tasks.ts';

const macro = parseMacroCsv(readFileSync(path.join(loadConfig().repoRoot, 'data/macro/us-macro-monthly-2004-2021.csv'), 'utf8'));

/** The generator's 2006 loans (attributes drawn from its seed) as the store would hold them. */
function generatedVintage(loansPerYear: number): CohortLoan[] {
  return generatePopulation({ years: [2006], loansPerYear, months: 48, seed: 11 }).map((l) => ({
    FirstPaymentYm: firstPaymentPeriod(l), OriginalUpb: l.originalUpb, OriginalRate: l.rate, OriginalTerm: l.term,
    CreditScore: l.creditScore, Dti: l.dti, Ltv: l.ltv, Cltv: l.cltv, MiPct: l.miPct, State: l.state,
  }));
}

/** "Actual" curves the model itself draws with known factors (90+ is not modelled: 0). */
function actualWith(loans: CohortLoan[], tunes: { TuneCpr: number; TuneCdr: number; TuneSeverity: number }, months: number): Vintage['Months'] {
  const cohorts = cohortsOf(loans, macro);
  const sums = addSums(cohortRuns(cohorts, 'LDM_3', tunes, months, macro).map(creditModelTask))!;
  const original = loans.reduce((s, l) => s + l.OriginalUpb, 0);
  return modelCurves(sums, original).Months.map((m) => ({ ...m, Dq90PlusPct: 0 }));
}

describe('fitPopulation', () => {
  it('recovers known CPR, CDR and severity multipliers from a generated population within 3 %', () => {
    const loans = generatedVintage(1200);
    const known = { TuneCpr: 0.7, TuneCdr: 1.8, TuneSeverity: 1.25 };
    const actual = actualWith(loans, known, 48);
    expect(actual.at(-1)!.CumulativeDefaultPct).toBeGreaterThan(0.5); // 2006 loans into the crisis: defaults to fit on
    const fit = fitPopulation([{ Vintage: '2006', cohorts: cohortsOf(loans, macro), actual }], 'LDM_3', macro);
    expect(Math.abs(fit.TuneCpr / known.TuneCpr - 1)).toBeLessThan(0.03);
    expect(Math.abs(fit.TuneCdr / known.TuneCdr - 1)).toBeLessThan(0.03);
    expect(Math.abs(fit.TuneSeverity / known.TuneSeverity - 1)).toBeLessThan(0.03);
    expect(fit.Error.Objective).toBeLessThan(fit.UntunedError.Objective / 100);
    expect(fit.Vintages[0]!.Months).toBe(48);
  }, 120_000);

  it('refuses AFT (it runs untuned) and a vintage the macro path does not cover', () => {
    const loans = generatedVintage(50);
    const actual = actualWith(loans, { TuneCpr: 1, TuneCdr: 1, TuneSeverity: 1 }, 12);
    expect(() => fitPopulation([{ Vintage: '2006', cohorts: cohortsOf(loans, macro), actual }], 'AFT', macro)).toThrow(/AFT runs untuned/);
    const late = loans.map((l) => ({ ...l, FirstPaymentYm: 202303 }));
    expect(() => fitPopulation([{ Vintage: '2023', cohorts: cohortsOf(late, macro), actual }], 'LDM', macro)).toThrow(/macro path \(2004-01 to 2021-12\)/);
  });
});
