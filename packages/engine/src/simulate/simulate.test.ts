import { describe, expect, it } from 'vitest';
import dna1Src from '../../../../data/sources/stacr/stacr-2026-dna1.json' with { type: 'json' };
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import dna2Src from '../../../../data/sources/stacr/stacr-2026-dna2.json' with { type: 'json' };
import dna2Json from '../../../../data/deals/structures/stacr-2026-dna2.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { simulate } from './simulate.ts';
import { cutRows } from './collateral-rows.ts';
import { validateSimulationRequest, requestVectorToRate } from './request-scenario.ts';
import type { SimulationRequest } from './simulation-types.ts';

const dna1 = dna1Json as DealSpec;
const request = (over: Partial<SimulationRequest> = {}): SimulationRequest => ({
  DealName: 'STACR 2026-DNA1', SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0.25],
  Delinquency: [0, 0], Libor: 0.0365786, CleanupCall: true, Cancellation: true, ...over,
});

describe('simulate (STACR 2026-DNA1)', () => {
  it('reproduces Table 1 WAL and principal windows (10 % CPR, call at PD 60)', () => {
    const res = simulate(dna1, request(), null);
    for (const note of dna1Src.notes) {
      const bond = res.BondsCashflows.find((b) => b.BondName === note.class)!;
      expect(bond.Wal.toFixed(2), note.class).toBe(note.table1_expected_wal_years.toFixed(2));
      expect(bond.PrincipalWindow, note.class).toBe(note.table1_principal_window_payment_dates.join('-'));
    }
    const m2 = res.BondsCashflows.find((b) => b.BondName === 'M-2')!;
    expect(m2.Wal.toFixed(2)).toBe('4.45');
    expect(res.MiscVariables.RedemptionPeriod).toBe(60);
  });
  it('reproduces STACR 2026-DNA2 Table 1 WAL and windows, MACR classes included', () => {
    const dna2 = dna2Json as DealSpec;
    const res = simulate(dna2, request({ DealName: 'STACR 2026-DNA2', SettlementDate: 20260317, Libor: 0.0367223 }), null);
    for (const note of [...dna2Src.notes, ...dna2Src.macr_notes]) {
      const bond = res.BondsCashflows.find((b) => b.BondName === note.class)!;
      expect(bond.Wal.toFixed(2), note.class).toBe(note.table1_expected_wal_years.toFixed(2));
      if (note.table1_principal_window_payment_dates) expect(bond.PrincipalWindow, note.class).toBe(note.table1_principal_window_payment_dates.join('-'));
    }
  });
  it('shapes collateral rows and bond rows per the spec', () => {
    const res = simulate(dna1, request({ Cdr: [0, 0.01], Cancellation: false, CleanupCall: false }), null);
    const first = res.CollateralCashflow[0]!;
    expect(first.PaymentDate).toBe(20260325);
    expect(Object.keys(first)).toEqual([
      'Period', 'PaymentDate', 'Balance', 'Interest', 'PassThru', 'ScheduledPrincipal', 'PrepaidPrincipal', 'Defaults', 'Losses',
      'Recoveries', 'CumulativeLosses', 'CumulativeDefaults', 'InterestRate', 'PassThruRate', 'CprRate', 'CdrRate',
      'LossSeverityRate', 'DelinquencyRate', 'ForeclosureBalance',
    ]);
    expect(first.CprRate).toBeCloseTo(0.1, 10);
    expect(first.CdrRate).toBeCloseTo(0.01, 10);
    expect(res.ProjectedLosses).toBeCloseTo(res.CollateralCashflow.at(-1)!.CumulativeLosses, 4);
    // Σ write-downs over all tranches = Σ collateral losses (no write-ups in projections).
    const wd = res.BondsCashflows.filter((b) => dna1.tranches.some((t) => t.name === b.BondName))
      .reduce((s, b) => s + b.BondCashflow.reduce((x, r) => x + r.ActualWriteDown, 0), 0);
    expect(wd).toBeCloseTo(res.ProjectedLosses, 2);
    const b3 = res.BondsCashflows.find((b) => b.BondName === 'B-3H')!;
    expect(b3.FirstLossPeriod).toBe(1);
    expect(b3.WritedownPct).toBeCloseTo(100, 6);
    const trig = res.MiscVariables.Triggers[0]!;
    expect(trig.SeniorPct).toBeCloseTo(0.96475, 12);
    expect(trig.MinimumCreditEnhancementTest).toBe(true);
    // CNL after PD 1 ≈ 25 % × two months of 1 % CDR ≈ 0.04 % <= 0.10 %; the loss breaks the knife-edge MCE on PD 2.
    expect(trig.CumulativeNetLossTest).toBe(true);
    expect(res.MiscVariables.Triggers[1]!.MinimumCreditEnhancementTest).toBe(false);
  });
  it('interest of a note row = prior balance × (SOFR + margin) × days / 360', () => {
    const res = simulate(dna1, request(), null);
    const a1 = res.BondsCashflows.find((b) => b.BondName === 'A-1')!;
    expect(a1.BondCashflow[0]!.Interest).toBe(dna1Src.tie_out.first_payment_date.note_interest_36_days['A-1']);
    expect(a1.BondCashflow[0]!.Rate).toBeCloseTo(0.0450786, 12);
  });
  it('returns only the requested bond', () => {
    expect(simulate(dna1, request({ BondName: 'M-1' }), null).BondsCashflows.map((b) => b.BondName)).toEqual(['M-1']);
  });
});

describe('simulate edge cases', () => {
  it('floors floating coupons at 0 when index + margin is negative', () => {
    const res = simulate(dna1, request({ Libor: -0.05, BondName: 'A-1' }), null);
    expect(res.BondsCashflows[0]!.BondCashflow[0]!.Rate).toBe(0);
    expect(res.BondsCashflows[0]!.BondCashflow[0]!.Interest).toBe(0);
  });
  it('forces CDR and delinquency to 0 for agency deals', () => {
    const agency: DealSpec = { ...dna1, family: 'Agency' };
    const res = simulate(agency, request({ Cdr: [0, 0.05], Delinquency: [0, 0.2] }), null);
    expect(res.ProjectedLosses).toBe(0);
    expect(res.CollateralCashflow.every((r) => r.Defaults === 0 && r.DelinquencyRate === 0)).toBe(true);
  });
  it('cuts rows after the first period whose previous balance is under 0.005', () => {
    const rows = [10, 0.004, 0, 0, 0].map((Balance, i) => ({ Period: i + 1, Balance }));
    expect(cutRows(rows, 100).map((r) => r.Period)).toEqual([1, 2, 3]);
    expect(cutRows(rows, 0.001).map((r) => r.Period)).toEqual([1]);
    expect(cutRows([{ Balance: 5 }, { Balance: 1 }], 100)).toHaveLength(2);
  });
});

describe('loan-level runs', () => {
  it('RunLoanLevel with a tape equal to the rep lines reproduces the rep-line run within cents', () => {
    const lines = dna1.collateral.repLines;
    const tape = {
      count: lines.length, balance: Float64Array.from(lines, (l) => l.balance), grossRate: Float64Array.from(lines, (l) => l.grossCouponPct / 100),
      netRate: Float64Array.from(lines, (l) => l.grossCouponPct / 100), remainingTerm: Int32Array.from(lines, (l) => l.remainingTermMonths),
      age: Int32Array.from(lines, (l) => l.ageMonths),
    };
    const rep = simulate(dna1, request({ Cdr: [0, 0.01], BondName: 'M-1' }), null);
    const loan = simulate(dna1, request({ Cdr: [0, 0.01], BondName: 'M-1', RunLoanLevel: true }), null, tape);
    expect(loan.BondsCashflows[0]!.Wal).toBeCloseTo(rep.BondsCashflows[0]!.Wal, 3);
    loan.CollateralCashflow.forEach((r, i) => expect(Math.abs(r.Balance - rep.CollateralCashflow[i]!.Balance)).toBeLessThan(500));
  });
});

describe('request validation and vectors', () => {
  it('names missing and invalid inputs with the spec messages', () => {
    const bad = { ...request(), Cpr: [], Cdr: [0, 1.5] } as SimulationRequest;
    expect(validateSimulationRequest(bad).map((i) => i.message)).toEqual(['Missing required: CPR', 'Missing valid: CDR']);
    expect(validateSimulationRequest(request())).toEqual([]);
  });
  it('drops the period-0 element of lists and keeps scalars', () => {
    expect(requestVectorToRate([0, 0.1, 0.2])).toEqual([0.1, 0.2]);
    expect(requestVectorToRate([0.07])).toBe(0.07);
    expect(requestVectorToRate(0.05)).toBe(0.05);
  });
});
