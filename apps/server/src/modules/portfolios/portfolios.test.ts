import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_NAME_EMPTY } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The ACIS screen's create-portfolio body (spec 001 §3.4): one entry per bond, zero-filled vectors. */
const entry = (n: number, bond: string, face: number) => ({
  OrdinalNumber: n, DealName: 'ACIS 2020-DNA3', BondName: bond, OwnedFaceAmt: face, Margin: 20, AnnualPremium: 0,
  Cpr: [0], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0],
});

describe('portfolios API: create from ACIS', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const post = async (user: 'admin' | 'analyst' | 'user', payload: object) =>
    t.request({ method: 'POST', url: '/api/portfolios/', token: await t.token(user), payload });

  it('stores a Reinsurance portfolio with its entries and reads it back by name', async () => {
    const body = { Name: ' My ACIS ', PortfolioType: 'Reinsurance', PortfolioEntries: [entry(1, 'M-1', 1_000_000), entry(2, 'M-2A', 2_500_000.5)] };
    const res = await post('analyst', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'My ACIS', Owner: 'analyst', PortfolioType: 'Reinsurance' });
    const got = await t.request({ method: 'GET', url: '/api/portfolios/my%20acis', token: await t.token('analyst') });
    expect(got.statusCode).toBe(200);
    expect(got.json().PortfolioEntries).toEqual(body.PortfolioEntries);
    // Another user neither sees it nor collides with its name.
    expect((await t.request({ method: 'GET', url: '/api/portfolios/My%20ACIS', token: await t.token('admin') })).statusCode).toBe(404);
  });

  it('refuses an empty name with the spec message and a duplicate name (ignoring case) with 409', async () => {
    const empty = await post('analyst', { Name: '  ', PortfolioType: 'Reinsurance', PortfolioEntries: [entry(1, 'M-1', 1)] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe(PORTFOLIO_NAME_EMPTY);
    const first = await post('analyst', { Name: 'Dup', PortfolioType: 'Reinsurance', PortfolioEntries: [] });
    expect(first.statusCode).toBe(200);
    const again = await post('analyst', { Name: 'DUP', PortfolioType: 'Reinsurance', PortfolioEntries: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('Portfolio named DUP already exists.');
  });

  it('refuses a reinsurance deal in a Bonds portfolio, an unknown deal, and no session', async () => {
    const bonds = await post('analyst', { Name: 'B', PortfolioType: 'Bonds', PortfolioEntries: [entry(1, 'M-1', 1)] });
    expect(bonds.statusCode).toBe(400);
    expect(bonds.json().Message).toMatch(/^Line 1: reinsurance deals/);
    const unknown = await post('analyst', { Name: 'U', PortfolioType: 'Reinsurance', PortfolioEntries: [{ ...entry(1, 'M-1', 1), DealName: 'ACIS 1999-X' }] });
    expect(unknown.json().Message).toBe("Line 1: deal doesn't exist");
    const anon = await t.request({ method: 'POST', url: '/api/portfolios/', payload: { Name: 'x', PortfolioType: 'Reinsurance', PortfolioEntries: [] } });
    expect(anon.statusCode).toBe(401);
  });
});
