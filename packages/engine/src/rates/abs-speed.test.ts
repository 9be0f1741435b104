import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { absSmmVector, absToSmm } from './abs-speed.ts';
import { smmToCpr } from './rate-conversions.ts';

describe('ABS prepayment speed → SMM (SIFMA SF-5)', () => {
  it('reproduces the published example: 1.5 ABS in month 5 is 1.60 % SMM', () => {
    // 1.5 / (100 − 1.5 × (5 − 1)) = 1.5 / 94 = 0.0159574…, printed as 1.60 %.
    expect(absToSmm(1.5, 5)).toBeCloseTo(1.5 / 94, 12);
    expect(Math.round(absToSmm(1.5, 5) * 10000) / 100).toBe(1.6);
  });

  it('tabulates 1.5 ABS by month with the equivalent CPR', () => {
    // SMM(M) = 1.5 / (100 − 1.5 (M − 1)); CPR = 1 − (1 − SMM)^12.
    const table: [age: number, smm: number, cpr: number][] = [
      [1, 1.5 / 100, 0.165868], //   1.5 / 100   = 1.5000 %; 1 − 0.985^12        = 16.587 %
      [2, 1.5 / 98.5, 0.168186], //  1.5 / 98.5  = 1.5228 %; 1 − 0.984772^12     = 16.819 %
      [3, 1.5 / 97, 0.170570], //    1.5 / 97    = 1.5464 %
      [12, 1.5 / 83.5, 0.195495], // 1.5 / 83.5  = 1.7964 %; 1 − 0.982036^12     = 19.550 %
      [24, 1.5 / 65.5, 0.242707], // 1.5 / 65.5  = 2.2901 %
      [36, 1.5 / 47.5, 0.319590], // 1.5 / 47.5  = 3.1579 %
      [60, 1.5 / 11.5, 0.813093], // 1.5 / 11.5  = 13.043 %
      [66, 1.5 / 2.5, 0.999983], //  1.5 / 2.5   = 60 %;     1 − 0.4^12          = 99.998 %
    ];
    for (const [age, smm, cpr] of table) {
      expect(absToSmm(1.5, age)).toBeCloseTo(smm, 12);
      expect(smmToCpr(absToSmm(1.5, age))).toBeCloseTo(cpr, 6);
    }
  });

  it('caps at 1 once every original loan has prepaid', () => {
    // Month 67: 100 − 1.5 × 66 = 1 left, below the 1.5 that would prepay → all survivors go.
    expect(absToSmm(1.5, 67)).toBe(1);
    expect(absToSmm(1.5, 200)).toBe(1);
    // 2 ABS: 100 − 2 × 49 = 2 → exactly the last 2 % of loans prepay in month 50.
    expect(absToSmm(2, 50)).toBe(1);
    expect(absToSmm(2, 49)).toBeCloseTo(2 / 4, 12);
  });

  it('is the share of the ORIGINAL loan count: 10,000 loans at 1 ABS lose 100 a month', () => {
    // Count simulation independent of the formula: each month exactly 1 % of the original
    // 10,000 loans prepay, so the month-M rate on survivors is 100 / (10,000 − 100 (M − 1)).
    let alive = 10_000;
    for (let age = 1; age <= 99; age++) {
      const prepaid = alive * absToSmm(1, age);
      expect(prepaid).toBeCloseTo(100, 8);
      alive -= prepaid;
    }
    expect(alive).toBeCloseTo(100, 6);
    expect(absToSmm(1, 100)).toBe(1); // the last 100 loans
  });

  it('inverts with ABS = 100·SMM / (100 + SMM·(M − 1)) (percent) below the cap', () => {
    // Up to 4.5 ABS and age 20 the pool is never exhausted: 100 − 4.5 × 19 = 14.5 > 4.5.
    fc.assert(fc.property(fc.double({ min: 0, max: 4.5, noNaN: true }), fc.integer({ min: 1, max: 20 }), (abs, age) => {
      const smmPct = 100 * absToSmm(abs, age);
      expect((100 * smmPct) / (100 + smmPct * (age - 1))).toBeCloseTo(abs, 9);
    }));
  });

  it('vector ages a seasoned pool like the PSA curve: month i + 1 is age + i + 1', () => {
    const v = absSmmVector(1.5, 10, 3);
    expect(Array.from(v)).toEqual([absToSmm(1.5, 11), absToSmm(1.5, 12), absToSmm(1.5, 13)]);
    expect(v[1]).toBeCloseTo(1.5 / 83.5, 12); // age 12
  });

  it('reads age below 1 as the first month and rejects speeds outside [0, 100)', () => {
    expect(absToSmm(1.5, 0)).toBe(0.015);
    expect(absToSmm(0, 50)).toBe(0);
    expect(() => absToSmm(-1, 1)).toThrow(RangeError);
    expect(() => absToSmm(100, 1)).toThrow(RangeError);
    expect(() => absToSmm(Number.NaN, 1)).toThrow(RangeError);
  });
});
