import { describe, expect, it } from 'vitest';
import { MISSING, formatDate, formatDecimal, formatDollars, formatMonth, formatPercent } from './catalog-format.ts';

describe('catalog formats', () => {
  it('dollars with 2 decimals and separators', () => {
    expect(formatDollars(22781151551.84)).toBe('22,781,151,551.84');
    expect(formatDollars(0)).toBe('0.00');
    expect(formatDollars(null)).toBe(MISSING);
  });
  it('default rounding 5 places', () => {
    expect(formatDecimal(0.9442036)).toBe('0.94420');
    expect(formatDecimal(undefined)).toBe('-----');
  });
  it('percent 2 or 4 decimals, exponent values as >1000%', () => {
    expect(formatPercent(3.525)).toBe('3.53%');
    expect(formatPercent(3.525, 4)).toBe('3.5250%');
    expect(formatPercent(1e21)).toBe('>1000%');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('>1000%');
  });
  it('dates MM/DD/YYYY, factor month MM/YYYY, 01/01/0000 as dashes', () => {
    expect(formatDate(20260217)).toBe('02/17/2026');
    expect(formatMonth(20261025)).toBe('10/2026');
    expect(formatDate(101)).toBe(MISSING);
    expect(formatMonth(101)).toBe(MISSING);
  });
});
