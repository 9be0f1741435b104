import { describe, expect, it } from 'vitest';
import { formatRatePct, parseAmount, percentGrid, settingsBody, settingsProblems } from './reinsurance-settings.ts';

describe('reinsurance settings', () => {
  it('strips thousands separators and sends percents as fractions', () => {
    expect(parseAmount('1,250,000.5')).toBe(1_250_000.5);
    expect(parseAmount('12a')).toBeNull();
    expect(settingsBody({ initialLimit: '2,000,000', collateral: '20', interestRate: '1.5' })).toEqual({ OwnedFaceAmt: 2_000_000, Margin: 0.2, InterestRate: 0.015 });
  });
  it('names blank and invalid settings with the spec messages', () => {
    expect(settingsProblems({ initialLimit: '', collateral: '150', interestRate: '0' })).toBe('Missing required: Initial Limit\nCollateral (%) must be from 0 to 100');
    // Letters are not a number (the spec's words); numbers out of range get the unit and range (issue 23 #4).
    expect(settingsProblems({ initialLimit: 'abc', collateral: '-3', interestRate: '9900' })).toBe(
      'Missing valid: Initial Limit\nCollateral (%) must be from 0 to 100\nInterest Rate (%) must be from 0 to 100');
    expect(settingsProblems({ initialLimit: '1e20', collateral: '20', interestRate: '0' })).toBe('Missing valid: Initial Limit');
    expect(settingsProblems({ initialLimit: '-5', collateral: '20', interestRate: '0' })).toBe('Initial Limit ($) must be above 0 and at most 1,000,000,000,000');
    expect(settingsProblems({ initialLimit: '2,000,000,000,000', collateral: '20', interestRate: '0' })).toBe('Initial Limit ($) must be above 0 and at most 1,000,000,000,000');
    expect(settingsProblems({ initialLimit: '1,000', collateral: '0', interestRate: '0' })).toBeNull();
  });
  it('formats rates and grids as percents', () => {
    expect(formatRatePct(0.13456)).toBe('13.46%');
    expect(formatRatePct(null)).toBe('-----');
    expect(percentGrid([[0.1, null]])).toEqual([[10, null]]);
  });
});
