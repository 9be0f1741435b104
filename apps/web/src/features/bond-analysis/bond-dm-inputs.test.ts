import { describe, expect, it } from 'vitest';
import { DM_REQUIRED, defaultBondInputs, dmProblem, quoteFields, tabProblem } from './bond-inputs.ts';
import { shareLink } from './share-link.ts';

describe('price tab in DM mode (issue 25 #2)', () => {
  const inputs = { ...defaultBondInputs(false), priceFrom: 'dm', dm: '150' };
  it('sends the DM in basis points, and only it', () => {
    expect(quoteFields('price', inputs)).toEqual({ DiscountMargin: 150 });
    // The yield and spread tabs never send it; the price tab out of DM mode sends yield as before.
    expect(quoteFields('yield', inputs)).toEqual({ Price: 100 });
    expect(quoteFields('price', { ...inputs, priceFrom: 'yield', yield: '5' })).toEqual({ Yield: 0.05 });
  });
  it('checks the DM as the server does: required, a number, -1,000 to 10,000 bp', () => {
    expect(tabProblem('price', inputs)).toBeNull();
    expect(tabProblem('price', { ...inputs, dm: ' ' })).toBe(DM_REQUIRED);
    expect(dmProblem('abc')).toBe('Missing valid: Discount Margin');
    expect(dmProblem('10001')).toBe('Discount Margin must be between -1,000 and 10,000 bp.');
    expect(dmProblem('-1000')).toBeNull();
    // Yield mode ignores a bad DM.
    expect(tabProblem('price', { ...inputs, priceFrom: 'yield', dm: 'abc', yield: '5' })).toBeNull();
  });
});

describe('a link to a price run from a DM', () => {
  it('carries price_from=dm and the DM only on the price tab in DM mode', () => {
    const inputs = { ...defaultBondInputs(false), priceFrom: 'dm', dm: '150' };
    const run = { dealName: 'STACR 2026-DNA1', bondName: 'M-2', settlement: 20260217, inputs };
    const q = new URL(shareLink('http://x', { ...run, tab: 'price' })).searchParams;
    expect([q.get('price_from'), q.get('dm')]).toEqual(['dm', '150']);
    expect(new URL(shareLink('http://x', { ...run, tab: 'yield' })).searchParams.has('dm')).toBe(false);
    expect(new URL(shareLink('http://x', { ...run, tab: 'price', inputs: { ...inputs, priceFrom: 'yield' } })).searchParams.has('price_from')).toBe(false);
  });
});
