import { describe, expect, it } from 'vitest';
import { callBeforeFirstPayment, firstCallMonth, hasNoPeriods } from './early-call.ts';

describe('firstCallMonth', () => {
  it('is the month of the first payment after settlement once the optional cancellation date has passed', () => {
    expect(firstCallMonth(20250625, 20261125, 20261025)).toBe('2026-11');
    // Settled on the 1st: the 25th of the same month is still to be paid.
    expect(firstCallMonth(20250625, 20261025, 20261001)).toBe('2026-10');
  });
  it('is the optional cancellation month while that is still ahead', () => {
    expect(firstCallMonth(20280901, 20231125, 20231025)).toBe('2028-09');
  });
  it('without a projected payment date: the month after settlement (December rolls the year)', () => {
    expect(firstCallMonth(null, null, 20261225)).toBe('2027-01');
    expect(firstCallMonth(101, 101, 20260315)).toBe('2026-04');
  });
});

describe('callBeforeFirstPayment', () => {
  it('explains a month before the first covered one and is null from it on', () => {
    expect(callBeforeFirstPayment('Early Call', '2025-06', '2026-11', 20261025)).toBe(
      'No periods to project: the Early Call in 06/2025 ends the cover before the first payment date after the settlement date 10/25/2026. Choose 11/2026 or later.');
    expect(callBeforeFirstPayment('Early Call', '2026-11', '2026-11', 20261025)).toBeNull();
    expect(callBeforeFirstPayment('Cancellation', '', '2026-11', 20261025)).toBeNull();
  });
});

describe('hasNoPeriods', () => {
  const r = (Period: number, IsHistorical = false) => ({ Period, IsHistorical }) as Parameters<typeof hasNoPeriods>[0][number];
  it('is true with only the period-0 row or only historical rows', () => {
    expect(hasNoPeriods([r(0)])).toBe(true);
    expect(hasNoPeriods([])).toBe(true);
    expect(hasNoPeriods([r(0, true), r(1, true)])).toBe(true);
    expect(hasNoPeriods([r(0), r(1)])).toBe(false);
  });
});
