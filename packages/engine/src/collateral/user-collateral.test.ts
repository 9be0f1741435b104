import { describe, expect, it } from 'vitest';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { runRequest, simulate, prerunProblems } from '../simulate/simulate.ts';
import type { SimulationRequest } from '../simulate/simulation-types.ts';
import { userCollateralFlows, userCollateralProblems, type UserCollateralRows } from './user-collateral.ts';
import type { CollateralFlows } from './collateral-types.ts';

const dna1 = dna1Json as DealSpec;
const request = (over: Partial<SimulationRequest> = {}): SimulationRequest => ({
  DealName: 'STACR 2026-DNA1', SettlementDate: 20260217, Cpr: [0, 0.12], Cdr: [0, 0.01], LossSeverity: [0, 0.3],
  Delinquency: [0, 0.02], Libor: 0.04, CleanupCall: false, ...over,
});

/** The rows a user would upload to replay these flows (period 0 = starting balance only). */
function rowsOf(f: CollateralFlows, libor = 0): UserCollateralRows {
  const list = (a: Float64Array): number[] => [0, ...a];
  return {
    Balance: [f.beginBalance[0] as number, ...f.balance],
    Interest: list(f.interest), PassThru: list(f.passThru), ScheduledPrincipal: list(f.scheduled),
    PrepaidPrincipal: list(f.prepaid), Defaults: list(f.defaults), Losses: list(f.losses),
    Recoveries: list(f.recoveries), Delinquency: list(f.delinquency), Libor: new Array(f.months + 1).fill(libor),
  };
}

describe('user collateral cashflows (prerun collateral)', () => {
  const projected = runRequest(dna1, request(), null);
  const rows = rowsOf(projected.flows, 0.04);

  it('replaying a projection through the waterfall gives the same bond cashflows, to the cent', () => {
    const base = simulate(dna1, request(), null);
    const replay = simulate(dna1, { ...request({ Cpr: [0, 0.5], Cdr: [0, 0.2] }), UserCollateralCashflow: rows }, null);
    expect(replay.BondsCashflows.map((b) => b.BondName)).toEqual(base.BondsCashflows.map((b) => b.BondName));
    base.BondsCashflows.forEach((b, i) => {
      const r = replay.BondsCashflows[i]!;
      expect(r.BondCashflow.length, b.BondName).toBe(b.BondCashflow.length);
      b.BondCashflow.forEach((row, k) => {
        expect(r.BondCashflow[k]!.Balance, `${b.BondName} period ${k}`).toBeCloseTo(row.Balance, 2);
        expect(r.BondCashflow[k]!.Interest, `${b.BondName} period ${k}`).toBeCloseTo(row.Interest, 2);
      });
    });
    expect(replay.ProjectedLosses).toBeCloseTo(base.ProjectedLosses, 2);
  });

  it('scales a file made for another balance to the pool at the run start (shape kept, Σ tranches = pool)', () => {
    const half: UserCollateralRows = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, k === 'Delinquency' || k === 'Libor' ? v : (v as number[]).map((x) => x / 2)])) as unknown as UserCollateralRows;
    const full = simulate(dna1, { ...request(), UserCollateralCashflow: rows }, null);
    const scaled = simulate(dna1, { ...request(), UserCollateralCashflow: half }, null);
    // The PPM convention rounds each period's loss to the cent: a rescaled file may differ by cents over the life.
    expect(Math.abs(scaled.ProjectedLosses - full.ProjectedLosses)).toBeLessThan(1);
    const start = dna1.collateral.repLines.reduce((s, l) => s + l.balance, 0);
    const flows = userCollateralFlows(half, start, 12);
    expect(flows.beginBalance[0]).toBeCloseTo(start, 4);
  });

  it('takes the index path from the Libor column, else from the request', () => {
    const floating = (libor: number, fileLibor: number) => simulate(dna1, { ...request({ Libor: libor }), UserCollateralCashflow: rowsOf(projected.flows, fileLibor) }, null)
      .BondsCashflows.find((b) => b.BondName === 'M-1')!.BondCashflow[1]!.Interest;
    expect(floating(0.01, 0.05)).toBeCloseTo(floating(0.03, 0.05), 6);
    expect(floating(0.01, 0)).toBeLessThan(floating(0.03, 0));
  });

  it('passes no speeds to the collateral: a run needs no CPR/CDR with a prerun cashflow', () => {
    const bare = { DealName: 'STACR 2026-DNA1', SettlementDate: 20260217, UserCollateralCashflow: rows } as unknown as SimulationRequest;
    expect(() => simulate(dna1, bare, null)).not.toThrow();
    expect(prerunProblems(dna1, bare)).toEqual([]);
  });

  it('names what makes a file unusable', () => {
    expect(userCollateralProblems({ ...rows, Balance: [100] } as UserCollateralRows)[0]).toMatch(/starting balance and at least one period/);
    expect(userCollateralProblems({ ...rows, Interest: [1, 2] })).toContain(`Interest has 2 values; Balance has ${rows.Balance.length}.`);
    const tooMuch = { ...rows, PrepaidPrincipal: rows.PrepaidPrincipal.map((x, k) => (k === 3 ? 1e12 : x)) };
    expect(userCollateralProblems(tooMuch)[0]).toMatch(/^Period 3: scheduled \+ prepaid principal \+ defaults/);
    expect(userCollateralProblems({ ...rows, Balance: [0, ...rows.Balance.slice(1)] })[0]).toMatch(/starting Balance/);
    // A rising Balance made the waterfall throw (Σ notionals ≠ pool UPB) instead of answering.
    const rising = { ...rows, Balance: rows.Balance.map((x, k) => (k === 2 ? (rows.Balance[1] as number) + 1_000 : x)) };
    expect(userCollateralProblems(rising)[0]).toMatch(/^Period 2: Balance \([\d.]+\) is above the previous period's Balance \([\d.]+\); a collateral balance cannot rise\.$/);
  });
});
