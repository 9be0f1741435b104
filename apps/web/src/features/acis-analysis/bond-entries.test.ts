import { describe, expect, it } from 'vitest';
import { allBondsRuns, NO_BOND_ENTRY, qualifies, withPortfolioDefaults } from './bond-entries.ts';

const bonds = [
  { StacrBondName: 'M-1H', AcisBondName: 'M-1', OriginalBalance: 80_902_499.68, CurrentBalance: 0, Factor: 0, Premium: 1 },
  { StacrBondName: 'M-2AH', AcisBondName: 'M-2A', OriginalBalance: 66_412_499.73, CurrentBalance: 10e6, Factor: 0.15, Premium: 2.5 },
  { StacrBondName: 'M-2BH', AcisBondName: 'M-2B', OriginalBalance: 66_412_499.73, CurrentBalance: 66e6, Factor: 0.99, Premium: 4 },
];

describe('ACIS bond entries', () => {
  it('skips bonds with an empty amount, strips separators and sends the margin as a fraction', () => {
    const out = allBondsRuns(bonds, { 'M-1': { owned: ' ', margin: '20' }, 'M-2A': { owned: '2,500,000', margin: '15' }, 'M-2B': { owned: '750000.5', margin: '0' } });
    // 15 % → 0.15; a 0 % margin is a run (the ROI is then "Can't compute Yield."), not a skip.
    expect(out).toEqual({ runs: [{ bond: 'M-2A', OwnedFaceAmt: 2_500_000, Margin: 0.15 }, { bond: 'M-2B', OwnedFaceAmt: 750_000.5, Margin: 0 }] });
  });

  it('says the spec message when no bond has an amount, and names the bond of a bad entry', () => {
    expect(allBondsRuns(bonds, {})).toEqual({ problem: NO_BOND_ENTRY });
    expect(allBondsRuns(bonds, { 'M-2A': { owned: '1,000', margin: '' }, 'M-2B': { owned: '-5', margin: '101' } })).toEqual({
      problem: 'M-2A: Missing required: Margin\nM-2B: Owned Face Amt ($) must be above 0 and at most 1,000,000,000,000; Margin (%) must be from 0 to 100',
    });
  });

  it('fills the portfolio defaults (original balance, margin 20) into blank cells only', () => {
    const filled = withPortfolioDefaults(bonds, { 'M-2A': { owned: '1,000,000', margin: '' } });
    expect(filled).toEqual({
      'M-1': { owned: '80902499.68', margin: '20' },
      'M-2A': { owned: '1,000,000', margin: '20' },
      'M-2B': { owned: '66412499.73', margin: '20' },
    });
  });

  it('counts a portfolio entry only with amount and margin above 0', () => {
    expect(qualifies({ owned: '1,000', margin: '20' })).toBe(true);
    expect(qualifies({ owned: '1,000', margin: '0' })).toBe(false);
    expect(qualifies({ owned: '', margin: '20' })).toBe(false);
    expect(qualifies({ owned: 'abc', margin: '20' })).toBe(false);
  });
});
