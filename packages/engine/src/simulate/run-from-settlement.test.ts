import { describe, expect, it } from 'vitest';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { settlementOf } from './bond-analysis.ts';
import { runBondMatrix } from './bond-matrix.ts';
import { requestToScenario } from './request-scenario.ts';
import { lastPaymentDateOnOrBefore } from './run-from-settlement.ts';
import { runRequest, simulate } from './simulate.ts';
import type { SimulationRequest } from './simulation-types.ts';

// STACR 2026-DNA1: closing 02/17/2026, payment dates on the 25th from 03/25/2026.
const dna1 = dna1Json as DealSpec;
const request = (settlement: number): SimulationRequest => ({
  DealName: 'STACR 2026-DNA1', SettlementDate: settlement, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: 0.04,
});

describe('runs seen from the settlement date (issue 23 #7)', () => {
  it('period 1 is the first payment date after settlement; the start balance is the balance after the dates before it', () => {
    const atClosing = simulate(dna1, request(20260217), null);
    // Settled on 05/27/2026: 03/25, 04/25 and 05/25 went to the seller.
    const later = simulate(dna1, request(20260527), null);
    const full = atClosing.BondsCashflows.find((b) => b.BondName === 'M-1')!.BondCashflow;
    const rows = later.BondsCashflows.find((b) => b.BondName === 'M-1')!.BondCashflow;
    expect(rows[0]).toMatchObject({ Period: 1, PaymentDate: 20260625 });
    expect(rows[0]?.Balance).toBe(full[3]?.Balance);
    expect(rows).toHaveLength(full.length - 3);
    expect(later.CollateralCashflow[0]).toMatchObject({ Period: 1, PaymentDate: 20260625 });
    expect(later.MiscVariables.Triggers[0]).toMatchObject({ Period: 1, PaymentDate: 20260625, PaymentDateNumber: 4 });
    for (const b of later.BondsCashflows) for (const r of b.BondCashflow) expect(r.PaymentDate).toBeGreaterThan(20260527);
    // WAL is measured from settlement over what the holder receives: never negative time.
    for (const b of later.BondsCashflows) expect(b.Wal, b.BondName).toBeGreaterThanOrEqual(0);
  });

  it('the bond matrix sees the run from settlement too: its cell equals the single run at that settlement', () => {
    const single = simulate(dna1, request(20260527), null).BondsCashflows.find((b) => b.BondName === 'M-1')!;
    const m = runBondMatrix(dna1, requestToScenario(dna1, request(20260527)), 'M-1', null, '2026-05-27', { cprPct: [10], cdrPct: [1] });
    expect(m.Wal[0]?.[0]).toBeCloseTo(single.Wal, 6);
    expect(m.WritedownPct[0]?.[0]).toBeCloseTo(single.WritedownPct, 6);
  });

  it('a settlement on a payment date leaves that date out; before the first payment date nothing is left out', () => {
    expect(runRequest(dna1, request(20260325), null).paymentDates[0]).toBe('2026-04-25');
    expect(runRequest(dna1, request(20260324), null).paymentDates[0]).toBe('2026-03-25');
    expect(runRequest(dna1, { ...request(20260217), SettlementDate: undefined }, null).paymentDates[0]).toBe('2026-03-25');
  });

  it('the accrual period at settlement starts at the last payment date on or before it', () => {
    expect(lastPaymentDateOnOrBefore(dna1, '2026-03-24')).toBeNull();
    expect(lastPaymentDateOnOrBefore(dna1, '2026-03-25')).toBe('2026-03-25');
    expect(lastPaymentDateOnOrBefore(dna1, '2026-11-24')).toBe('2026-10-25');
    expect(lastPaymentDateOnOrBefore(dna1, '2026-11-27')).toBe('2026-11-25');
    expect(settlementOf(dna1, request(20261127), null)).toEqual({ settlement: '2026-11-27', accrualStart: '2026-11-25' });
    expect(settlementOf(dna1, request(20260301), null)).toEqual({ settlement: '2026-03-01', accrualStart: '2026-02-17' });
  });
});
