import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineMetrics } from './line-metrics.ts';

describe('lineMetrics', () => {
  it('works a small amortizing limit by hand', () => {
    // Limit 1200 → 1000 → 800 → 600 over three months.
    // LY = (1200 + 1000 + 800)/12 = 250 limit-years.
    // RateOnLine = (10 + 8 + 6)/250 = 0.096; LossOnLine = 30/250 = 0.12; Margin = −0.024.
    // Cumulative loss = 30/1200 = 2.5 %; first loss in period 2.
    const m = lineMetrics(1200, [
      { period: 1, limit: 1000, premium: 10, insurerPaidLoss: 0 },
      { period: 2, limit: 800, premium: 8, insurerPaidLoss: 30 },
      { period: 3, limit: 600, premium: 6, insurerPaidLoss: 0 },
    ]);
    expect(m.limitYears).toBeCloseTo(250, 12);
    expect(m.rateOnLine).toBeCloseTo(0.096, 14);
    expect(m.lossOnLine).toBeCloseTo(0.12, 14);
    expect(m.marginOnLine).toBeCloseTo(-0.024, 14);
    expect(m.cumulativeLossPct).toBeCloseTo(2.5, 14);
    expect(m.firstLossPeriod).toBe(2);
  });

  it('gives the annual premium rate for a flat limit over a year', () => {
    // 12 months on 1,000,000 at 0.5 %/yr premium paid monthly: 416.67 a month, LY = 1 → ROL = 0.005.
    const periods = Array.from({ length: 12 }, (_, k) => ({ period: k + 1, limit: 1_000_000, premium: (1_000_000 * 0.005) / 12, insurerPaidLoss: 0 }));
    const m = lineMetrics(1_000_000, periods);
    expect(m.limitYears).toBeCloseTo(1_000_000, 6);
    expect(m.rateOnLine).toBeCloseTo(0.005, 14);
    expect(m.lossOnLine).toBe(0);
    expect(m.firstLossPeriod).toBeNull();
  });

  it('returns nulls without exposure', () => {
    const m = lineMetrics(0, [{ period: 1, limit: 0, premium: 0, insurerPaidLoss: 0 }]);
    expect(m).toEqual({ limitYears: 0, rateOnLine: null, lossOnLine: null, marginOnLine: null, cumulativeLossPct: null, firstLossPeriod: null });
  });

  it('keeps margin = rate − loss on line (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ limit: fc.integer({ min: 0, max: 1e9 }), premium: fc.integer({ min: 0, max: 1e6 }), loss: fc.integer({ min: 0, max: 1e6 }) }), { minLength: 1, maxLength: 24 }),
        (rows) => {
          const m = lineMetrics(1e9, rows.map((r, k) => ({ period: k + 1, limit: r.limit, premium: r.premium, insurerPaidLoss: r.loss })));
          expect(m.marginOnLine).toBeCloseTo((m.rateOnLine as number) - (m.lossOnLine as number), 12);
        },
      ),
    );
  });
});
