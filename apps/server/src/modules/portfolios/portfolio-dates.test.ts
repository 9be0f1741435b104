import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 23 #7: cash flows never date period 1 before period 0. The demo remittances stop before
// the settlement 11/27/2026 (the last is 10/25/2026), so runs project the 11/25/2026 payment date:
// it was shown as period 1, before the settlement (and before the insurance rows' period 0), though
// the seller receives it. Rule (spec 000 §4, 002 §7): period 1 is the first payment date after
// settlement.
const SETTLE = 20261127;
const speeds = { Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0 };
const vectors = { Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04] };
const bonds = [
  { OrdinalNumber: 1, DealName: 'STACR 2026-DNA1', BondName: 'M-1', OwnedFaceAmt: 1_000_000, Price: 99, ...speeds, Libor: 0.04 },
  { OrdinalNumber: 2, DealName: 'CAS 2020-R01', BondName: '1M-2', OwnedFaceAmt: 1_000_000, Price: 99, ...speeds, Libor: 0.04 },
];

type Row = { Period: number; PaymentDate: number | string };
const ymd = (d: number | string): number => Number(String(d).replace(/-/g, ''));

/**
 * Periods count up from 0 or 1 and dates rise strictly, every date after `start` (period 0 may be
 * on it): the settlement, or a CIRT line's activity date (2 months before the settlement month on
 * the 25th, spec 002 §9).
 */
function expectAfterSettlement(rows: readonly Row[], label: string, start = SETTLE): void {
  expect(rows.length, label).toBeGreaterThan(0);
  rows.forEach((r, i) => {
    const date = ymd(r.PaymentDate);
    if (r.Period === 0) expect(date, `${label} period 0`).toBeGreaterThanOrEqual(start);
    else expect(date, `${label} period ${r.Period}`).toBeGreaterThan(start);
    if (i > 0) {
      expect(r.Period, label).toBe((rows[i - 1] as Row).Period + 1);
      expect(date, `${label} period ${r.Period} after period ${rows[i - 1]?.Period}`).toBeGreaterThan(ymd(rows[i - 1]!.PaymentDate));
    }
  });
  const first = rows.find((r) => r.Period > 0);
  expect(first?.Period, label).toBe(1);
}

describe('cash-flow dates seen from the settlement (issue 23 #7)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const post = async (url: string, payload: object) => t.request({ method: 'POST', url: `/api${url}`, token: await t.token('analyst'), payload });

  it('a bonds portfolio at 11/27/2026: period 1 is 12/25/2026 in the bond and total rows (was 11/25/2026)', async () => {
    const res = await post('/simulate/portfolio', { SettlementDate: SETTLE, PortfolioType: 'Bonds', Entries: bonds });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expectAfterSettlement(body.BondPortfolio.PortfolioCashflow, 'BondPortfolio');
    expectAfterSettlement(body.TotalPortfolio.PortfolioCashflow, 'TotalPortfolio');
    expect(body.BondPortfolio.PortfolioCashflow[0]).toMatchObject({ Period: 1, PaymentDate: 20261225 });
  });

  it('a reinsurance portfolio at 11/27/2026: period 0 is the settlement and period 1 comes after it', async () => {
    const acis = { OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', BondName: 'B-1B', OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0.01, ...speeds };
    const cirt = { OrdinalNumber: 2, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 2_000_000, Margin: 0.2, InterestRate: 0, ...speeds };
    const res = await post('/simulate/portfolio', { SettlementDate: SETTLE, PortfolioType: 'Reinsurance', Entries: [acis, cirt] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expectAfterSettlement(body.AcisPortfolio.PortfolioCashflow, 'AcisPortfolio');
    expect(body.AcisPortfolio.PortfolioCashflow[0]).toMatchObject({ Period: 0, PaymentDate: '2026-11-27' });
    // CIRT runs from its activity date 09/25/2026; the total starts at the earliest period 0.
    expectAfterSettlement(body.CirtPortfolio.PortfolioCashflow, 'CirtPortfolio', 20260925);
    expectAfterSettlement(body.TotalPortfolio.PortfolioCashflow, 'TotalPortfolio', 20260925);
  });

  it('bond analysis at 11/27/2026: deal rows, bond rows and the yield run\'s rows start after the settlement', async () => {
    const sim = await post('/simulate', { DealName: 'STACR 2026-DNA1', SettlementDate: SETTLE, ...vectors });
    expect(sim.statusCode, sim.body).toBe(200);
    const body = sim.json();
    expectAfterSettlement(body.CollateralCashflow, 'CollateralCashflow');
    for (const b of body.BondsCashflows) expectAfterSettlement(b.BondCashflow, b.BondName);
    expectAfterSettlement(body.MiscVariables.Triggers, 'Triggers');

    const run = await post('/simulate/yield', { DealName: 'STACR 2026-DNA1', BondName: 'M-1', SettlementDate: SETTLE, Price: 100, ...vectors });
    expect(run.statusCode, run.body).toBe(200);
    expectAfterSettlement(run.json().Simulation.BondsCashflows[0].BondCashflow, 'yield run M-1');
  });
});
