import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cdrToMdr, cprToSmm, mdrToCdr, smmToCpr } from './rate-conversions.ts';
import { psaCpr, sdaCdr } from './standard-curves.ts';
import { expandVector, valueAt } from './vector.ts';
import { parseRampVector } from './ramp-syntax.ts';

describe('rate conversions', () => {
  it('uses the compounding form, not /12', () => {
    expect(cprToSmm(0.1)).toBeCloseTo(0.008742, 6);
    expect(cdrToMdr(0.01)).toBeCloseTo(0.000837, 6);
    expect(smmToCpr(0.01)).toBeCloseTo(0.113615, 6);
    expect(mdrToCdr(0.01)).toBeCloseTo(0.113615, 6);
  });
  it('round-trips', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 0.99, noNaN: true }), (x) => {
      expect(smmToCpr(cprToSmm(x))).toBeCloseTo(x, 10);
      expect(mdrToCdr(cdrToMdr(x))).toBeCloseTo(x, 10);
    }));
  });
  it('rejects rates >= 1 or negative', () => {
    expect(() => cprToSmm(1)).toThrow(RangeError);
    expect(() => cdrToMdr(-0.1)).toThrow(RangeError);
  });
});

describe('standard curves', () => {
  it('PSA ramps 0.2 %/month to 6 % at month 30', () => {
    expect(psaCpr(100, 1)).toBeCloseTo(0.002, 12);
    expect(psaCpr(100, 30)).toBeCloseTo(0.06, 12);
    expect(psaCpr(100, 200)).toBeCloseTo(0.06, 12);
    expect(psaCpr(150, 10)).toBeCloseTo(0.03, 12);
  });
  it('SDA rises to 0.6 %, holds to 60, falls to 0.03 % at 120', () => {
    expect(sdaCdr(100, 1)).toBeCloseTo(0.0002, 12);
    expect(sdaCdr(100, 30)).toBeCloseTo(0.006, 12);
    expect(sdaCdr(100, 60)).toBeCloseTo(0.006, 12);
    expect(sdaCdr(100, 61)).toBeCloseTo(0.005905, 12);
    expect(sdaCdr(100, 120)).toBeCloseTo(0.0003, 12);
    expect(sdaCdr(100, 300)).toBeCloseTo(0.0003, 12);
  });
});

describe('vectors', () => {
  it('extends the last value and fills scalars', () => {
    expect(Array.from(expandVector([1, 2, 3], 5))).toEqual([1, 2, 3, 3, 3]);
    expect(Array.from(expandVector(0.5, 3))).toEqual([0.5, 0.5, 0.5]);
    expect(Array.from(expandVector([], 2))).toEqual([0, 0]);
    expect(valueAt([4, 5], 9)).toBe(5);
  });
});

describe('ramp syntax', () => {
  it('expands "5 12R 10"', () => {
    const r = parseRampVector('5 12R 10');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.values).toHaveLength(13);
    expect(r.values[0]).toBe(5);
    expect(r.values[6]).toBeCloseTo(7.5, 12);
    expect(r.values[12]).toBe(10);
  });
  it('supports stay steps and plain lists', () => {
    const r = parseRampVector('6 2S 8, 9');
    expect(r).toEqual({ ok: true, values: [6, 6, 6, 8, 9] });
  });
  it('reports bad tokens', () => {
    expect(parseRampVector('12R 10')).toEqual({ ok: false, error: "'12R' needs a value before it" });
    expect(parseRampVector('5 x')).toMatchObject({ ok: false });
    expect(parseRampVector('5 3R')).toMatchObject({ ok: false });
    expect(parseRampVector('  ')).toMatchObject({ ok: false });
  });
});
