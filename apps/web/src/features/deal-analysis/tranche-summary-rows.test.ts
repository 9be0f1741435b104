import { describe, expect, it } from 'vitest';
import type { BondCashflowResult } from '@opencrt/engine';
import { summaryDeltas, summaryRow, summaryRows } from './tranche-summary-rows.ts';

const row = (Period: number, Balance: number, Principal: number, Interest: number, ActualWriteDown: number) => ({
  Period, PaymentDate: 20260325 + Period, Balance, Principal, Interest, Rate: 0.055, Cash: Principal + Interest, ActualWriteDown,
  CprRate: 0.1, CdrRate: 0.01, LossSeverityRate: 0.25, DelinquencyRate: 0,
});
const bond = (name: string, rows: ReturnType<typeof row>[], extra: Partial<BondCashflowResult> = {}): BondCashflowResult => ({
  BondName: name, BondCashflow: rows, Wal: 1.5, PrincipalWindow: '1-2', WritedownPct: 10, FirstLossPeriod: 2, ...extra,
});

describe('tranche summary rows', () => {
  it('takes the balance at settlement, coupon and totals from the rows and the metrics from the engine', () => {
    const r = summaryRow(bond('M-1', [row(1, 80, 20, 5, 0), row(2, 0, 70, 4, 10)]));
    expect(r).toEqual({
      bondName: 'M-1', balance: 100, coupon: 0.055, wal: 1.5, window: '1-2', writedownPct: 10, firstLossPeriod: 2, principal: 90, interest: 9, loss: 10,
    });
  });

  it('shows no WAL without a window and no first loss period without a write-down', () => {
    const r = summaryRow(bond('B-1', [row(1, 100, 0, 5, 0)], { PrincipalWindow: '', Wal: 0, FirstLossPeriod: 0, WritedownPct: 0 }));
    expect(r.wal).toBeNull();
    expect(r.firstLossPeriod).toBeNull();
    expect(r.loss).toBe(0);
  });

  it('shows no window and no WAL for a class paid no principal, only written down (issue 23 #6)', () => {
    // The engine's window and WAL weigh write-downs too (the PPM convention): '62-70', 5.51 for M-2A at CDR 3.
    const r = summaryRow(bond('M-2A', [row(62, 40, 0, 5, 60), row(70, 0, 0, 2, 40)], { PrincipalWindow: '62-70', Wal: 5.51, WritedownPct: 100, FirstLossPeriod: 62 }));
    expect(r).toMatchObject({ wal: null, window: '', writedownPct: 100, firstLossPeriod: 62, principal: 0, loss: 100 });
  });

  it('keeps the shown classes in run order and compares two runs class by class', () => {
    const now = summaryRows([bond('A', [row(1, 50, 50, 1, 0)]), bond('B', [row(1, 80, 10, 2, 10)]), bond('C', [row(1, 1, 0, 0, 0)])], ['B', 'A']);
    expect(now.map((r) => r.bondName)).toEqual(['A', 'B']);
    const pinned = summaryRows([bond('B', [row(1, 90, 5, 2, 5)], { Wal: 2 })], ['B']);
    const deltas = summaryDeltas(now, pinned);
    expect(deltas.get('B')).toMatchObject({ loss: 5, wal: -0.5, balance: 0, interest: 0 });
    expect(deltas.get('A')?.loss).toBeNull();
  });
});
