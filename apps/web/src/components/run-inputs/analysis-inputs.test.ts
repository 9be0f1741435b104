import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultInputs, inputProblems, inputToYmd, isAgencyDeal, loadInputs, remittanceDate, saveInputs, snapSettlement, toRequestRate } from './analysis-inputs.ts';

describe('analysis inputs', () => {
  it('turns percent text into fractions with a leading period-0 element', () => {
    expect(toRequestRate('10', true)).toEqual([0, 0.1]);
    expect(toRequestRate('5, 6,7.5', true)).toEqual([0, 0.05, 0.06, 0.075]);
    expect(toRequestRate('FastPrepay', true)).toBe('FastPrepay');
    expect(toRequestRate('FastPrepay', false)).toBeNull();
    expect(toRequestRate('5,,7', true)).toBeNull();
    expect(toRequestRate('  ', true)).toBeNull();
  });

  it('takes plain decimals only, not hex or exponent text', () => {
    expect(toRequestRate('0x10', false)).toBeNull();
    expect(toRequestRate('1e3', false)).toBeNull();
    expect(toRequestRate('-0.5, .25, +3', false)).toEqual([0, -0.005, 0.0025, 0.03]);
    expect(inputProblems({ ...defaultInputs(false), cpr: '0x10' }, false)).toBe('Missing valid: CPR');
  });

  it('names every bad input in one message, skipping the agency-hidden ones', () => {
    const inputs = { ...defaultInputs(false), cpr: '', lossSeverity: 'x' };
    expect(inputProblems(inputs, false)).toBe('Missing valid: CPR, Loss Severity');
    expect(inputProblems({ ...defaultInputs(true), cdr: '' }, true)).toBeNull();
    expect(inputProblems(defaultInputs(false), false)).toBeNull();
  });

  it('says the allowed range of an out-of-range input (issue 18 #7)', () => {
    const inputs = { ...defaultInputs(false), cpr: '150', cdr: '100', lossSeverity: '250' };
    expect(inputProblems(inputs, false)).toBe([
      'CPR (%) must be from 0 to 99.9999', 'CDR (%) must be from 0 to 99.9999', 'Loss Severity (%) must be from 0 to 100',
    ].join('\n'));
    expect(inputProblems({ ...defaultInputs(false), cpr: '10, -1', libor: '-0.5' }, false)).toBe('CPR (%) must be from 0 to 99.9999');
    // A blank input has no range line, only the name.
    expect(inputProblems({ ...defaultInputs(false), cdr: '', delinquency: '101' }, false)).toBe('Missing valid: CDR\nDelinquency (%) must be from 0 to 100');
    expect(inputProblems({ ...defaultInputs(false), cpr: '99.9999', lossSeverity: '100' }, false)).toBeNull();
    // Each input named once, as the screen labels it (issue 23 #4).
    expect(inputProblems({ ...defaultInputs(false), cpr: '150', libor: 'abc' }, false)).toBe('Missing valid: LIBOR / SOFR\nCPR (%) must be from 0 to 99.9999');
  });

  it('uses the spec defaults, agency ones without credit', () => {
    expect(defaultInputs(false)).toMatchObject({ cpr: '10', cdr: '0.05', lossSeverity: '20' });
    expect(defaultInputs(true)).toMatchObject({ cdr: '0', lossSeverity: '0' });
    expect(isAgencyDeal('FHLMC 5005')).toBe(true);
    expect(isAgencyDeal('STACR 2026-DNA1')).toBe(false);
  });

  describe('saved inputs', () => {
    afterEach(() => { for (const k of Object.keys(Cookies.get())) Cookies.remove(k, { path: '/' }); });

    it("an agency run does not save its hidden zero CDR, severity and delinquency for the next deal", () => {
      saveInputs({ ...defaultInputs(true), cpr: '12' }, true);
      expect(loadInputs(false)).toEqual({ ...defaultInputs(false), cpr: '12' });
      saveInputs({ ...defaultInputs(false), cdr: '1.5' }, false);
      saveInputs({ ...defaultInputs(true), cpr: '7' }, true);
      expect(loadInputs(false)).toMatchObject({ cpr: '7', cdr: '1.5', lossSeverity: '20' });
    });
  });

  it('reads only real calendar dates from a settle_dt', () => {
    expect(inputToYmd('2026-11-30')).toBe(20261130);
    expect(inputToYmd('2028-02-29')).toBe(20280229);
    expect(inputToYmd('2026-13-45')).toBeNull();
    expect(inputToYmd('2026-02-30')).toBeNull();
    expect(inputToYmd('20261130')).toBeNull();
  });

  it('derives the remittance date and snaps early settlements to the issue date', () => {
    expect(remittanceDate(20260317, 20260325)).toBe(20260225);
    expect(remittanceDate(20260326, 20260325)).toBe(20260325);
    expect(remittanceDate(20260110, 20250125)).toBe(20251225);
    expect(snapSettlement(20250101, 20260217)).toBe(20260217);
    expect(snapSettlement(20270101, 20260217)).toBe(20270101);
  });
});
