import { describe, expect, it } from 'vitest';
import dna1 from '../../../../data/sources/stacr/stacr-2026-dna1.json' with { type: 'json' };
import { type FloaterPeriod, discountMarginFromPrice, priceFromDiscountMargin } from './discount-margin.ts';
import { type AmortizationPeriod, principalWindow, thirtyDayClock, weightedAverageLife } from './life-metrics.ts';

/**
 * STACR 2026-DNA1 Class A-1 (PPM Table 1 and Appendix G, via data/sources/stacr): the class pays
 * its Appendix G reduction schedule (81 % of its original balance over Payment Dates 1–36) and,
 * at the Table 1 pricing speed, the remaining 19 % on Payment Date 37 — the printed principal
 * window is 1-37. With the PPM WAL clock t(n) = (30n + 8)/360 (Closing Date 17 Feb 2026 is one
 * month and 8 days before the first 25th) this reproduces the printed expected WAL of 1.59 years:
 * (Σ_{n≤36} t(n)·pct_n + 19 × 1118/360)/100 = (99.675 + 59.00556)/100 = 1.58681.
 */
const a1 = dna1.notes.find((n) => n.class === 'A-1');
if (a1 === undefined || dna1.class_a1_reduction_schedule === null) throw new Error('DNA1 A-1 data missing');
const schedule = dna1.class_a1_reduction_schedule.rows;
const scheduled = schedule.reduce((s, r) => s + r.a1, 0);
const periods: (AmortizationPeriod & FloaterPeriod)[] = [
  ...schedule.map((r) => ({ period: r.payment_date_number, date: r.payment_date, principal: r.a1 })),
  { period: 37, date: '2029-03-25', principal: a1.original_balance - scheduled },
];

describe('STACR 2026-DNA1 Class A-1', () => {
  it('reproduces the Table 1 expected WAL (1.59) and principal window (1-37)', () => {
    expect(scheduled).toBe(223_479_000); // Appendix G total of the A-1 column
    const wal = weightedAverageLife(periods, thirtyDayClock(8)) as number;
    expect(wal).toBeCloseTo(1.586806, 6);
    expect(Math.round(wal * 100) / 100).toBe(a1.table1_expected_wal_years);
    expect(principalWindow(periods)).toEqual({ first: 1, last: a1.table1_principal_window_payment_dates[1] });
  });

  it('has DM = margin (0.85 %) at par when bought at closing with SOFR flat at 3.65786 %', () => {
    const terms = {
      settlement: dna1.dates.closing_date,
      accrualStart: dna1.dates.closing_date, // first Accrual Period runs from the Closing Date
      face: a1.original_balance,
      margin: a1.margin_pct / 100,
      index: dna1.index.value_at_issue_pct / 100,
    };
    expect(discountMarginFromPrice(periods, terms, 100).Value).toBeCloseTo(0.0085, 12);
    // 100 bp wider discounting prices the 1.59-year class about 1.5 points below par.
    const wide = priceFromDiscountMargin(periods, terms, 0.0185).Value as number;
    expect(wide).toBeLessThan(98.6);
    expect(wide).toBeGreaterThan(98.3);
  });
});
