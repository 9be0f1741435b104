/**
 * Issue 34 #6: refuse, never guess. A settlement date before the deal's closing is refused with
 * the range a run accepts; a loan-level CIRT run is refused with the reason; a forward curve entered
 * as of settlement is read the same way by the cashflows and the DM solver when settlement is on or
 * after the first payment date (IndexCurve[0] = the first payment date after settlement).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DNA1 = 'STACR 2026-DNA1';
const speeds = { Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0] };
/** An upward curve: 3 % rising 2 bp a month for 120 months. */
const UPWARD = Array.from({ length: 120 }, (_, k) => 0.03 + k * 0.0002);

interface Row { Rate: number; Interest: number; Principal: number; Balance: number; PaymentDate: number; ActualWriteDown?: number }
interface BondRun {
  Value: number | null; DiscountMargin: { Margin: number; Value: number | null } | null;
  Simulation: { BondsCashflows: { BondName: string; StartBalance?: number; BondCashflow: Row[] }[] };
}

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });
const post = async (url: string, payload: object) => t.request({ method: 'POST', url: `/api${url}`, token: await t.token('analyst'), payload });

const dateOf = (ymd: number) => Date.UTC(Math.floor(ymd / 10000), (Math.floor(ymd / 100) % 100) - 1, ymd % 100);
const days = (from: number, to: number) => (dateOf(to) - dateOf(from)) / 86_400_000;

describe('settlement before the closing date', () => {
  it('deal, bond and ACIS runs: 400 naming Settlement Date and its range in MM/DD/YYYY', async () => {
    const expected = 'Settlement Date must be from 02/17/2026 to 02/24/2046: STACR 2026-DNA1 closed on 02/17/2026.';
    for (const [url, payload] of [
      ['/simulate', { DealName: DNA1, SettlementDate: 20200101, ...speeds, Libor: [0, 0.04] }],
      ['/simulate/yield', { DealName: DNA1, BondName: 'M-1', Price: 100, SettlementDate: 20260216, ...speeds, Libor: [0, 0.04] }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().Message).toBe(expected);
    }
    // The closing day itself runs.
    expect((await post('/simulate', { DealName: DNA1, SettlementDate: 20260217, ...speeds, Libor: [0, 0.04] })).statusCode).toBe(200);
  });

  it('CIRT: before its closing 400 with the range; a loan-level request 400 with the reason', async () => {
    const cirt = { DealName: 'CIRT 2023-9', Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0 };
    const early = await post('/simulate/cirt', { ...cirt, SettlementDate: 19990101 });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().Message).toMatch(/^Settlement Date must be from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}: CIRT 2023-9 closed on \d\d\/\d\d\/\d{4}\.$/);
    const loanLevel = await post('/simulate/cirt', { ...cirt, SettlementDate: 20250101, RunLoanLevel: true });
    expect(loanLevel.statusCode, loanLevel.body).toBe(400);
    expect(loanLevel.json().Message).toBe(
      'Loan-level runs are not available for CIRT 2023-9: a CIRT deal has no loan tape (its reference pool is reported as pool totals only). Run it without RunLoanLevel.');
    expect((await post('/simulate/cirt', { ...cirt, SettlementDate: 20250101 })).statusCode).toBe(200);
  });
});

describe('IndexCurve with settlement on or after the first payment date', () => {
  // DNA1's first payment date is 03/25/2026; 05/27/2026 is after three of them.
  const bond = { DealName: DNA1, BondName: 'M-2', SettlementDate: 20260527, ...speeds, IndexCurve: UPWARD };

  it('IndexCurve[0] is the first payment date after settlement, and the DM at a price reprices it through the answered cashflows', async () => {
    const res = await post('/simulate/yield', { ...bond, Price: 99 });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json() as BondRun;
    const rows = run.Simulation.BondsCashflows[0]?.BondCashflow ?? [];
    const margin = run.DiscountMargin?.Margin ?? Number.NaN;
    const dm = run.DiscountMargin?.Value ?? Number.NaN;
    expect(rows[0]?.PaymentDate).toBe(20260625);
    expect(rows[0]?.Rate).toBeCloseTo((UPWARD[0] as number) + margin, 12);
    expect(rows[5]?.Rate).toBeCloseTo((UPWARD[5] as number) + margin, 12);
    // The answered cashflows discounted at the curve + DM (actual/360, from settlement) give the price.
    const settlement = 20260527;
    const accrualStart = 20260525;
    const face = (rows[0]?.Balance ?? 0) + (rows[0]?.Principal ?? 0) + (rows[0]?.ActualWriteDown ?? 0);
    let df = 1;
    let pv = 0;
    let from = settlement;
    rows.forEach((r, k) => {
      df /= 1 + (((UPWARD[Math.min(k, UPWARD.length - 1)] as number) + dm) * days(from, r.PaymentDate)) / 360;
      pv += (r.Interest + r.Principal) * df;
      from = r.PaymentDate;
    });
    const accrued = (face * ((UPWARD[0] as number) + margin) * days(accrualStart, settlement)) / 360;
    expect(((pv - accrued) / face) * 100).toBeCloseTo(99, 6);
  });

  it('a price from the DM gives the DM back on the same curve (to 0.01 bp)', async () => {
    const fromDm = await post('/simulate/price', { ...bond, DiscountMargin: 250 });
    expect(fromDm.statusCode, fromDm.body).toBe(200);
    const price = (fromDm.json() as BondRun).Value ?? Number.NaN;
    const back = (await post('/simulate/yield', { ...bond, Price: price })).json() as BondRun;
    expect(Math.abs((back.DiscountMargin?.Value ?? Number.NaN) * 1e4 - 250)).toBeLessThan(0.01);
  });
});
