import { describe, expect, it } from 'vitest';
import { expandRamp, inputProblems, rampTitle, toRequestRate, defaultInputs } from './analysis-inputs.ts';

describe('vendor ramp syntax in the rate inputs (issue 18 #16)', () => {
  it('expands "5 12R 10" and "6 11S 8" with the CLI parser, in percent', () => {
    const ramp = expandRamp('5 12R 10')!;
    expect(ramp).toHaveLength(13);
    expect(ramp[0]).toBe(5);
    expect(ramp[12]).toBe(10);
    expect(ramp[6]).toBeCloseTo(7.5, 10);
    expect(expandRamp('6 11S 8')).toEqual([...Array(12).fill(6), 8]);
    expect(expandRamp('5 6 7')).toEqual([5, 6, 7]);
  });

  it('sends the expanded vector as request fractions with the leading period-0 element', () => {
    const rate = toRequestRate('6 2S 8', true) as number[];
    expect(rate).toEqual([0, 0.06, 0.06, 0.06, 0.08]);
    // Plain lists and vector names are unchanged.
    expect(toRequestRate('10', true)).toEqual([0, 0.1]);
    expect(toRequestRate('MyVector', true)).toBe('MyVector');
  });

  it('refuses broken ramps like any bad input, and checks the expanded values against the range', () => {
    for (const bad of ['5 12R', '12R 10', '5 x', '5,,7', '1e3 2', '5 3Q 6']) expect(toRequestRate(bad, false), bad).toBeNull();
    expect(inputProblems({ ...defaultInputs(false), cpr: '5 12R' }, false)).toBe('Missing valid: CPR');
    expect(inputProblems({ ...defaultInputs(false), cpr: '5 12R 150' }, false)).toBe('CPR (%) must be from 0 to 99.9999');
    expect(inputProblems({ ...defaultInputs(false), cpr: '5 12R 10' }, false)).toBeNull();
  });

  it('shows the expanded vector on hover, and nothing for plain values', () => {
    expect(rampTitle('6 2S 8')).toBe('4 periods (the last extends to maturity): 6, 6, 6, 8');
    expect(rampTitle('5 12R 10')).toContain('5, 5.4167, 5.8333');
    expect(rampTitle('10')).toBeUndefined();
    expect(rampTitle('10,11')).toBeUndefined();
  });
});
