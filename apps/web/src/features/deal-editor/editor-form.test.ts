import { describe, expect, it } from 'vitest';
import type { CirtDeal } from '@opencrt/contracts';
import {
  addBond, cascadeDates, cirtDefaults, cloneName, formatNumber, parseNumber, recomputeStack, removeBond, renameStacr,
  stacrAcisDefaults, toPayload, validateCirtForm, validateStacrAcisForm, MUST_BE_NUMBER,
} from './editor-form.ts';

describe('editor form', () => {
  it('has the spec 001 §9 CIRT defaults and sends numbers with at most 8 decimals', () => {
    const f = cirtDefaults('2026-11-24');
    const p = toPayload<CirtDeal>(f);
    expect(p).toMatchObject({ ReferencePoolBalance: 1e9, Wac: 3, Wam: 357, AnnualPremiumRatePct: 0.12, RetentionPct: 0.5, LimitOfLiabilityPct: 3.5, CancellationPct: 10, UseLiability: false });
    expect([p.EffectiveDate, p.FirstPayDate, p.MaturityDate, p.EarlyRedemptionDate]).toEqual([20261201, 20261225, 20381201, 20311201]);
    expect(p.LiabilityStepDowns.map((r) => r.StartPeriod)).toEqual([12, 24, 36, 48, 60, 999]);
    expect(p.LiabilityStepDowns.map((r) => r.DelinquentMultiplier)).toEqual([6.5, 4.25, 3, 3, 2, 2]);
    expect(p.LiabilityStepDowns.map((r) => r.BalanceMultiplier)).toEqual([1.15, 1, 1, 1, 1, 1]);
    expect(f.LiabilityStepDowns[1]?.BalanceMultiplier).toBe('1.00');
    expect(parseNumber('1,234.123456789')).toBe(1234.12345679);
    expect(formatNumber(1 / 3)).toBe('0.33333333');
    expect(parseNumber('abc')).toBeNull();
    // The defaults only lack a name.
    expect(validateCirtForm(f)).toEqual([{ path: 'Name', message: 'Field is required.' }]);
    expect(validateCirtForm({ ...f, Name: 'CIRT X', Wac: '', EarlyRedemptionDate: '2040-01-01' })).toEqual([
      { path: 'Wac', message: 'Field is required.' },
      { path: 'EarlyRedemptionDate', message: 'Early Redemption Date should be less than Maturity Date' },
    ]);
    // Letters in a number field: the field must be a number, it is not missing (issue 23 #4).
    expect(validateCirtForm({ ...f, Name: 'CIRT X', Wac: 'abc' })).toEqual([{ path: 'Wac', message: MUST_BE_NUMBER }]);
    expect(MUST_BE_NUMBER).toBe('Must be a number.');
    const rows = f.LiabilityStepDowns.map((r, i) => (i === 1 ? { ...r, Detachment: '2.5x' } : r));
    expect(validateCirtForm({ ...f, Name: 'CIRT X', LiabilityStepDowns: rows })).toContainEqual({ path: 'LiabilityStepDowns[1].Detachment', message: MUST_BE_NUMBER });
    // Dates out of the app's range (issue 23 sweep: a 12/31/9999 maturity was saved and ran).
    expect(validateCirtForm({ ...f, Name: 'CIRT X', MaturityDate: '9999-12-31' })).toEqual([{ path: 'MaturityDate', message: 'Must be from 01/01/1900 to 12/31/2100.' }]);
    expect(validateCirtForm({ ...f, Name: 'CIRT X', EffectiveDate: '1800-01-01' })).toEqual([{ path: 'EffectiveDate', message: 'Must be from 01/01/1900 to 12/31/2100.' }]);
  });

  it('links the STACR and ACIS editors: names, thickness and balance, paired rows', () => {
    let f = stacrAcisDefaults('2026-11-24');
    expect(f.STACR.Liability.map((b) => [b.Detachment, b.Thickness, b.Balance])).toEqual([['100.00', '97.5000', '975000000'], ['2.50', '2.5000', '25000000']]);
    expect(f.ACIS.Liability[0]?.Balance).toBe('25000000');
    f = renameStacr(f, 'STACR 2026-DNA9');
    expect(f.ACIS.Name).toBe('ACIS 2026-DNA9');
    f = addBond(f);
    expect([f.STACR.Liability.length, f.ACIS.Liability.length]).toEqual([3, 2]);
    f = recomputeStack({ ...f, STACR: { ...f.STACR, Liability: f.STACR.Liability.map((b, i) => (i === 2 ? { ...b, Detachment: '1' } : b)) } });
    expect(f.STACR.Liability.map((b) => b.Thickness)).toEqual(['97.5000', '1.5000', '1.0000']);
    expect(f.STACR.Liability.map((b) => b.Balance)).toEqual(['975000000', '15000000', '10000000']);
    f = removeBond(removeBond(f));
    expect([f.STACR.Liability.length, f.ACIS.Liability.length]).toEqual([2, 1]);
    expect(validateStacrAcisForm(renameStacr(f, 'STACR 2022-AA'))).toContainEqual({ path: 'STACR.Name', message: 'Name mask is: STACR YYYY-[a-z0-9]{3}*' });
  });

  it('runs the date cascade', () => {
    const c = { ClosingDate: '2026-01-30', FirstPayDate: '2026-03-10', MaturityDate: '2026-03-01', EarlyRedemptionDate: '2026-02-01', CancellationPct: '10' };
    expect(cascadeDates(c)).toMatchObject({ FirstPayDate: '2026-03-25', EarlyRedemptionDate: '2026-04-25', MaturityDate: '2026-05-25' });
    // More than 3 months after closing: the 25th of the month after closing.
    expect(cascadeDates({ ...c, FirstPayDate: '2026-09-10' }).FirstPayDate).toBe('2026-02-25');
  });

  it('names a clone with -CLONE and 5 digits', () => {
    expect(cloneName('CIRT 2026-1', 1_764_000_123_456)).toMatch(/^CIRT 2026-1-CLONE\d{5}$/);
  });
});
