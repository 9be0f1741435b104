import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_NAME_EMPTY } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The ACIS screen's create-portfolio body (spec 001 §3.4): one entry per bond, zero-filled vectors. */
const entry = (n: number, bond: string, face: number) => ({
  OrdinalNumber: n, DealName: 'ACIS 2020-DNA3', BondName: bond, OwnedFaceAmt: face, Margin: 20, AnnualPremium: 0,
  Cpr: [0], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0],
});
const stored = { InterestRate: null, CancellationDate: null, CleanupCall: null, ScenarioId: null, UserCashflowLabel: null };

describe('portfolios API: create, list, read, update, delete', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const call = async (user: 'admin' | 'analyst' | 'user' | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.request({ method, url: `/api${url}`, ...(user ? { token: await t.token(user) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

  it('stores a Reinsurance portfolio with its entries and reads it back by name', async () => {
    const body = { Owner: 'ignored', Name: ' My ACIS ', PortfolioType: 'Reinsurance', PortfolioEntries: [entry(1, 'M-1', 1_000_000), entry(2, 'M-2A', 2_500_000.5)] };
    const res = await call('analyst', 'POST', '/portfolios/', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'My ACIS', Owner: 'analyst', PortfolioType: 'Reinsurance' });
    const got = await call('analyst', 'GET', '/portfolios/my%20acis');
    expect(got.statusCode).toBe(200);
    expect(got.json().PortfolioEntries).toEqual(body.PortfolioEntries.map((e) => ({ ...e, ...stored })));
    // Another (non-admin) user neither sees it nor collides with its name.
    expect((await call('user', 'GET', '/portfolios/My%20ACIS')).statusCode).toBe(404);
  });

  it('keeps InterestRate, CancellationDate, CleanupCall and the catalogue spelling of deal and bond', async () => {
    const res = await call('analyst', 'POST', '/portfolios/', {
      Name: 'Spelling', PortfolioType: 'Reinsurance',
      PortfolioEntries: [{ ...entry(1, 'm-2a', 5), DealName: 'acis 2020-dna3', InterestRate: 1.5, CancellationDate: 20250625, CleanupCall: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().PortfolioEntries[0]).toMatchObject({ DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', InterestRate: 1.5, CancellationDate: 20250625, CleanupCall: true });
  });

  it('refuses an empty name, a duplicate name (ignoring case), empty deal/bond, unknown bond and deal, wrong type, no session', async () => {
    const empty = await call('analyst', 'POST', '/portfolios/', { Name: '  ', PortfolioType: 'Reinsurance', PortfolioEntries: [entry(1, 'M-1', 1)] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe(PORTFOLIO_NAME_EMPTY);
    expect((await call('analyst', 'POST', '/portfolios/', { Name: 'Dup', PortfolioType: 'Reinsurance', PortfolioEntries: [] })).statusCode).toBe(200);
    const again = await call('analyst', 'POST', '/portfolios/', { Name: 'DUP', PortfolioType: 'Reinsurance', PortfolioEntries: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('Portfolio named DUP already exists.');
    const blanks = await call('analyst', 'POST', '/portfolios/', { Name: 'Blank', PortfolioType: 'Reinsurance', PortfolioEntries: [{ ...entry(1, '', 1), DealName: '' }, entry(2, '', 1)] });
    expect(blanks.statusCode).toBe(400);
    expect(blanks.json().Message).toBe("Line 1: Deal Name mustn't be empty\nLine 1: Bond Name mustn't be empty\nLine 2: Bond Name mustn't be empty");
    const noBond = await call('analyst', 'POST', '/portfolios/', { Name: 'NB', PortfolioType: 'Reinsurance', PortfolioEntries: [entry(1, 'Z-9', 1)] });
    expect(noBond.json().Message).toBe("Line 1: bond Z-9 doesn't exist in ACIS 2020-DNA3");
    const bonds = await call('analyst', 'POST', '/portfolios/', { Name: 'B', PortfolioType: 'Bonds', PortfolioEntries: [entry(1, 'M-1', 1)] });
    expect(bonds.statusCode).toBe(400);
    expect(bonds.json().Message).toMatch(/^Line 1: reinsurance deals/);
    const unknown = await call('analyst', 'POST', '/portfolios/', { Name: 'U', PortfolioType: 'Reinsurance', PortfolioEntries: [{ ...entry(1, 'M-1', 1), DealName: 'ACIS 1999-X' }] });
    expect(unknown.json().Message).toBe("Line 1: deal doesn't exist");
    // Issue 23 #3: amounts and percents outside the screen's ranges, named as the screen labels them.
    const garbage = await call('analyst', 'POST', '/portfolios/', {
      Name: 'G', PortfolioType: 'Reinsurance',
      PortfolioEntries: [entry(1, 'M-1', 1), { ...entry(2, 'M-1', 1), OwnedFaceAmt: 1e20, Margin: 500_000, Cpr: [9900] }],
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().Message.split('\n')).toEqual([
      'Line 2: Initial Limit ($) must be from 0 to 1,000,000,000,000', 'Line 2: Collateral Hold (%) must be from 0 to 100', 'Line 2: CPR (%) must be from 0 to 100',
    ]);
    // Within the contract's net (a bond price may be 500) but not a collateral percent: the entry check refuses it.
    const collateral = await call('analyst', 'POST', '/portfolios/', { Name: 'G', PortfolioType: 'Reinsurance', PortfolioEntries: [{ ...entry(1, 'M-1', 1), Margin: 500 }] });
    expect(collateral.json().Message).toBe('Line 1: Collateral Hold (%) must be from 0 to 100');
    expect((await call(null, 'POST', '/portfolios/', { Name: 'x', PortfolioType: 'Reinsurance', PortfolioEntries: [] })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/portfolios/')).statusCode).toBe(401);
  });

  it('lists portfolios keyed by name: own only for users, everyone\'s for admins', async () => {
    await call('user', 'POST', '/portfolios/', { Name: 'Dup', PortfolioType: 'Bonds', PortfolioEntries: [] });
    const mine = (await call('analyst', 'GET', '/portfolios/')).json();
    expect(Object.keys(mine)).toEqual(expect.arrayContaining(['My ACIS', 'Dup', 'Spelling']));
    expect(Object.values(mine).every((p) => (p as { Owner: string }).Owner === 'analyst')).toBe(true);
    const theirs = (await call('user', 'GET', '/portfolios/')).json();
    expect(Object.keys(theirs)).toEqual(['Dup']);
    const all = (await call('admin', 'GET', '/portfolios/')).json();
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['My ACIS', 'Dup', 'Dup (user)']));
    // Admins read anyone's portfolio by name.
    expect((await call('admin', 'GET', '/portfolios/My%20ACIS')).statusCode).toBe(200);
  });

  it('bulk-saves new portfolios all or none', async () => {
    const ok = await call('analyst', 'POST', '/portfolios/bulk', [
      { Name: 'Bulk A', PortfolioType: 'Reinsurance', PortfolioEntries: [entry(1, 'M-1', 10)] },
      { Name: 'Bulk B', PortfolioType: 'Bonds', PortfolioEntries: [{ ...entry(1, 'M-2A', 10), DealName: 'STACR 2020-DNA3', Margin: 101.5 }] },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().map((p: { Name: string }) => p.Name)).toEqual(['Bulk A', 'Bulk B']);
    const bad = await call('analyst', 'POST', '/portfolios/bulk', [
      { Name: 'Bulk C', PortfolioType: 'Reinsurance', PortfolioEntries: [entry(1, 'M-1', 10)] },
      { Name: 'Bulk A', PortfolioType: 'Reinsurance', PortfolioEntries: [] },
    ]);
    expect(bad.statusCode).toBe(409);
    expect(bad.json().Message).toBe('Portfolio named Bulk A already exists.');
    expect((await call('analyst', 'GET', '/portfolios/Bulk%20C')).statusCode).toBe(404);
    const badEntry = await call('analyst', 'POST', '/portfolios/bulk', [{ Name: 'Bulk D', PortfolioType: 'Reinsurance', PortfolioEntries: [entry(1, '', 1)] }]);
    expect(badEntry.json().Message).toBe("Line 1: Bond Name mustn't be empty");
  });

  it('updates entries (owner or admin), 404 for another user, with the line messages', async () => {
    const p = (await call('analyst', 'GET', '/portfolios/Bulk%20A')).json();
    const upd = await call('analyst', 'PUT', `/portfolios/${p.Id}`, { PortfolioEntries: [entry(1, 'M-2B', 7), entry(2, 'B-1A', 8)] });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().PortfolioEntries.map((e: { BondName: string }) => e.BondName)).toEqual(['M-2B', 'B-1A']);
    expect((await call('user', 'PUT', `/portfolios/${p.Id}`, { PortfolioEntries: [] })).statusCode).toBe(404);
    expect((await call('admin', 'PUT', `/portfolios/${p.Id}`, { PortfolioEntries: [entry(1, 'M-1', 9)] })).statusCode).toBe(200);
    const bad = await call('analyst', 'PUT', `/portfolios/${p.Id}`, { PortfolioEntries: [{ ...entry(1, 'M-1', 1), DealName: '' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe("Line 1: Deal Name mustn't be empty");
    // The failed update changed nothing.
    expect((await call('analyst', 'GET', '/portfolios/Bulk%20A')).json().PortfolioEntries[0].OwnedFaceAmt).toBe(9);
    expect((await call('analyst', 'PUT', '/portfolios/999999', { PortfolioEntries: [] })).statusCode).toBe(404);
  });

  it('deletes portfolios all or none: another user\'s id is 404 and deletes nothing', async () => {
    const mine = (await call('analyst', 'GET', '/portfolios/')).json();
    const theirs = (await call('user', 'GET', '/portfolios/')).json();
    const refused = await call('analyst', 'DELETE', '/portfolios/bulk', [mine['Bulk B'].Id, theirs.Dup.Id]);
    expect(refused.statusCode).toBe(404);
    expect((await call('analyst', 'GET', '/portfolios/Bulk%20B')).statusCode).toBe(200);
    const ok = await call('analyst', 'DELETE', '/portfolios/bulk', [mine['Bulk B'].Id]);
    expect(ok.json()).toEqual({ Deleted: 1 });
    expect((await call('analyst', 'GET', '/portfolios/Bulk%20B')).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', '/portfolios/bulk', [theirs.Dup.Id])).json()).toEqual({ Deleted: 1 });
    expect((await call('analyst', 'DELETE', '/portfolios/bulk', [])).statusCode).toBe(400);
  });
});
