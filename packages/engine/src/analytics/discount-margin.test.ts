import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANT_COMPUTE_SPREAD, TOO_MANY_TRIES_SPREAD } from './analytics-result.ts';
import { type FloaterPeriod, type FloaterTerms, discountMarginFromPrice, priceFromDiscountMargin } from './discount-margin.ts';

const value = (r: { IsSuccessful: boolean; Value: number | null; ErrorMessage: string | null }): number => {
  if (!r.IsSuccessful || r.Value === null) throw new Error(`solver failed: ${String(r.ErrorMessage)}`);
  return r.Value;
};

/** Twelve monthly payment dates on the 25th from 2026-02-25; principal 1/12 of face each month. */
function amortizing(face: number): FloaterPeriod[] {
  const out: FloaterPeriod[] = [];
  for (let k = 0; k < 12; k++) {
    const month = ((1 + k) % 12) + 1;
    const year = 2026 + Math.floor((1 + k) / 12);
    out.push({ date: `${year}-${String(month).padStart(2, '0')}-25`, principal: face / 12 });
  }
  return out;
}

const terms: FloaterTerms = { settlement: '2026-01-25', accrualStart: '2026-01-25', face: 1_000_000, margin: 0.02, index: 0.043 };

describe('discount margin', () => {
  it('prices at par when DM = margin (settled on a payment date, no losses, flat index)', () => {
    expect(value(priceFromDiscountMargin(amortizing(1_000_000), terms, 0.02))).toBeCloseTo(100, 10);
    expect(value(discountMarginFromPrice(amortizing(1_000_000), terms, 100))).toBeCloseTo(0.02, 12);
  });

  it('keeps DM = margin at par on an index curve too (each period telescopes)', () => {
    const curve = { ...terms, index: [0.043, 0.041, 0.039, 0.04, 0.045] };
    expect(value(discountMarginFromPrice(amortizing(1_000_000), curve, 100))).toBeCloseTo(0.02, 12);
  });

  it('values a one-month bullet by hand', () => {
    // 31 days Jan 25 → Feb 25. Cash = 100 × (1 + (0.04 + 0.01) × 31/360) = 100.4305556.
    // At DM 2 %: factor 1 + 0.06 × 31/360 = 1.0051667, price = 100.4305556 / 1.0051667 = 99.9143315.
    const bullet: FloaterPeriod[] = [{ date: '2026-02-25', principal: 100 }];
    const t: FloaterTerms = { settlement: '2026-01-25', accrualStart: '2026-01-25', face: 100, margin: 0.01, index: 0.04 };
    const price = value(priceFromDiscountMargin(bullet, t, 0.02));
    expect(price).toBeCloseTo((100 * (1 + (0.05 * 31) / 360)) / (1 + (0.06 * 31) / 360), 12);
    expect(price).toBeCloseTo(99.9143315, 6);
    expect(value(discountMarginFromPrice(bullet, t, price))).toBeCloseTo(0.02, 12);
  });

  it('subtracts accrued (actual/360 at index₀ + margin) when settling mid-period', () => {
    // Accrual Jan 25 → Feb 5 = 11 days: 1,000,000 × 0.063 × 11/360 = 1,925.
    const mid = { ...terms, settlement: '2026-02-05' };
    const r = priceFromDiscountMargin(amortizing(1_000_000), mid, 0.02);
    expect(r.IsSuccessful && r.accrued).toBeCloseTo(1925, 9);
    // Close to par but not exact: the first coupon is discounted over 20 days, not 31.
    expect(value(r)).toBeCloseTo(100, 2);
  });

  it('floors a negative coupon at zero', () => {
    const bullet: FloaterPeriod[] = [{ date: '2026-02-25', principal: 100 }];
    const t: FloaterTerms = { settlement: '2026-01-25', accrualStart: '2026-01-25', face: 100, margin: 0.01, index: -0.05 };
    // Cash is exactly 100 (coupon max(0, −4 %) = 0); at DM 5 % the factor is 1 + 0 × 31/360 = 1.
    expect(value(priceFromDiscountMargin(bullet, t, 0.05))).toBeCloseTo(100, 12);
  });

  it('loses write-downs: a 10 % write-down on a bullet lowers the price', () => {
    const wd: FloaterPeriod[] = [{ date: '2026-02-25', principal: 90, writeDown: 10 }];
    const t: FloaterTerms = { settlement: '2026-01-25', accrualStart: '2026-01-25', face: 100, margin: 0.01, index: 0.04 };
    // Cash = 100 × 0.05 × 31/360 + 90 = 90.4305556; at DM = margin the factor is 1.0043056.
    expect(value(priceFromDiscountMargin(wd, t, 0.01))).toBeCloseTo((100 * 0.05 * 31) / 360 / (1 + (0.05 * 31) / 360) + 90 / (1 + (0.05 * 31) / 360), 10);
  });

  it("fails with \"Can't compute Spread.\" when no DM exists", () => {
    expect(discountMarginFromPrice([], terms, 100).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
    expect(discountMarginFromPrice(amortizing(1_000_000), { ...terms, face: 0 }, 100).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
    expect(discountMarginFromPrice(amortizing(1_000_000), terms, -5).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
    expect(discountMarginFromPrice(amortizing(1_000_000), { ...terms, index: [] }, 100).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
    // A one-month bullet is worth at most 100.43/(1 − 0.96 × 31/360) ≈ 109.5 at the −100 % floor.
    expect(discountMarginFromPrice([{ date: '2026-02-25', principal: 100 }], { ...terms, face: 100 }, 200).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
    expect(priceFromDiscountMargin([{ date: '2026-02-25', principal: 100 }], { ...terms, face: 100 }, -20).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
  });

  it('fails with "Too many tries in Spread calculation." when the budget is spent', () => {
    expect(discountMarginFromPrice(amortizing(1_000_000), terms, 95, { maxTries: 2 }).ErrorMessage).toBe(TOO_MANY_TRIES_SPREAD);
    expect(discountMarginFromPrice(amortizing(1_000_000), terms, 95).IsSuccessful).toBe(true);
  });

  it('round-trips DM → price → DM (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -0.01, max: 0.08, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 0.15, noNaN: true }),
        fc.double({ min: -0.02, max: 0.3, noNaN: true }),
        (index, margin, dm) => {
          const t: FloaterTerms = { ...terms, settlement: '2026-02-03', index, margin };
          const price = value(priceFromDiscountMargin(amortizing(1_000_000), t, dm));
          expect(value(discountMarginFromPrice(amortizing(1_000_000), t, price))).toBeCloseTo(dm, 8);
        },
      ),
    );
  });
});
