import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AmortizationPeriod,
  firstLossPeriod,
  lifeMetrics,
  principalWindow,
  thirtyDayClock,
  weightedAverageLife,
  weightedAverageLifeFromDates,
  writeDownPct,
} from './life-metrics.ts';

const monthly = (n: number) => n / 12;

describe('weighted average life', () => {
  it('is the payment time of a bullet', () => {
    const bullet: AmortizationPeriod[] = [
      { period: 1, principal: 0 },
      { period: 2, principal: 0 },
      { period: 36, principal: 1000 },
    ];
    expect(weightedAverageLife(bullet, monthly)).toBe(3);
  });

  it('weights by balance reduction: 100 at month 12 and 300 at month 24 → (1×100 + 2×300)/400 = 1.75 years', () => {
    expect(weightedAverageLife([{ period: 12, principal: 100 }, { period: 24, principal: 300 }], monthly)).toBeCloseTo(1.75, 14);
  });

  it('counts write-downs as balance reduction unless cash-only', () => {
    // Principal 100 at month 12, write-down 300 at month 24: (1×100 + 2×300)/400 = 1.75; cash only → 1.
    const rows: AmortizationPeriod[] = [{ period: 12, principal: 100 }, { period: 24, principal: 0, writeDown: 300 }];
    expect(weightedAverageLife(rows, monthly)).toBeCloseTo(1.75, 14);
    expect(weightedAverageLife(rows, monthly, { cashOnly: true })).toBe(1);
  });

  it('uses the STACR PPM clock t(n) = (30n + 8)/360: a bullet at period 1 lives 38/360 years', () => {
    expect(weightedAverageLife([{ period: 1, principal: 5 }], thirtyDayClock(8))).toBeCloseTo(38 / 360, 15);
  });

  it('measures 30/360 years from a date: 2026-01-30 → 2027-07-25 = 360 + 180 − 5 = 535 days', () => {
    const rows: AmortizationPeriod[] = [{ period: 18, date: '2027-07-25', principal: 1 }];
    expect(weightedAverageLifeFromDates(rows, '2026-01-30')).toBeCloseTo(535 / 360, 15);
    expect(() => weightedAverageLifeFromDates([{ period: 1, principal: 1 }], '2026-01-30')).toThrow(RangeError);
  });

  it('is null when nothing is paid or written down', () => {
    expect(weightedAverageLife([{ period: 1, principal: 0, writeDown: 0 }], monthly)).toBeNull();
    expect(weightedAverageLife([], monthly)).toBeNull();
  });

  it('lies between the first and last reducing period (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 60 }), (amounts) => {
        const rows = amounts.map((principal, k) => ({ period: k + 1, principal }));
        const wal = weightedAverageLife(rows, monthly);
        const paying = rows.filter((r) => r.principal > 0);
        if (paying.length === 0) {
          expect(wal).toBeNull();
          return;
        }
        expect(wal as number).toBeGreaterThanOrEqual(monthly((paying[0] as AmortizationPeriod).period) - 1e-12);
        expect(wal as number).toBeLessThanOrEqual(monthly((paying.at(-1) as AmortizationPeriod).period) + 1e-12);
      }),
    );
  });
});

describe('window, write-down %, first loss', () => {
  const rows: AmortizationPeriod[] = [
    { period: 1, principal: 0 },
    { period: 2, principal: 50, writeDown: 0 },
    { period: 3, principal: 0, writeDown: 20 },
    { period: 4, principal: 30, writeDown: -5 },
    { period: 5, principal: 0 },
  ];

  it('finds the principal window 2-4 and null when nothing pays', () => {
    expect(principalWindow(rows)).toEqual({ first: 2, last: 4 });
    expect(principalWindow([{ period: 1, principal: 0 }])).toBeNull();
  });

  it('spans the periods the WAL weighs: write-downs count unless cash only (issue 18 #6)', () => {
    const writtenOff: AmortizationPeriod[] = [{ period: 1, principal: 0, writeDown: 10 }, { period: 2, principal: 0, writeDown: 90 }, { period: 3, principal: 0 }];
    expect(principalWindow(writtenOff)).toEqual({ first: 1, last: 2 });
    expect(principalWindow(writtenOff, { cashOnly: true })).toBeNull();
    // Principal 1-2, then a write-down in 5: the WAL weighs period 5, so the window reaches it.
    const late: AmortizationPeriod[] = [{ period: 1, principal: 50 }, { period: 2, principal: 30 }, { period: 5, principal: 0, writeDown: 20 }];
    expect(principalWindow(late)).toEqual({ first: 1, last: 5 });
    // A write-up is no reduction.
    expect(principalWindow([{ period: 1, principal: 0, writeDown: -5 }])).toBeNull();
  });

  it('nets write-ups: (20 − 5)/200 = 7.5 %', () => {
    expect(writeDownPct(rows, 200)).toBeCloseTo(7.5, 14);
    expect(writeDownPct(rows, 0)).toBeNull();
  });

  it('finds the first loss period 3 and null without losses', () => {
    expect(firstLossPeriod(rows)).toBe(3);
    expect(firstLossPeriod(rows.slice(0, 2))).toBeNull();
  });

  it('bundles the metrics', () => {
    // WAL: (2×50 + 3×20 + 4×30)/100 months = 280/100/12 years.
    expect(lifeMetrics(rows, 200, monthly)).toEqual({
      walYears: 280 / 100 / 12,
      principalWindow: { first: 2, last: 4 },
      writeDownPct: 7.5,
      firstLossPeriod: 3,
    });
  });
});
