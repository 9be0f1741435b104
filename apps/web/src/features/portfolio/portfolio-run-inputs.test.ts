import { describe, expect, it } from 'vitest';
import { runInputIssues } from './portfolio-model.ts';

// Issue 23 sweep: /portfolio's Analyze sent letters in Interest Rate (%) as 0 and an emptied
// settlement date as 0; both are refused before the run, named as the screen labels them.
describe('portfolio run inputs', () => {
  it('accepts the screen defaults', () => {
    expect(runInputIssues('2026-11-27', '0', 'Reinsurance')).toEqual([]);
    expect(runInputIssues('2026-11-27', '-0.5', 'Bonds')).toEqual([]);
  });

  it('refuses letters, huge and negative rates with the label, unit and range', () => {
    expect(runInputIssues('2026-11-27', 'abc', 'Reinsurance')).toEqual(['Interest Rate (%) must be a number']);
    expect(runInputIssues('2026-11-27', '1e20', 'Reinsurance')).toEqual(['Interest Rate (%) must be a number']);
    expect(runInputIssues('2026-11-27', '-1', 'Reinsurance')).toEqual(['Interest Rate (%) must be from 0 to 100']);
    expect(runInputIssues('2026-11-27', '500', 'Bonds')).toEqual(['Index (%) must be from -10 to 100']);
    expect(runInputIssues('2026-11-27', ' ', 'Bonds')).toEqual(['Missing required: Index']);
  });

  it('refuses an empty or out-of-range settlement date', () => {
    expect(runInputIssues('', '0', 'Reinsurance')).toEqual(['Missing required: Settlement Date']);
    expect(runInputIssues('9999-12-31', '0', 'Reinsurance')).toEqual(['Settlement Date must be from 01/01/1900 to 12/31/2100']);
  });
});
