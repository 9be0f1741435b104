import type { PricingCashflows } from '@opencrt/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANT_COMPUTE_YIELD, priceFromYield, spreadFromPrice, TOO_NEGATIVE_YIELD, yieldFromPrice } from './bond-pricing.ts';

/** A level-coupon bullet: `n` monthly coupons of rate/12 on `face`, principal at the end. */
function bullet(face: number, rate: number, n: number, accruedMonths = 0): PricingCashflows {
  const months = Array.from({ length: n }, (_, k) => k + 1 - accruedMonths);
  const cash = months.map((_, k) => face * rate / 12 + (k === n - 1 ? face : 0));
  return { months, days: months.map((m) => m * 30), cash, balanceBefore: months.map(() => face), rate: months.map(() => rate), face, accrued: face * rate / 12 * accruedMonths };
}

describe('bond pricing', () => {
  it('prices a bond at par when the yield equals its monthly-paid coupon', () => {
    const cf = bullet(1_000_000, 0.06, 120);
    const price = priceFromYield(cf, 0.06);
    expect(price.ok && price.value).toBeCloseTo(100, 9);
    const y = yieldFromPrice(cf, 100);
    expect(y.ok && y.value).toBeCloseTo(0.06, 10);
  });

  it('is par at the coupon between payment dates too (clean price = dirty − accrued)', () => {
    const cf = bullet(1_000_000, 0.05, 60, 0.5);
    const price = priceFromYield(cf, 0.05);
    // Between dates the clean price at the coupon yield is slightly under par (accrued compounding).
    expect(price.ok && price.value).toBeGreaterThan(99.99);
    expect(price.ok && price.value).toBeLessThan(100.0001);
  });

  it('round-trips price → yield → price for any price and term', () => {
    fc.assert(fc.property(fc.double({ min: 60, max: 130, noNaN: true }), fc.integer({ min: 1, max: 360 }), fc.double({ min: 0, max: 0.12, noNaN: true }), (p, n, c) => {
      const cf = bullet(500_000, c, n);
      const y = yieldFromPrice(cf, p);
      if (!y.ok) return y.message.length > 0;
      const back = priceFromYield(cf, y.value);
      return back.ok && Math.abs(back.value - p) < 1e-6;
    }));
  });

  it('falls as the yield rises', () => {
    const cf = bullet(1_000_000, 0.04, 84);
    const a = priceFromYield(cf, 0.03);
    const b = priceFromYield(cf, 0.05);
    expect(a.ok && b.ok && a.value > b.value).toBe(true);
  });

  it('gives the spec\'s silent messages when there is nothing to solve', () => {
    const empty: PricingCashflows = { months: [], days: [], cash: [], balanceBefore: [], rate: [], face: 0, accrued: 0 };
    expect(yieldFromPrice(empty, 100)).toEqual({ ok: false, message: CANT_COMPUTE_YIELD });
    expect(spreadFromPrice(empty, 100, 0.04)).toEqual({ ok: false, message: "Can't compute Spread." });
    // Far above all undiscounted cash: the yield would be below −99 % a year.
    expect(yieldFromPrice(bullet(100, 0.01, 12), 1e6)).toEqual({ ok: false, message: TOO_NEGATIVE_YIELD });
  });

  it('measures the spread as yield minus the benchmark', () => {
    const cf = bullet(1_000_000, 0.06, 120);
    const s = spreadFromPrice(cf, 100, 0.045);
    expect(s.ok && s.value).toBeCloseTo(0.015, 9);
  });
});
