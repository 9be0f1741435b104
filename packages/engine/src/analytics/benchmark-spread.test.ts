import { describe, expect, it } from 'vitest';
import { CANT_COMPUTE_SPREAD, CANT_COMPUTE_YIELD } from './analytics-result.ts';
import { benchmarkAt, priceFromSpread, spreadFromPrice, spreadFromYield } from './benchmark-spread.ts';
import type { PricingFlows } from './price-yield.ts';

// 5 at 6 months and 105 at 12 months: priced at 100 this yields exactly 10 % bond-equivalent.
const semiAnnual: PricingFlows = { months: [6, 12], cash: [5, 105], face: 100, accrued: 0 };
const curve = [
  { years: 5, rate: 0.04 },
  { years: 1, rate: 0.03 },
  { years: 10, rate: 0.045 },
];

describe('benchmark spread', () => {
  it('interpolates the curve at the WAL, flat beyond its ends', () => {
    // 3 years sits halfway between 1y (3 %) and 5y (4 %): 3.5 %.
    expect(benchmarkAt(curve, 3)).toBeCloseTo(0.035, 15);
    expect(benchmarkAt(curve, 0.5)).toBe(0.03);
    expect(benchmarkAt(curve, 30)).toBe(0.045);
    expect(benchmarkAt(0.041, null)).toBe(0.041);
    expect(benchmarkAt(curve, null)).toBeNull();
    expect(benchmarkAt([], 3)).toBeNull();
  });

  it('spread = yield − benchmark', () => {
    const s = spreadFromYield(0.1, curve, 3);
    expect(s.IsSuccessful && s.Value).toBeCloseTo(0.065, 15);
  });

  it('spread from price: 10 % yield at par less a flat 4 % = 6 %', () => {
    const s = spreadFromPrice(semiAnnual, 100, 0.04, 1);
    expect(s.IsSuccessful && s.Value).toBeCloseTo(0.06, 12);
    expect(s.IsSuccessful && s.yieldRate).toBeCloseTo(0.1, 12);
  });

  it('price from spread: 4 % + 6 % = 10 % prices the bond at par', () => {
    const p = priceFromSpread(semiAnnual, 0.06, 0.04, 1);
    expect(p.IsSuccessful && p.Value).toBeCloseTo(100, 10);
  });

  it("fails with \"Can't compute Spread.\" without a benchmark, and passes yield failures through", () => {
    expect(spreadFromPrice(semiAnnual, 100, curve, null).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
    expect(spreadFromPrice(semiAnnual, 100, [], 1).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
    expect(priceFromSpread(semiAnnual, 0.01, Number.NaN, 1).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
    expect(spreadFromYield(Number.NaN, 0.04, 1).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
    expect(spreadFromPrice({ ...semiAnnual, face: 0 }, 100, 0.04, 1).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
  });
});
