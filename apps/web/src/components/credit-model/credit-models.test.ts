import { describe, expect, it } from 'vitest';
import { creditModelInputs, modelsForRoles, offeredModels, showsMortgageInsurance } from './credit-models.ts';

describe('credit models', () => {
  it('shows the spec 001 §2.4 inputs per model', () => {
    expect(creditModelInputs('None')).toEqual(['cpr', 'cdr', 'lossSeverity', 'delinquency']);
    expect(creditModelInputs('None', true)).toEqual(['cpr']);
    expect(creditModelInputs('LDM')).toEqual(['hpi', 'twoYrTsy', 'tenYrTsy', 'tuneCpr', 'tuneCdr', 'tuneSeverity', 'mtg15', 'mtg30']);
    expect(creditModelInputs('LDM_3')).toContain('unemployment');
    expect(creditModelInputs('LDM')).not.toContain('unemployment');
    expect(creditModelInputs('AFT')).toEqual(['hpa', 'mtg15', 'mtg30']);
  });

  it('allows models by role, but offers only None until the models exist', () => {
    expect(modelsForRoles(['User'])).toEqual(['None']);
    expect(modelsForRoles(['LDM_User', 'AFT_User'])).toEqual(['None', 'LDM', 'LDM_3', 'AFT']);
    expect(offeredModels(['LDM_User', 'AFT_User'])).toEqual(['None']);
    expect(showsMortgageInsurance('None')).toBe(false);
    expect(showsMortgageInsurance('AFT')).toBe(true);
  });
});
