import { describe, expect, it } from 'vitest';
import { actualDays, days30360, months30360, parseDate, years30360 } from './day-count.ts';

describe('day counts', () => {
  it('accepts ISO strings and yyyymmdd numbers', () => {
    expect(parseDate('2026-03-25')).toEqual({ y: 2026, m: 3, d: 25 });
    expect(parseDate(20260325)).toEqual({ y: 2026, m: 3, d: 25 });
    expect(() => parseDate('2026-02-30')).toThrow(RangeError);
    expect(() => parseDate(2026)).toThrow(RangeError);
  });

  it('counts actual days across a leap day: 2028-02-25 → 2028-03-25 = 29', () => {
    expect(actualDays('2028-02-25', '2028-03-25')).toBe(29);
    expect(actualDays(20260325, 20260217)).toBe(-36);
  });

  it('counts 30/360 US bond basis', () => {
    // Closing 2026-02-17 → first PD 2026-03-25: 30 + 8 = 38 days (the PPM WAL clock offset).
    expect(days30360('2026-02-17', '2026-03-25')).toBe(38);
    // Day 31 start is 30; day 31 end stays 31 unless the start is 30/31.
    expect(days30360('2026-01-31', '2026-03-31')).toBe(60);
    expect(days30360('2026-01-15', '2026-03-31')).toBe(76);
    expect(months30360('2026-01-10', '2026-02-25')).toBe(1.5);
    expect(years30360('2026-01-25', '2027-01-25')).toBe(1);
  });
});
