import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANT_COMPUTE_YIELD, TOO_MANY_TRIES_YIELD, TOO_NEGATIVE_YIELD } from './analytics-result.ts';
import { type PricingFlows, priceFromYield, pricingFlowsFromPeriods, yieldFromPrice } from './price-yield.ts';

const value = (r: { IsSuccessful: boolean; Value: number | null; ErrorMessage: string | null }): number => {
  if (!r.IsSuccessful || r.Value === null) throw new Error(`solver failed: ${String(r.ErrorMessage)}`);
  return r.Value;
};

// Two semi-annual payments of a 10 % bond: 5 at 6 months, 105 at 12 months, face 100.
// Bond-equivalent 10 %: (1+i)^6 = 1 + 0.10/2 = 1.05, so PV = 5/1.05 + 105/1.05² = 4.7619 + 95.2381 = 100.
const semiAnnual: PricingFlows = { months: [6, 12], cash: [5, 105], face: 100, accrued: 0 };

describe('priceFromYield / yieldFromPrice', () => {
  it('prices a 2-period bond at its coupon yield at par (bond-equivalent)', () => {
    expect(value(priceFromYield(semiAnnual, 0.1))).toBeCloseTo(100, 10);
    expect(value(yieldFromPrice(semiAnnual, 100))).toBeCloseTo(0.1, 12);
  });

  it('prices off par by hand: BEY 12 % → (1+i)^6 = 1.06, PV = 5/1.06 + 105/1.06² = 4.716981 + 93.449626 = 98.166607', () => {
    expect(value(priceFromYield(semiAnnual, 0.12))).toBeCloseTo(5 / 1.06 + 105 / 1.06 ** 2, 10);
    expect(value(priceFromYield(semiAnnual, 0.12))).toBeCloseTo(98.166607, 6);
  });

  it('quotes a mortgage yield 12i on request: 1 at month 1 and 101 at month 2 at i = 1 % is 1/1.01 + 101/1.0201 = 100', () => {
    const monthly: PricingFlows = { months: [1, 2], cash: [1, 101], face: 100, accrued: 0 };
    expect(value(priceFromYield(monthly, 0.12, { convention: 'mortgage' }))).toBeCloseTo(100, 10);
    const y = yieldFromPrice(monthly, 100, { convention: 'mortgage' });
    expect(value(y)).toBeCloseTo(0.12, 12);
    // Same monthly rate quoted bond-equivalent: 2(1.01^6 − 1) = 0.12304040...
    expect(value(yieldFromPrice(monthly, 100))).toBeCloseTo(2 * (1.01 ** 6 - 1), 12);
  });

  it('subtracts accrued interest: clean = (PV − accrued)/face × 100', () => {
    // PV at 10 % BEY is 100 per 100 face; with 2.5 of accrued the clean price is 97.5.
    const withAccrued: PricingFlows = { ...semiAnnual, accrued: 2.5 };
    expect(value(priceFromYield(withAccrued, 0.1))).toBeCloseTo(97.5, 10);
    expect(value(yieldFromPrice(withAccrued, 97.5))).toBeCloseTo(0.1, 12);
  });

  it('ignores flows paid on or before settlement (τ ≤ 0)', () => {
    const stale: PricingFlows = { months: [0, 6, 12], cash: [50, 5, 105], face: 100, accrued: 0 };
    expect(value(priceFromYield(stale, 0.1))).toBeCloseTo(100, 10);
  });

  it("fails with \"Can't compute Yield.\" on unusable inputs", () => {
    expect(yieldFromPrice({ ...semiAnnual, face: 0 }, 100).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    expect(yieldFromPrice({ months: [], cash: [], face: 100, accrued: 0 }, 100).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    expect(yieldFromPrice(semiAnnual, Number.NaN).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    expect(yieldFromPrice(semiAnnual, -1).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    expect(priceFromYield({ months: [6], cash: [0], face: 100, accrued: 0 }, 0.05).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    // All cash negative: PV < 0 < dirty at every rate, and |PV − dirty| grows toward the floor.
    expect(yieldFromPrice({ months: [6, 12], cash: [-5, -105], face: 100, accrued: 0 }, 100).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
  });

  it('fails with "Guess is too negative in Yield calculation." below the −99 %/month floor', () => {
    // One payment of 10 at month 1 bought for 2000: root 10/2000 − 1 = −0.995 < −0.99.
    expect(yieldFromPrice({ months: [1], cash: [10], face: 100, accrued: 0 }, 2000).ErrorMessage).toBe(TOO_NEGATIVE_YIELD);
    // For 500 the root is 10/500 − 1 = −0.98, inside the search.
    const ok = yieldFromPrice({ months: [1], cash: [10], face: 100, accrued: 0 }, 500, { convention: 'mortgage' });
    expect(value(ok)).toBeCloseTo(12 * -0.98, 9);
    expect(yieldFromPrice(semiAnnual, 100, { guess: -2.5 }).ErrorMessage).toBe(TOO_NEGATIVE_YIELD);
    expect(priceFromYield(semiAnnual, -2).ErrorMessage).toBe(TOO_NEGATIVE_YIELD);
    expect(priceFromYield(semiAnnual, -12, { convention: 'mortgage' }).ErrorMessage).toBe(TOO_NEGATIVE_YIELD);
  });

  it('fails with "Too many tries in Yield calculation." when the budget is spent', () => {
    expect(yieldFromPrice(semiAnnual, 80, { maxTries: 3 }).ErrorMessage).toBe(TOO_MANY_TRIES_YIELD);
    expect(yieldFromPrice(semiAnnual, 80).IsSuccessful).toBe(true);
  });

  const flowsArb = fc
    .array(fc.record({ gap: fc.integer({ min: 1, max: 12 }), cash: fc.double({ min: 0.01, max: 50, noNaN: true }) }), { minLength: 1, maxLength: 40 })
    .map((rows): PricingFlows => {
      let t = 0;
      const months: number[] = [];
      const cash: number[] = [];
      for (const r of rows) {
        t += r.gap;
        months.push(t);
        cash.push(r.cash);
      }
      return { months, cash, face: 100, accrued: 0.3 };
    });

  it('round-trips yield → price → yield (property)', () => {
    fc.assert(
      fc.property(flowsArb, fc.double({ min: -0.3, max: 0.6, noNaN: true }), fc.constantFrom('bondEquivalent' as const, 'mortgage' as const), (flows, y, convention) => {
        const price = value(priceFromYield(flows, y, { convention }));
        const back = value(yieldFromPrice(flows, price, { convention }));
        expect(back).toBeCloseTo(y, 7);
      }),
    );
  });

  it('round-trips price → yield → price (property)', () => {
    fc.assert(
      fc.property(flowsArb, fc.double({ min: 0.2, max: 1.5, noNaN: true }), (flows, share) => {
        // A price between 20 % and 150 % of the undiscounted cash keeps the root inside the search.
        const total = flows.cash.reduce((s, c) => s + c, 0);
        const price = (share * total - flows.accrued) * (100 / flows.face);
        fc.pre(price > 0);
        const y = value(yieldFromPrice(flows, price));
        expect(value(priceFromYield(flows, y))).toBeCloseTo(price, 6);
      }),
    );
  });
});

describe('pricingFlowsFromPeriods', () => {
  const periods = [
    { period: 1, date: '2025-12-25', interest: 5000, principal: 10_000 },
    { period: 2, date: 20260125, interest: 4950, principal: 10_000 },
    { period: 3, date: '2026-02-25', interest: 4900, principal: 980_000 },
  ];

  it('drops payments on or before settlement and measures τ in 30/360 months', () => {
    // Settlement 2026-01-10: Jan 10 → Jan 25 is 15/30 = 0.5 months, → Feb 25 is 45/30 = 1.5 months.
    const f = pricingFlowsFromPeriods(periods, { settlement: '2026-01-10', accrualStart: '2025-12-25', face: 990_000, couponRate: 0.06, couponType: 'fixed' });
    expect(f.months).toEqual([0.5, 1.5]);
    expect(f.cash).toEqual([14_950, 984_900]);
    // Fixed accrues 30/360: Dec 25 → Jan 10 = 15 days; 990,000 × 0.06 × 15/360 = 2,475.
    expect(f.accrued).toBeCloseTo(2475, 9);
  });

  it('accrues floaters actual/360: Dec 25 → Jan 10 is 16 actual days, 990,000 × 0.06 × 16/360 = 2,640', () => {
    const f = pricingFlowsFromPeriods(periods, { settlement: 20260110, accrualStart: 20251225, face: 990_000, couponRate: 0.06, couponType: 'floating' });
    expect(f.accrued).toBeCloseTo(2640, 9);
  });
});
