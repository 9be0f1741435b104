import { describe, expect, it } from 'vitest';
import { formatRatePct, parseAmount, percentGrid, settingsBody, settingsProblems } from './reinsurance-settings.ts';

describe('reinsurance settings', () => {
  it('strips thousands separators and sends percents as fractions', () => {
    expect(parseAmount('1,250,000.5')).toBe(1_250_000.5);
    expect(parseAmount('12a')).toBeNull();
    expect(settingsBody({ initialLimit: '2,000,000', collateral: '20', interestRate: '1.5' })).toEqual({ OwnedFaceAmt: 2_000_000, Margin: 0.2, InterestRate: 0.015 });
  });
  it('names blank and invalid settings with the spec messages', () => {
    expect(settingsProblems({ initialLimit: '', collateral: '150', interestRate: '0' })).toBe('Missing required: Initial Limit\nMissing valid: Collateral');
    expect(settingsProblems({ initialLimit: '1,000', collateral: '0', interestRate: '0' })).toBeNull();
  });
  it('formats rates and grids as percents', () => {
    expect(formatRatePct(0.13456)).toBe('13.46%');
    expect(formatRatePct(null)).toBe('-----');
    expect(percentGrid([[0.1, null]])).toEqual([[10, null]]);
  });
});
