import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Every ILN, RMBS, ABS and agency demo deal (data/deals/catalog), issue 5. */
const FAMILY_DEALS = [
  'Bellemeade Re 2021-1', 'Eagle Re 2023-1', 'Home Re 2022-1', 'Oaktown Re 2021-2', 'Radnor Re 2023-1', 'Triangle Re 2023-1',
  'SYN NQM 2025-1', 'AOMT 2024-4', 'VERUS 2025-1', 'VERUS 2025-1p2', 'SQMT TEST 2025-1',
  'FORDO 2024-A', 'SDART 2024-3', 'FHLMC 5005', 'FNMA MA4567', 'FNMA FS7001', 'GNMA 786543',
];
const scenario = { Cpr: [0, 0.1], Cdr: [0, 0.0005], LossSeverity: [0, 0.2], Delinquency: [0, 0.02], Libor: [0, 0.043] };

interface Row { Balance: number; Principal: number; Interest: number; ActualWriteDown: number; CdrRate: number }
interface SimBody {
  ProjectedLosses: number;
  CollateralCashflow: { Balance: number; Defaults: number; CdrRate: number; Losses: number; Interest: number }[];
  BondsCashflows: { BondName: string; Wal: number; BondCashflow: Row[] }[];
  MiscVariables: { Triggers: { Overcollateralization: number; TrancheNotionalTotal: number; PoolBalance: number; Redemption: boolean }[] };
  Message?: string;
}

describe('POST /api/simulate on ILN, RMBS, ABS and agency deals', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.token('analyst');
  });
  afterAll(async () => { await t?.close(); });

  it.each(FAMILY_DEALS)('%s runs from its factor date (the default settlement) with classes + OC = collateral', async (dealName) => {
    const res = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: dealName, SettlementDate: 20261120, ...scenario } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SimBody;
    expect(body.CollateralCashflow.length).toBeGreaterThan(0);
    for (const tr of body.MiscVariables.Triggers) {
      if (!tr.Redemption) expect(Math.abs(tr.TrancheNotionalTotal + tr.Overcollateralization - tr.PoolBalance), dealName).toBeLessThan(0.01);
    }
    for (const b of body.BondsCashflows) for (const r of b.BondCashflow) expect(r.Balance, b.BondName).toBeGreaterThanOrEqual(0);
  });

  it('forces CDR and delinquency to 0 on an agency pool and pays the pass-through coupon', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: 'FNMA MA4567', SettlementDate: 20220301, ...scenario, Cdr: [0, 0.05] } });
    const body = res.json() as SimBody;
    expect(body.ProjectedLosses).toBe(0);
    expect(body.CollateralCashflow.every((r) => r.Defaults === 0 && r.CdrRate === 0)).toBe(true);
    const pt = body.BondsCashflows.find((b) => b.BondName === 'PT');
    // Period 1: $1,450,000,000 at the 2.50 % pass-through rate for one month = $3,020,833.33.
    expect(pt?.BondCashflow[0]?.Interest).toBeCloseTo(3_020_833.33, 1);
  });

  it('shows one collateral group of FHLMC 5005 and only its classes', async () => {
    const all = (await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: 'FHLMC 5005', SettlementDate: 20200730, ...scenario } })).json() as SimBody;
    const g2 = (await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: 'FHLMC 5005', SettlementDate: 20200730, CollateralGroup: 2, ...scenario } })).json() as SimBody;
    expect(all.BondsCashflows.map((b) => b.BondName)).toEqual(['PA', 'PB', 'SC', 'Z', 'IO']);
    expect(g2.BondsCashflows.map((b) => b.BondName)).toEqual(['Z']);
    // Group 2 is the SD8104 pool of $205,000,000 out of $800,000,000; its first-period balance is below it.
    expect(g2.CollateralCashflow[0]?.Balance).toBeLessThan(205_000_000);
    expect(all.CollateralCashflow[0]?.Balance).toBeGreaterThan(590_000_000);
    // Z accretes: no interest cash, balance above the original $205,000,000 only by accrual less principal.
    const z = g2.BondsCashflows[0]?.BondCashflow ?? [];
    expect(z.every((r) => r.Interest === 0)).toBe(true);
  });

  it('starts FHLMC 5005 mid-life with each group holding the balance of its classes: an agency REMIC never writes down', async () => {
    const payload = { DealName: 'FHLMC 5005', SettlementDate: 20261120, ...scenario };
    const all = (await t.request({ method: 'POST', url: '/api/simulate', token, payload })).json() as SimBody;
    const g2 = (await t.request({ method: 'POST', url: '/api/simulate', token, payload: { ...payload, CollateralGroup: 2 } })).json() as SimBody;
    for (const b of all.BondsCashflows) expect(b.BondCashflow.every((r) => r.ActualWriteDown === 0), b.BondName).toBe(true);
    // Group 2 backs Z alone (2.00 % net collateral, 2.00 % accrual class, no losses): Z's
    // balance is the group's collateral balance on every payment date.
    const z = g2.BondsCashflows[0]?.BondCashflow ?? [];
    expect(z.length).toBe(g2.CollateralCashflow.length);
    z.forEach((r, i) => expect(Math.abs(r.Balance - (g2.CollateralCashflow[i]?.Balance ?? NaN)), `period ${i + 1}`).toBeLessThan(0.01));
    // Trigger info of the group view: the group's pool and classes, not the whole deal's.
    g2.MiscVariables.Triggers.forEach((tr, i) => {
      expect(Math.abs(tr.PoolBalance - (g2.CollateralCashflow[i]?.Balance ?? NaN))).toBeLessThan(0.01);
      expect(Math.abs(tr.TrancheNotionalTotal - (z[i]?.Balance ?? NaN))).toBeLessThan(0.01);
      expect(Math.abs(tr.Overcollateralization)).toBeLessThan(0.01);
    });
  });

  it('takes the recovery lag and servicer advancing from the request (RMBS)', async () => {
    const run = async (extra: object) => (await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: 'SYN NQM 2025-1', SettlementDate: 20250328, ...scenario, Cdr: [0, 0.02], ...extra } })).json() as SimBody;
    const lag12 = await run({ RecoveryLagMonths: 12 });
    const lag0 = await run({ RecoveryLagMonths: 0 });
    // Defaults liquidate 12 months later: no loss in the first 12 periods, a loss in the 13th.
    expect(lag12.CollateralCashflow.slice(0, 12).every((r) => r.Losses === 0)).toBe(true);
    expect(lag12.CollateralCashflow[12]?.Losses).toBeGreaterThan(0);
    expect(lag0.CollateralCashflow[0]?.Losses).toBeGreaterThan(0);
    // Without advancing, loans awaiting liquidation pay no interest.
    const advanced = await run({ RecoveryLagMonths: 12, ServicerAdvancing: true });
    const notAdvanced = await run({ RecoveryLagMonths: 12, ServicerAdvancing: false });
    expect(notAdvanced.CollateralCashflow[5]?.Interest).toBeLessThan(advanced.CollateralCashflow[5]?.Interest ?? 0);
    const bad = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: 'SYN NQM 2025-1', ...scenario, RecoveryLagMonths: 1.5 } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses ACIS and CIRT deals with a pointer to their screens', async () => {
    const res = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { DealName: 'CIRT 2023-9', ...scenario } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: 'CIRT 2023-9 is a CIRT deal: run it on the CIRT analysis screen.' });
  });
});
