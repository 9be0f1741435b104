/**
 * Issue 25 #6: loss timing end to end — the recovery lag, the PSA/SDA presets in the CPR and CDR
 * fields, and a cumulative loss with its timing curve in place of the CDR. Each equals the single
 * run it stands for.
 */
import { cdrFromLossTiming, psaCpr, sdaCdr } from '@opencrt/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DNA1 = 'STACR 2026-DNA1';
const base = { DealName: DNA1, SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };
interface Row { Period: number; Balance: number; ScheduledPrincipal: number; PrepaidPrincipal: number; Defaults: number; Losses: number; Recoveries: number; CdrRate: number; CprRate: number }
interface Simulation { ProjectedLosses: number; CollateralCashflow: Row[]; BondsCashflows: { BondName: string; WritedownPct: number }[] }

describe('loss timing (issue 25 #6)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const simulate = async (payload: object) => t.request({ method: 'POST', url: '/api/simulate', token: await t.token('user'), payload });
  const ok = async (payload: object) => {
    const res = await simulate(payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Simulation;
  };
  const refused = async (payload: object) => {
    const res = await simulate(payload);
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as { Message: string }).Message;
  };
  const firstWith = (rows: Row[], key: 'Losses' | 'Defaults') => rows.findIndex((r) => r[key] > 0.005);

  it('RecoveryLagMonths moves the losses later by the lag on a SIFMA-convention deal, and the defaults end as losses, recoveries or pipeline', async () => {
    const nqm = { ...base, DealName: 'SYN NQM 2025-1', SettlementDate: 20250328, Cdr: [0, 0.02], Libor: [0, 0.043] };
    const now = await ok({ ...nqm, RecoveryLagMonths: 0, ServicerAdvancing: false });
    // Without advancing every defaulted dollar sits in the pipeline until it is a loss or a recovery.
    const lagged = await ok({ ...nqm, RecoveryLagMonths: 6, ServicerAdvancing: false });
    expect(firstWith(lagged.CollateralCashflow, 'Defaults')).toBe(firstWith(now.CollateralCashflow, 'Defaults'));
    expect(firstWith(lagged.CollateralCashflow, 'Losses') - firstWith(now.CollateralCashflow, 'Losses')).toBe(6);
    const rows = lagged.CollateralCashflow as (Row & { ForeclosureBalance: number })[];
    const sum = (k: 'Defaults' | 'Losses' | 'Recoveries') => rows.reduce((s, r) => s + r[k], 0);
    expect(sum('Defaults')).toBeCloseTo(sum('Losses') + sum('Recoveries') + rows[rows.length - 1]!.ForeclosureBalance, 2);
  });

  it('refuses a recovery lag on a deal that takes losses at the credit event (STACR), and one above 60 months', async () => {
    expect(await refused({ ...base, RecoveryLagMonths: 6 })).toBe(
      'Recovery Lag (months) does not apply to STACR 2026-DNA1: it takes each loss at the credit event (its offering memorandum\'s convention), so leave it empty or 0.');
    expect((await simulate({ ...base, RecoveryLagMonths: 0 })).statusCode).toBe(200);
    expect((await simulate({ ...base, RecoveryLagMonths: 61 })).statusCode).toBe(400);
  });

  it('"100 SDA" in CDR and "150 PSA" in CPR with CurveAge Settlement run the standard curves by period from age 1', async () => {
    const preset = await ok({ ...base, Cpr: '150 PSA', Cdr: '100 SDA', CurveAge: 'Settlement' });
    // The same run as the curves typed as vectors (period 1 = age 1), row by row.
    const vector = (f: (age: number) => number) => [0, ...Array.from({ length: 120 }, (_, i) => f(i + 1))];
    const typed = await ok({ ...base, Cpr: vector((a) => psaCpr(150, a)), Cdr: vector((a) => sdaCdr(100, a)) });
    expect(preset.ProjectedLosses).toBeCloseTo(typed.ProjectedLosses, 6);
    expect(preset.CollateralCashflow.map((r) => [r.CdrRate, r.CprRate])).toEqual(typed.CollateralCashflow.map((r) => [r.CdrRate, r.CprRate]));
    expect(preset.CollateralCashflow[0]!.CdrRate).toBeCloseTo(sdaCdr(100, 1), 12);
    expect(Math.max(...preset.CollateralCashflow.map((r) => r.CprRate))).toBeCloseTo(0.09, 12);
    expect(await refused({ ...base, Cdr: 'abc SDA' })).toContain("CDR: 'abc SDA' is not a SDA speed: write a percent of the SDA curve from 0 to 10,000, e.g. 100 SDA.");
    expect(await refused({ ...base, Cpr: '100 SDA' })).toContain('CPR: SDA is a default curve; CPR takes a PSA speed, e.g. 150 PSA.');
  });

  it('a cumulative loss with its timing curve replaces the CDR with the derived vector; the run loses about that much, in that order', async () => {
    const timed = await ok({ ...base, Cdr: undefined, CumulativeLoss: 2, LossTiming: '20 30 25 15 10' });
    const rows = timed.CollateralCashflow;
    const byYear = [0, 1, 2, 3, 4, 5].map((y) => rows.slice(y * 12, y * 12 + 12).reduce((s, r) => s + r.Losses, 0));
    const total = byYear.reduce((a, b) => a + b, 0);
    // Nothing after year 5, and the years in the curve's proportions (within the amortization the derivation leaves out).
    expect(byYear[5]).toBeLessThan(0.005);
    [0.2, 0.3, 0.25, 0.15, 0.1].forEach((share, y) => expect(byYear[y]! / total).toBeCloseTo(share, 1));
    // The run searched its CDR on its own collateral (issue 34 #5): exactly 2 % of the starting balance is lost.
    const start = rows[0]!.Balance + rows[0]!.ScheduledPrincipal + rows[0]!.PrepaidPrincipal + rows[0]!.Defaults;
    expect(Math.abs((timed.ProjectedLosses / start) * 100 - 2)).toBeLessThan(0.01);
    // The closed form alone (no scheduled amortization) loses less: the search is what makes it exact.
    const closedForm = await ok({ ...base, Cdr: [0, ...cdrFromLossTiming(2, [20, 30, 25, 15, 10], 0.25, 0.1)] });
    expect(closedForm.ProjectedLosses / start).toBeLessThan(0.0199);
  });

  it('refuses a timing curve that does not sum to 100, letters, or a curve without its cumulative loss, by the screen\'s labels', async () => {
    expect(await refused({ ...base, CumulativeLoss: 2, LossTiming: '20 30 25 15' })).toContain('Loss Timing (% by year) shares must sum to 100 (they sum to 90).');
    expect(await refused({ ...base, CumulativeLoss: 2, LossTiming: '20 abc' })).toContain('Loss Timing (% by year): write the yearly shares as numbers, e.g. 20 30 25 15 10.');
    expect(await refused({ ...base, LossTiming: '100' })).toContain('Loss Timing (% by year) needs a Cumulative Loss (%).');
    expect(await refused({ ...base, CumulativeLoss: 2 })).toContain('Cumulative Loss (%) needs a Loss Timing (% by year).');
    expect(await refused({ ...base, CumulativeLoss: 120, LossTiming: '100' })).toContain('Cumulative Loss (%) must be from 0 to 100.');
    expect(await refused({ ...base, CumulativeLoss: 2, LossTiming: '100', LossSeverity: [0, 0] })).toContain('needs a Loss Severity (%) above 0');
    expect(await refused({ ...base, CumulativeLoss: 2, LossTiming: [150, -50] })).toContain('Loss Timing (% by year) shares must be percents from 0 to 100.');
    expect(await refused({ ...base, CumulativeLoss: 'two', LossTiming: '100' })).toContain('Cumulative Loss (%) must be from 0 to 100.');
    expect(await refused({ ...base, CumulativeLoss: 2, LossTiming: { a: 1 } })).toContain('Loss Timing (% by year): write 1 to 30 yearly shares');
  });
});
