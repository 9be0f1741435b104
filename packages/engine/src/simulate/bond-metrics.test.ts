import { describe, expect, it } from 'vitest';
import dna1 from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { bondMetrics } from './bond-metrics.ts';
import { stateAfter } from './deal-state.ts';
import { runDeal } from './run-deal.ts';
import { simulate } from './simulate.ts';
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

describe('write-down % (issue 23 #6): one convention, of the balance at settlement', () => {
  it('a class written down to nothing from a mid-life settlement is 100 %, not its share of the original balance', () => {
    const spec = dna1 as unknown as DealSpec;
    const scenario = {
      prepay: { kind: 'annual' as const, values: 0.1 }, default: { kind: 'annual' as const, values: 0 }, severity: 0.25, delinquency: 0,
      indexRate: 0.04, lossSource: 'scenario' as const, cleanUpCall: false, timeCall: false, collateralGroup: null,
    };
    // Two years in at 10 CPR: M-1 has been paid down below its original balance.
    const state = stateAfter(runDeal(spec, scenario), 24);
    const original = spec.tranches.find((t) => t.name === 'M-1')!.originalNotional;
    const atSettlement = state.notionals['M-1']!;
    expect(atSettlement).toBeLessThan(original);
    const res = simulate(spec, { DealName: spec.dealName, Cpr: 0.1, Cdr: 0.3, LossSeverity: 0.6, Delinquency: 0, Libor: 0.04, BondName: 'M-1' }, state);
    const bond = res.BondsCashflows[0]!;
    expect(bond.BondCashflow.reduce((s, r) => s + r.ActualWriteDown, 0)).toBeCloseTo(atSettlement, 2);
    expect(bond.WritedownPct).toBeCloseTo(100, 6);
  });
});
