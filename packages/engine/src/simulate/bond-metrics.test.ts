import { describe, expect, it } from 'vitest';
import { bondMetrics } from './bond-metrics.ts';
import type { BondCashflowRow } from './simulation-types.ts';

const row = (Period: number, Balance: number, Principal: number, ActualWriteDown: number): BondCashflowRow => ({
  Period, PaymentDate: 20260125 + Period * 100, Balance, Principal, Interest: 0, Rate: 0, Cash: Principal, ActualWriteDown,
  CprRate: 0, CdrRate: 0, LossSeverityRate: 0, DelinquencyRate: 0,
} as BondCashflowRow);

describe('bondMetrics: one convention for WAL, window and first loss (issue 18 #6)', () => {
  it('gives a class reduced only by write-downs a window and a first loss period', () => {
    const m = bondMetrics([row(1, 80, 0, 20), row(2, 0, 0, 80), row(3, 0, 0, 0)], 100, '2026-01-25');
    expect(m.PrincipalWindow).toBe('1-2');
    expect(m.FirstLossPeriod).toBe(1);
    expect(m.WritedownPct).toBe(100);
    expect(m.Wal).toBeGreaterThan(0);
  });

  it('gives no window and WAL 0 when nothing reduced the balance (the screens show -----)', () => {
    const m = bondMetrics([row(1, 100, 0, 0), row(2, 100, 0, 0)], 100, '2026-01-25');
    expect(m).toMatchObject({ PrincipalWindow: '', Wal: 0, FirstLossPeriod: 0, WritedownPct: 0 });
  });

  it('keeps the window around every period the WAL weighs', () => {
    const m = bondMetrics([row(1, 60, 40, 0), row(2, 60, 0, 0), row(3, 0, 0, 60)], 100, '2026-01-25');
    expect(m.PrincipalWindow).toBe('1-3');
    expect(m.FirstLossPeriod).toBe(3);
  });
});
