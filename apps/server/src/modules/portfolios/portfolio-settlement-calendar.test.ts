import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 23 bad-input sweep: a settlement date that is no calendar day (02/31/2026, month 13) was in
// the YYYYMMDD range, so the portfolio run refused it per line ('Line 1: SettlementDate must be a
// calendar date') and the vendor grid and its save answered 200 with the same failure in every
// cell. One field, one 400, named as the screens label it.
const NOT_A_DAY = [20260231, 20261301];
const CALENDAR = 'Settlement Date must be a calendar date (YYYYMMDD)';

describe('portfolio runs refuse a settlement date that is no calendar day', () => {
  let t: TestApp;
  let id = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const saved = await post('/portfolios/', {
      Name: 'Calendar', PortfolioType: 'Bonds',
      PortfolioEntries: [{ OrdinalNumber: 1, DealName: 'STACR 2026-DNA1', BondName: 'M-1', OwnedFaceAmt: 1_000_000, Margin: 99 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    id = saved.json().Id;
  });
  afterAll(async () => { await t?.close(); });
  async function post(url: string, payload: object) {
    return t.request({ method: 'POST', url: `/api${url}`, token: await t.token('analyst'), payload });
  }
  const entry = { OrdinalNumber: 1, DealName: 'STACR 2026-DNA1', BondName: 'M-1', OwnedFaceAmt: 1_000_000, Price: 99, Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0, Libor: 0.04 };

  it.each(NOT_A_DAY)('POST /simulate/portfolio at %i: 400 naming Settlement Date once (was per line, by its wire name)', async (date) => {
    const res = await post('/simulate/portfolio', { SettlementDate: date, PortfolioType: 'Bonds', Entries: [entry] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Message).toBe(CALENDAR);
  });

  it.each(NOT_A_DAY)('vendor grid run and save at %i: 400, no cells (was 200 with the failure in every cell)', async (date) => {
    const grid = { PortfolioId: id, SettlementDate: date, ScenarioNames: ['Baseline'], Libor: 0 };
    for (const [url, extra] of [['/simulate/portfolio/grid', {}], ['/simulate/portfolio/save', { Options: 2 }]] as const) {
      const res = await post(url, { ...grid, ...extra });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().Message, url).toBe(CALENDAR);
    }
  });

  it('a calendar day still runs', async () => {
    const res = await post('/simulate/portfolio', { SettlementDate: 20261127, PortfolioType: 'Bonds', Entries: [entry] });
    expect(res.statusCode, res.body).toBe(200);
  });
});
