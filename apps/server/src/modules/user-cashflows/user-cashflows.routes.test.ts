import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sampleCashflowLists } from './sample-cashflow.ts';

const DNA1 = 'STACR 2026-DNA1';
const cashflow = (over: Record<string, unknown> = {}) => ({
  DealName: DNA1, CollateralMonth: '202602', ScenarioName: 'Base', Vendor: 'Acme', CollateralCashflow: sampleCashflowLists(36, 1e9), ...over,
});

describe('user collateral cashflows API and prerun runs', () => {
  let t: TestApp;
  let tok: Record<'admin' | 'analyst' | 'user', string>;
  const get = (user: keyof typeof tok, query = '') => t.request({ method: 'GET', url: `/api/usercollcashflow${query}`, token: tok[user] });
  const post = (user: keyof typeof tok, payload: unknown[]) => t.request({ method: 'POST', url: '/api/usercollcashflow/', token: tok[user], payload: payload as object });
  const labels = async (user: keyof typeof tok) => ((await get(user)).json() as { DealName: string; CollateralMonth: string; ScenarioName: string; Vendor: string }[])
    .map((c) => [c.DealName, c.CollateralMonth, c.ScenarioName, c.Vendor].join('|'));

  beforeAll(async () => {
    t = await createTestApp();
    tok = { admin: await t.token('admin'), analyst: await t.token('analyst'), user: await t.token('user') };
  });
  afterAll(async () => { await t?.close(); });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/usercollcashflow' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/usercollcashflow/', payload: [] })).statusCode).toBe(401);
  });

  it('saves the caller\'s list with the catalogue\'s deal spelling, filters it, and lists vendors', async () => {
    const res = await post('analyst', [cashflow({ DealName: 'stacr 2026-dna1' }), cashflow({ ScenarioName: 'Stress', Vendor: '' }), cashflow({ CollateralMonth: '2026-03', Vendor: 'Beta' })]);
    expect(res.json()).toEqual({ Saved: 3 });
    expect(await labels('analyst')).toEqual([`${DNA1}|202602|Base|Acme`, `${DNA1}|202602|Stress|`, `${DNA1}|202603|Base|Beta`]);
    expect((await t.request({ method: 'GET', url: '/api/usercollcashflow/vendors', token: tok.analyst })).json()).toEqual(['Acme', 'Beta']);
    const one = await get('analyst', `?dealName=${encodeURIComponent(DNA1)}&collateralMonth=202602&scenarioName=stress`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toHaveLength(1);
    expect((await get('analyst', `?dealName=${encodeURIComponent(DNA1)}&collateralMonth=202612&scenarioName=Base`)).statusCode).toBe(404);
    expect((await get('analyst', '?vendor=beta')).json()).toHaveLength(1);
    // Another user's cashflows are not visible.
    expect(await labels('user')).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/usercollcashflow/vendors', token: tok.user })).json()).toEqual([]);
  });

  it('refuses duplicates, unknown deals and malformed columns with a clear message, keeping the saved list', async () => {
    const before = await labels('analyst');
    const dup = await post('analyst', [cashflow(), cashflow({ ScenarioName: 'base', Vendor: 'ACME' })]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ Message: `The "${DNA1} / 202602 / base / ACME" cashflow already exists.` });
    expect((await post('analyst', [cashflow({ DealName: 'NO SUCH DEAL' })])).json().Message).toMatch(/^Deal NO SUCH DEAL was not found/);
    const short = cashflow();
    short.CollateralCashflow = { ...short.CollateralCashflow, Interest: [0, 1] };
    expect((await post('analyst', [short])).statusCode).toBe(400);
    expect((await post('analyst', [cashflow({ CollateralMonth: '202613' })])).json().Message).toMatch(/CollateralMonth must be a month as YYYYMM/);
    const negative = cashflow();
    negative.CollateralCashflow = { ...negative.CollateralCashflow, Losses: negative.CollateralCashflow.Losses.map((x, i) => (i === 2 ? -1 : x)) };
    expect((await post('analyst', [negative])).json().Message).toBe('Losses ($) must be from 0 to 1,000,000,000,000.');
    // Issue 23 sweep: the column as the table titles it, with unit and range (was '0.CollateralCashflow.Balance.0 must be at most 1000000000000').
    const huge = cashflow();
    huge.CollateralCashflow = { ...huge.CollateralCashflow, Balance: huge.CollateralCashflow.Balance.map((x, i) => (i === 0 ? 1e20 : x)) };
    expect((await post('analyst', [huge])).json().Message).toBe('Balance ($) must be from 0 to 1,000,000,000,000.');
    const percent = cashflow();
    percent.CollateralCashflow = { ...percent.CollateralCashflow, Delinquency: percent.CollateralCashflow.Delinquency.map((x, i) => (i === 1 ? 5 : x)) };
    expect((await post('analyst', [percent])).json().Message).toBe('Delinquency must be from 0 to 1 (a fraction: 1 % is 0.01).');
    const overpaid = cashflow();
    overpaid.CollateralCashflow = { ...overpaid.CollateralCashflow, PrepaidPrincipal: overpaid.CollateralCashflow.PrepaidPrincipal.map((x, i) => (i === 5 ? 1e11 : x)) };
    expect((await post('analyst', [overpaid])).json().Message).toMatch(/Period 5: scheduled \+ prepaid principal \+ defaults/);
    expect(await labels('analyst')).toEqual(before);
  });

  it('runs a saved cashflow as prerun collateral on deal and bond runs; matrices refuse it', async () => {
    const saved = ((await get('analyst', `?dealName=${encodeURIComponent(DNA1)}&collateralMonth=202602&scenarioName=Stress`)).json() as unknown[])[0];
    const base = { DealName: DNA1, SettlementDate: 20260217, Cpr: [0, 0.6], Cdr: [0, 0.2], LossSeverity: [0, 0.5], Delinquency: [0, 0], Libor: [0, 0.04] };
    const plain = (await t.request({ method: 'POST', url: '/api/simulate', token: tok.analyst, payload: base })).json();
    const res = await t.request({ method: 'POST', url: '/api/simulate', token: tok.analyst, payload: { ...base, UserCollateralCashflow: saved } });
    expect(res.statusCode).toBe(200);
    const rows = res.json().CollateralCashflow as { Balance: number; PrepaidPrincipal: number; ScheduledPrincipal: number; Defaults: number }[];
    const file = sampleCashflowLists(36, 1e9);
    // The pool follows the file's shape (its CPR 12 %, not the request's 60 %), scaled to the deal's balance.
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    // The pool's starting balance: everything it paid down plus what is left.
    const start = sum(rows.map((r) => r.PrepaidPrincipal + r.ScheduledPrincipal + r.Defaults)) + rows.at(-1)!.Balance;
    expect(sum(rows.map((r) => r.PrepaidPrincipal)) / start).toBeCloseTo(sum(file.PrepaidPrincipal) / file.Balance[0]!, 4);
    expect(sum(rows.map((r) => r.Defaults)) / start).toBeCloseTo(sum(file.Defaults) / file.Balance[0]!, 4);
    expect(res.json().ProjectedLosses).not.toBeCloseTo(plain.ProjectedLosses, 0);
    // Without speeds at all, the prerun cashflow still runs (spec 002: either a cashflow or the speeds).
    const bare = await t.request({ method: 'POST', url: '/api/simulate', token: tok.analyst, payload: { DealName: DNA1, SettlementDate: 20260217, UserCollateralCashflow: saved } });
    expect(bare.statusCode).toBe(200);
    const bond = await t.request({ method: 'POST', url: '/api/simulate/yield', token: tok.analyst, payload: { ...base, BondName: 'M-1', Price: 100, UserCollateralCashflow: saved } });
    expect(bond.statusCode).toBe(200);
    const matrix = await t.request({ method: 'POST', url: '/api/simulate/yield/matrix', token: tok.analyst, payload: { ...base, BondName: 'M-1', Price: 100, UserCollateralCashflow: saved } });
    expect(matrix.json()).toEqual({ Message: 'Matrix does not support prerun cashflows.' });
  });

  it('an empty save clears the list', async () => {
    expect((await post('analyst', [])).json()).toEqual({ Saved: 0 });
    expect(await labels('analyst')).toEqual([]);
  });
});
