import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { defaultBondInputs, defaultBondName, formatMetric, tabFromQuery, loadBondInputs, saveBondInputs, quoteFields, scenarioProblem, tabProblem, matrixProblem } from './bond-inputs.ts';
import { shareLink } from './share-link.ts';
import { formatMatrixCell } from '../../components/matrix-grid/matrix-grid.tsx';

describe('bond analysis inputs', () => {
  const inputs = defaultBondInputs(false);

  it('starts from the spec 001 §9 defaults', () => {
    expect([inputs.price, inputs.yield, inputs.spread, inputs.benchmark]).toEqual(['100', '0', '0', '0']);
    expect(defaultBondInputs(true).cdr).toBe('0');
  });

  it('an agency run keeps the private-label CDR and severity cookies', () => {
    saveBondInputs({ ...defaultBondInputs(true), cpr: '15', price: '99' }, true);
    expect(loadBondInputs(false)).toEqual({ ...inputs, cpr: '15', price: '99' });
    for (const k of Object.keys(Cookies.get())) Cookies.remove(k, { path: '/' });
  });

  it('checks each tab with the spec 001 §5.1 messages', () => {
    expect(tabProblem('price', { ...inputs, yield: '', spread: '1', benchmark: '' })).toBe('Either Yield or both Spread and Benchmark Rate are required.');
    expect(tabProblem('price', { ...inputs, yield: '', spread: '1', benchmark: '4' })).toBeNull();
    expect(tabProblem('yield', { ...inputs, price: '' })).toBe('Price is required.');
    expect(tabProblem('spread', { ...inputs, benchmark: '' })).toBe(' Price and Benchmark Rate are required.');
  });

  it('refuses text that is not a number in a quote, and numbers out of range in the user\'s units (issue 18 #10)', () => {
    // "abc" in Yield used to fall back to spread + benchmark and price at spread 0.
    expect(tabProblem('price', { ...inputs, yield: 'abc' })).toBe('Missing valid: Yield');
    expect(quoteFields('price', { ...inputs, yield: 'abc', spread: '0', benchmark: '0' })).not.toHaveProperty('Spread');
    expect(tabProblem('spread', { ...inputs, price: '99', benchmark: 'x' })).toBe('Missing valid: Benchmark Rate');
    expect(tabProblem('yield', { ...inputs, price: '1e2x' })).toBe('Missing valid: Price');
    expect(tabProblem('price', { ...inputs, yield: '1500' })).toBe('Yield must be between -100% and 1,000%.');
    expect(tabProblem('price', { ...inputs, yield: '', spread: '-200', benchmark: '4' })).toBe('Spread must be between -100% and 1,000%.');
    expect(tabProblem('yield', { ...inputs, price: '0' })).toBe('Price must be above 0 and at most 1,000 (percent of face).');
    expect(tabProblem('price', { ...inputs, yield: '999' })).toBeNull();
  });

  it('sends quotes as the API takes them: price in percent of face, the rest as fractions', () => {
    expect(quoteFields('price', { ...inputs, yield: '5' })).toEqual({ Yield: 0.05 });
    expect(quoteFields('price', { ...inputs, yield: '', spread: '1.5', benchmark: '4' })).toEqual({ Spread: 0.015, ReferenceCurve: 0.04 });
    expect(quoteFields('yield', { ...inputs, price: '99.5' })).toEqual({ Price: 99.5 });
    expect(quoteFields('spread', { ...inputs, price: '99.5', benchmark: '4' })).toEqual({ Price: 99.5, ReferenceCurve: 0.04 });
  });

  it('names bad scenario inputs, skipping CPR/CDR for a matrix and credit inputs for agencies', () => {
    expect(scenarioProblem({ ...inputs, cpr: '5,,7', lossSeverity: '' }, false, false)).toBe('Missing valid: CPR, Loss Severity');
    expect(scenarioProblem({ ...inputs, cpr: '', cdr: '' }, false, true)).toBeNull();
    expect(scenarioProblem({ ...inputs, cdr: '' }, true, false)).toBeNull();
  });

  it("refuses letters in CPR or CDR before a matrix runs (issue 23 #3: CPR 'abc' ran the grid)", () => {
    const inputs = defaultBondInputs(false);
    expect(matrixProblem({ ...inputs, cpr: 'abc' }, false, false)).toBe('Missing valid: CPR');
    expect(matrixProblem({ ...inputs, cdr: 'x1' }, false, false)).toBe('Missing valid: CDR');
    expect(matrixProblem(inputs, false, false)).toBeNull();
    // A single run still takes a vector's name in CPR.
    expect(scenarioProblem({ ...inputs, cpr: 'abc' }, false, false)).toBeNull();
  });

  it("checks an ABS speed as one number named 'ABS', and a matrix (CPR axes) not at all", () => {
    expect(scenarioProblem({ ...inputs, cpr: '1.5' }, false, false, 'ABS')).toBeNull();
    expect(scenarioProblem({ ...inputs, cpr: '1.5,2' }, false, false, 'ABS')).toBe('Missing valid: ABS');
    expect(scenarioProblem({ ...inputs, cpr: 'FastPrepay' }, false, false, 'ABS')).toBe('Missing valid: ABS');
    expect(scenarioProblem({ ...inputs, cpr: '1.5,2' }, false, true, 'ABS')).toBeNull();
  });

  it('formats price with 5 decimals, yields in percent, matrix cells with 2, missing as dashes', () => {
    expect(formatMetric('price', 99.123456)).toBe('99.12346');
    expect(formatMetric('yield', 0.0512345)).toBe('5.12345');
    expect(formatMetric('spread', null)).toBe('-----');
    expect(formatMatrixCell(1.005)).toBe('1.00');
    expect(formatMatrixCell(null)).toBe('-----');
    // No "-0.00": a tiny negative value rounds to an unsigned zero (issue 18 #10).
    expect(formatMatrixCell(-0.001)).toBe('0.00');
    expect(formatMatrixCell(-0)).toBe('0.00');
    expect(formatMatrixCell(-0.006)).toBe('-0.01');
  });

  it('puts every input in a shareable link', () => {
    const link = new URL(shareLink('http://x', { dealName: 'STACR 2026-DNA1', bondName: 'M-1', tab: 'yield', settlement: 20260217, inputs: { ...inputs, price: '99.5' } }));
    expect(link.pathname).toBe('/bond_analysis');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ dealName: 'STACR 2026-DNA1', bondName: 'M-1', tab: 'yield', settle_dt: '2026-02-17', price: '99.5', cpr: '10', loss_severity: '20' });
    expect(link.searchParams.has('prepay_convention')).toBe(false);
    const abs = new URL(shareLink('http://x', { dealName: 'FORDO 2024-A', bondName: 'B', tab: 'yield', settlement: 20261015, inputs: { ...inputs, cpr: '1.5' }, convention: 'ABS' }));
    expect([abs.searchParams.get('prepay_convention'), abs.searchParams.get('cpr')]).toEqual(['ABS', '1.5']);
    expect(link.searchParams.has('cleanup_call')).toBe(false);
    const called = new URL(shareLink('http://x', { dealName: 'STACR 2020-DNA3', bondName: 'B-2', tab: 'yield', settlement: 20261025, inputs, cleanupCall: true }));
    expect(called.searchParams.get('cleanup_call')).toBe('true');
  });

  it('opens on the first offered class, not a retained zero-coupon tranche listed first (issue 18 #10)', () => {
    const b = (BondName: string, BondType: string, Coupon: number | null, FloaterFormula: string | null = null, CurrentBalance = 1) =>
      ({ BondName, BondType, Coupon, FloaterFormula, CurrentBalance, IsMACR: false });
    expect(defaultBondName([b('A-H', 'Senior', 0), b('A-1', 'Senior', 4.45, 'SOFR + 0.85%'), b('M-1', 'Mezzanine', 4.6)])).toBe('A-1');
    expect(defaultBondName([b('A-1', 'Senior', 4.45, null, 0), b('A-1H', 'Retained', 0), b('M-1', 'Mezzanine', 4.6)])).toBe('M-1');
    // Nothing pays a coupon: the first class with a balance.
    expect(defaultBondName([b('X', 'Senior', 0, null, 0), b('PO', 'Senior', 0)])).toBe('PO');
  });

  it('falls back to the default tab for an unknown tab= in a link (issue 18 #10)', () => {
    expect(tabFromQuery('bogus', false)).toBe('price');
    expect(tabFromQuery('bogus', true)).toBe('yield');
    expect(tabFromQuery('spread', true)).toBe('spread');
    expect(tabFromQuery(null, false)).toBe('price');
  });
});
