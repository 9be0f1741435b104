import { describe, expect, it } from 'vitest';
import { creditModelInputs, DEFAULT_MODEL_STATE, modelInputProblems, modelRequestFields, modelsForRoles, offeredModels, showsMortgageInsurance } from './credit-models.ts';

describe('credit models', () => {
  it('shows the spec 001 §2.4 inputs per model', () => {
    expect(creditModelInputs('None')).toEqual(['cpr', 'cdr', 'lossSeverity', 'delinquency']);
    expect(creditModelInputs('None', true)).toEqual(['cpr']);
    expect(creditModelInputs('LDM')).toEqual(['hpi', 'twoYrTsy', 'tenYrTsy', 'tuneCpr', 'tuneCdr', 'tuneSeverity', 'mtg15', 'mtg30']);
    expect(creditModelInputs('LDM_3')).toContain('unemployment');
    expect(creditModelInputs('LDM')).not.toContain('unemployment');
    expect(creditModelInputs('AFT')).toEqual(['hpa', 'mtg15', 'mtg30']);
  });

  it('offers models by role: LDM 2.2/3.0 to LDM users, AFT to AFT users, only None otherwise', () => {
    expect(modelsForRoles(['User'])).toEqual(['None']);
    expect(modelsForRoles(['LDM_User', 'AFT_User'])).toEqual(['None', 'LDM', 'LDM_3', 'AFT']);
    expect(offeredModels(['LDM_User'])).toEqual(['None', 'LDM', 'LDM_3']);
    expect(offeredModels(['AFT_User'])).toEqual(['None', 'AFT']);
    expect(offeredModels(['User', 'Admin'])).toEqual(['None']);
    expect(showsMortgageInsurance('None')).toBe(false);
    expect(showsMortgageInsurance('AFT')).toBe(true);
  });

  it('turns the typed inputs into request fractions (one value flat, a list per period) and checks them', () => {
    const state = { ...DEFAULT_MODEL_STATE, model: 'LDM_3' as const, hpi: '3', twoYrTsy: '3.6', tenYrTsy: '4.2', unemployment: '4.5,5,6', tuneCdr: '1.5', useMortgageInsurance: true };
    expect(modelRequestFields(state)).toEqual({
      PrepaymentModel: 'LDM_3', UseMortgageInsurance: true, Hpi: [0, 0.03], Tsy2Year: [0, 0.036], Tsy10Year: [0, 0.042],
      NationalUnemploymentForecast: [0, 0.045, 0.05, 0.06], TuneCpr: 1, TuneCdr: 1.5, TuneSeverity: 1,
    });
    expect(modelRequestFields({ ...state, model: 'AFT', hpa: '2', mtg30: '6.5' })).toEqual({ PrepaymentModel: 'AFT', UseMortgageInsurance: true, Hpa: [0, 0.02], Mtg30Year: [0, 0.065] });
    expect(modelRequestFields(DEFAULT_MODEL_STATE)).toEqual({ PrepaymentModel: 'UserDefined', UseMortgageInsurance: false });
    expect(modelInputProblems({ ...state, hpi: 'x', tuneCpr: '0' })).toBe('Missing valid: HPI, Tune CPR');
    expect(modelInputProblems(state)).toBeNull();
  });
});
