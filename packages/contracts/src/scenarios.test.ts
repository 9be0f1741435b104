import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidVectorValue, MAX_SCENARIO_PERIODS, SCENARIO_INDEX_CURVE_MESSAGE, ScenarioInputSchema, ScenarioSaveRequestSchema, scenarioIssues } from './scenarios.ts';

const ok = { ScenarioName: 'A', Cpr: [5], Cdr: [0.5], LossSeverity: [25], Delinquency: [0] };

describe('scenario validation (spec 000 §5)', () => {
  it('accepts a named scenario with four non-empty percent vectors', () => {
    expect(scenarioIssues(ok)).toEqual([]);
  });

  it('names the problems in spec order and wording', () => {
    expect(scenarioIssues({ ScenarioName: ' ', Cpr: [], Cdr: [NaN], LossSeverity: [100.01], Delinquency: ['1'] })).toEqual([
      "Scenario name mustn't be empty", 'CPR vector is empty.', 'CDR vector contains incorrect values.',
      'Severity vector contains incorrect values.', 'Delinquency vector contains incorrect values.',
    ]);
    expect(scenarioIssues({ ...ok, Cpr: Array(MAX_SCENARIO_PERIODS + 1).fill(1) })).toEqual(['CPR vector contains incorrect values.']);
  });

  it('bounds: CPR/CDR in [0,100), severity/delinquency in [0,100], finite numbers only', () => {
    expect([0, 99.999, 100, -0.0001].map((v) => isValidVectorValue('Cpr', v))).toEqual([true, true, false, false]);
    expect([100, 100.0001].map((v) => isValidVectorValue('LossSeverity', v))).toEqual([true, false]);
    expect([Infinity, null, '5'].map((v) => isValidVectorValue('Delinquency', v))).toEqual([false, false, false]);
    fc.assert(fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (v) => isValidVectorValue('Delinquency', v)));
    fc.assert(fc.property(fc.double({ min: 0, max: 100, noNaN: true, maxExcluded: true }), (v) => isValidVectorValue('Cdr', v)));
  });

  it('the request schema trims names, maps blank deal/vendor to null and lets vector values through for the check', () => {
    const parsed = ScenarioInputSchema.parse({ ScenarioName: ' X ', DealName: '  ', Vendor: ' V ', Cpr: [1, 'a'], Cdr: null });
    expect(parsed).toEqual({ ScenarioName: 'X', DealName: null, Vendor: 'V', Cpr: [1, 'a'], Cdr: [], LossSeverity: [], Delinquency: [], Shared: false });
    expect(ScenarioSaveRequestSchema.safeParse({ Scenarios: [], SaveMode: 'skip' }).error?.issues[0]?.message).toBe('Empty or incorrect scenario.');
    expect(ScenarioSaveRequestSchema.safeParse({ Scenarios: [ok], SaveMode: 'merge' }).success).toBe(false);
  });
});

describe('a scenario index curve (issue 25 #1)', () => {
  const ok = { ScenarioName: 'C', Cpr: [10], Cdr: [1], LossSeverity: [25], Delinquency: [0] };
  it('is optional; when given, 480 months at most, each from -5 % to 25 %', () => {
    expect(scenarioIssues(ok)).toEqual([]);
    expect(scenarioIssues({ ...ok, IndexCurve: [-5, 4, 25] })).toEqual([]);
    expect(scenarioIssues({ ...ok, IndexCurve: [26] })).toEqual([SCENARIO_INDEX_CURVE_MESSAGE]);
    expect(scenarioIssues({ ...ok, IndexCurve: ['4'] })).toEqual([SCENARIO_INDEX_CURVE_MESSAGE]);
    expect(scenarioIssues({ ...ok, IndexCurve: Array.from({ length: 481 }, () => 4) })).toEqual([SCENARIO_INDEX_CURVE_MESSAGE]);
  });
});
