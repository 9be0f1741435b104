import { describe, expect, it } from 'vitest';
import { CANT_COMPUTE_SPREAD, CANT_COMPUTE_YIELD, type PricingFlows } from '../analytics/index.ts';
import { PRICE_INPUTS_REQUIRED, SPREAD_INPUTS_REQUIRED, YIELD_INPUTS_REQUIRED, hasPriceInputs, solveBondRun } from './bond-run.ts';

// A 10 % semi-annual bond, face 100: 5 at 6 months and 105 at 12 months. Bond-equivalent 10 % means
// (1+i)^6 = 1.05, so PV = 5/1.05 + 105/1.05² = 100 (par); at 12 %: 5/1.06 + 105/1.06² = 98.166607.
const bond: PricingFlows = { months: [6, 12], cash: [5, 105], face: 100, accrued: 0 };

const valueOf = (r: ReturnType<typeof solveBondRun>): number => {
  if (!r.IsSuccessful) throw new Error(r.ErrorMessage);
  return r.Value;
};

describe('solveBondRun', () => {
  it('price run: from the yield, else from spread + benchmark (12 % = 4 % + 8 %)', () => {
    expect(valueOf(solveBondRun('price', bond, { Yield: 0.1 }, 1))).toBeCloseTo(100, 10);
    expect(valueOf(solveBondRun('price', bond, { Spread: 0.08, ReferenceCurve: 0.04 }, 1))).toBeCloseTo(5 / 1.06 + 105 / 1.06 ** 2, 10);
    // The yield wins when both are given (spec 001 §3.9 order).
    expect(valueOf(solveBondRun('price', bond, { Yield: 0.1, Spread: 0.08, ReferenceCurve: 0.04 }, 1))).toBeCloseTo(100, 10);
  });

  it('yield and spread runs at a price: par gives 10 %, and 10 % − 4 % benchmark = 6 % spread', () => {
    expect(valueOf(solveBondRun('yield', bond, { Price: 100 }, 1))).toBeCloseTo(0.1, 12);
    expect(valueOf(solveBondRun('spread', bond, { Price: 100, ReferenceCurve: 0.04 }, 1))).toBeCloseTo(0.06, 12);
    // Mortgage quote: the same monthly rate 1.05^(1/6) − 1 = 0.0081648 times 12 = 0.0979776.
    expect(valueOf(solveBondRun('yield', bond, { Price: 100 }, 1, 'mortgage'))).toBeCloseTo(12 * (1.05 ** (1 / 6) - 1), 12);
  });

  it('names the missing inputs with the spec 001 §5.1 messages', () => {
    expect(solveBondRun('price', bond, {}, 1).ErrorMessage).toBe(PRICE_INPUTS_REQUIRED);
    expect(solveBondRun('price', bond, { Spread: 0.01 }, 1).ErrorMessage).toBe(PRICE_INPUTS_REQUIRED);
    expect(solveBondRun('yield', bond, { Price: Number.NaN }, 1).ErrorMessage).toBe(YIELD_INPUTS_REQUIRED);
    expect(solveBondRun('spread', bond, { Price: 100, ReferenceCurve: [] }, 1).ErrorMessage).toBe(SPREAD_INPUTS_REQUIRED);
    expect(hasPriceInputs({ Spread: 0.01, ReferenceCurve: 0.04 })).toBe(true);
    expect(hasPriceInputs({ Spread: 0.01, ReferenceCurve: null })).toBe(false);
  });

  it('passes solver failures through: no cash after settlement, no benchmark at the WAL', () => {
    const empty: PricingFlows = { months: [], cash: [], face: 100, accrued: 0 };
    expect(solveBondRun('yield', empty, { Price: 100 }, 1).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    // A curve cannot be read without a WAL.
    expect(solveBondRun('spread', bond, { Price: 100, ReferenceCurve: [{ years: 1, rate: 0.04 }] }, null).ErrorMessage).toBe(CANT_COMPUTE_SPREAD);
  });

  it('refuses a run type from an untyped caller', () => {
    expect(solveBondRun('duration' as 'price', bond, { Price: 100 }, 1).ErrorMessage).toBe('Not supported scenario type. (duration)');
  });
});
