import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 23 #1: a settlement date on or after the deal's maturity is refused on every run (it ran
// STACR 2026-DNA1 at 01/01/2099 and answered WALs of −64.97); before the issue date it is refused
// with the range (issue 34 #6).
const DNA1 = 'STACR 2026-DNA1';
const LATE = 20990101;
const speeds = { Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };
const deal = { DealName: DNA1, SettlementDate: LATE, ...speeds };
const flat = { Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0 };
const acis = { DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', SettlementDate: LATE, ...flat, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0.01 };
const cirt = { DealName: 'CIRT 2023-9', SettlementDate: LATE, ...flat, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0 };
const MATURITY = /^(Line \d: )?The settlement date must be before the maturity date \d\d\/\d\d\/\d{4}\.$/;

describe('settlement dates outside the deal\'s life', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const post = async (url: string, payload: object) => t.request({ method: 'POST', url: `/api${url}`, token: await t.token('analyst'), payload });

  it('deal, bond and breakeven runs after the maturity: 400 naming the maturity 02/25/2046', async () => {
    for (const [url, payload] of [
      ['/simulate', deal], ['/simulate/yield', { ...deal, BondName: 'M-1', Price: 100 }], ['/simulate/breakeven', { ...deal, BondNames: ['M-1'] }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().Message, url).toBe('The settlement date must be before the maturity date 02/25/2046.');
    }
    // The maturity day itself has nothing left to project either; the day before runs.
    expect((await post('/simulate', { ...deal, SettlementDate: 20460225 })).statusCode).toBe(400);
    expect((await post('/simulate', { ...deal, SettlementDate: 20460224 })).statusCode).toBe(200);
  });

  it('ACIS and CIRT runs after the maturity: 400 naming it', async () => {
    for (const [url, payload] of [['/simulate/acis', acis], ['/simulate/cirt', cirt]] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().Message, url).toMatch(MATURITY);
    }
  });

  it('portfolio and vendor-grid runs after the maturity: 400 with the line and the maturity', async () => {
    const bond = { OrdinalNumber: 1, DealName: DNA1, BondName: 'M-1', OwnedFaceAmt: 1_000_000, Price: 99, ...flat, Libor: 0.04 };
    const bonds = await post('/simulate/portfolio', { SettlementDate: LATE, PortfolioType: 'Bonds', Entries: [bond] });
    expect(bonds.statusCode).toBe(400);
    expect(bonds.json().Message).toBe('Line 1: The settlement date must be before the maturity date 02/25/2046.');
    const reinsurance = await post('/simulate/portfolio', {
      SettlementDate: LATE, PortfolioType: 'Reinsurance', Entries: [{ ...acis, OrdinalNumber: 1 }, { ...cirt, OrdinalNumber: 2, BondName: 'M' }],
    });
    expect(reinsurance.statusCode).toBe(400);
    const lines = (reinsurance.json().Message as string).split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(MATURITY);

    const saved = await post('/portfolios/', {
      Name: 'Past maturity', PortfolioType: 'Bonds', PortfolioEntries: [{ OrdinalNumber: 1, DealName: DNA1, BondName: 'M-1', OwnedFaceAmt: 1_000_000, Margin: 99 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const grid = await post('/simulate/portfolio/grid', { PortfolioId: saved.json().Id, SettlementDate: LATE, Vendor: '', ScenarioNames: ['Base'] });
    expect(grid.statusCode, grid.body).toBe(400);
    expect(grid.json().Message).toBe('Line 1: The settlement date must be before the maturity date 02/25/2046.');
  });

  it('a settlement date before the issue date is refused with the range (issue 34 #6); the details still show the issue date', async () => {
    const early = await post('/simulate', { ...deal, SettlementDate: 20200101 });
    expect(early.statusCode).toBe(400);
    expect(early.json().Message).toBe('Settlement Date must be from 02/17/2026 to 02/24/2046: STACR 2026-DNA1 closed on 02/17/2026.');
    const details = await t.request({ method: 'GET', url: `/api/deals/${encodeURIComponent(DNA1)}/details?settlementDate=20200101`, token: await t.token('analyst') });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({ SettlementDate: 20260217, IssueDate: 20260217 });
  });
});
