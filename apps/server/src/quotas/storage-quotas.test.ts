/**
 * Bounded storage per user (issue 32 #6), through the API with small quotas: at the quota a create
 * answers 429 with the Message naming the quota and stores nothing, an update still works, and two
 * concurrent creates at quota − 1 let exactly one through (on PostgreSQL the advisory lock decides).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { sampleCashflowLists } from '../modules/user-cashflows/sample-cashflow.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testConfig } from '../test/test-config.ts';
import * as reportCreator from '../db/migrations/0037-report-creator.ts';
import { signInAs } from '../modules/users/users-test-helpers.ts';
import { loadQuotaConfig, quotaMessage } from './storage-quotas.ts';

type Who = 'admin' | 'analyst' | 'user';
const QUOTAS = { portfolios: 3, scenarios: 3, vectors: 3, cashflows: 2, customDeals: 2, reports: 1_000 };

const portfolio = (name: string) => ({ Name: name, PortfolioType: 'Reinsurance', PortfolioEntries: [] });
const scenario = (name: string) => ({ ScenarioName: name, DealName: null, Vendor: 'Q', Cpr: [5], Cdr: [1], LossSeverity: [30], Delinquency: [1], Shared: false });
const cashflow = (scenarioName: string) => ({
  DealName: 'STACR 2026-DNA1', CollateralMonth: '202602', ScenarioName: scenarioName, Vendor: '', CollateralCashflow: sampleCashflowLists(12, 1e9),
});
/** A valid CIRT deal as the editor saves it (spec 001 §9 defaults, fixed dates). */
const cirtDeal = (name: string) => ({
  Type: 'CIRT', Name: name, ReferencePoolBalance: 1e9, Wac: 3, Wam: 357, AnnualPremiumRatePct: 0.12, RetentionPct: 0.5,
  LimitOfLiabilityPct: 3.5, EffectiveDate: 20260101, FirstPayDate: 20260125, MaturityDate: 20380101, EarlyRedemptionDate: 20310101,
  CancellationPct: 10, UseLiability: false,
  LiabilityStepDowns: [12, 24, 36, 48, 60, 999].map((start, i) => ({
    StartPeriod: start, EndPeriod: 1, Reassess: 0, BalanceMultiplier: i === 0 ? 1.15 : 1, DelinquentMultiplier: [6.5, 4.25, 3, 3, 2, 2][i], Detachment: 4,
  })),
});
const report = (name: string) => ({ Id: 0, Name: name, Source: 2, Query: 'select 1 as one', Parameters: [], Columns: [] });

describe('storage quotas', () => {
  let t: TestApp;
  const call = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.request({ method, url: `/api${url}`, token: await t.token(who), ...(payload === undefined ? {} : { payload: payload as object }) });
  const count = async (table: string, where = sql`true`) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.ctx.db)).rows[0]?.n);
  const userId = async (name: string) => (await t.ctx.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
  /** Status codes of two requests sent at once, sorted. */
  const together = async (a: Promise<{ statusCode: number }>, b: Promise<{ statusCode: number }>) =>
    (await Promise.all([a, b])).map((r) => r.statusCode).sort();

  beforeAll(async () => { t = await createTestApp({ quotas: QUOTAS }); });
  afterAll(async () => { await t?.close(); });

  it('reads the quotas from the environment, with defaults, and refuses a value out of range by name', () => {
    expect(loadQuotaConfig({})).toEqual({ portfolios: 500, scenarios: 1_000, vectors: 500, cashflows: 60, customDeals: 200, reports: 200 });
    expect(loadQuotaConfig({ OPENCRT_MAX_PORTFOLIOS_PER_USER: '7', OPENCRT_MAX_REPORTS_PER_USER: '9' })).toMatchObject({ portfolios: 7, reports: 9 });
    // The reports quota's former name is still read, the new one first.
    expect(loadQuotaConfig({ OPENCRT_MAX_REPORTS: '11' }).reports).toBe(11);
    expect(loadQuotaConfig({ OPENCRT_MAX_REPORTS: '11', OPENCRT_MAX_REPORTS_PER_USER: '12' }).reports).toBe(12);
    expect(() => loadQuotaConfig({ OPENCRT_MAX_REPORTS: 'x' })).toThrow('OPENCRT_MAX_REPORTS must be a whole number from 1 to 100000, got "x"');
    expect(() => loadQuotaConfig({ OPENCRT_MAX_VECTORS_PER_USER: '1001' })).toThrow('OPENCRT_MAX_VECTORS_PER_USER must be a whole number from 1 to 1000, got "1001"');
    expect(() => loadQuotaConfig({ OPENCRT_MAX_SCENARIOS_PER_USER: '0' })).toThrow(/^OPENCRT_MAX_SCENARIOS_PER_USER must be a whole number from 1/);
    expect(() => loadQuotaConfig({ OPENCRT_MAX_CASHFLOWS_PER_USER: '2.5' })).toThrow(/^OPENCRT_MAX_CASHFLOWS_PER_USER must be/);
    expect(testConfig().quotas.portfolios).toBe(500);
    // A quota lowered below what a user already keeps.
    expect(quotaMessage('portfolios', 500, 620, 1)).toBe('You have 620 portfolios; 500 is the most one user may keep (OPENCRT_MAX_PORTFOLIOS_PER_USER). Delete some to save a new one.');
    expect(quotaMessage('reports', 1, 1, 1)).toBe('You have 1 report, the most one user may keep (OPENCRT_MAX_REPORTS_PER_USER). Delete some to save a new one.');
  });

  it('portfolios: the 4th of 3 answers 429 naming the quota and stores nothing; a bulk over it stores none; an update works', async () => {
    const analyst = await userId('analyst');
    for (const name of ['P1', 'P2']) expect((await call('analyst', 'POST', '/portfolios/', portfolio(name))).statusCode).toBe(200);
    const bulk = await call('analyst', 'POST', '/portfolios/bulk', [portfolio('P3'), portfolio('P4')]);
    expect(bulk.statusCode).toBe(429);
    expect(bulk.json()).toEqual({ Message: 'You have 2 portfolios; 2 more would pass 3, the most one user may keep (OPENCRT_MAX_PORTFOLIOS_PER_USER). Delete some, or save fewer.' });
    expect(await count('portfolios', sql`owner_id = ${analyst}`)).toBe(2);
    // Two creates at quota − 1: exactly one gets through.
    expect(await together(call('analyst', 'POST', '/portfolios/', portfolio('R1')), call('analyst', 'POST', '/portfolios/', portfolio('R2')))).toEqual([200, 429]);
    expect(await count('portfolios', sql`owner_id = ${analyst}`)).toBe(3);
    const full = await call('analyst', 'POST', '/portfolios/', portfolio('P5'));
    expect(full.statusCode).toBe(429);
    expect(full.json()).toEqual({ Message: 'You have 3 portfolios, the most one user may keep (OPENCRT_MAX_PORTFOLIOS_PER_USER). Delete some to save a new one.' });
    expect(await count('portfolios', sql`owner_id = ${analyst} and name = 'P5'`)).toBe(0);
    const p1 = (await call('analyst', 'GET', '/portfolios/P1')).json() as { Id: number };
    const entry = { OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', BondName: 'M-1', OwnedFaceAmt: 1_000_000, Margin: 20, AnnualPremium: 0 };
    const updated = await call('analyst', 'PUT', `/portfolios/${p1.Id}`, { PortfolioEntries: [entry] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().PortfolioEntries).toHaveLength(1);
    // Another user's quota is their own.
    expect((await call('user', 'POST', '/portfolios/', portfolio('P1'))).statusCode).toBe(200);
  });

  it('portfolios list: own first, paged by limit/offset with x-total-count; bounds refused with 400 naming the parameter', async () => {
    const all = await call('admin', 'GET', '/portfolios/');
    expect(all.headers['x-total-count']).toBe('4');
    expect(Object.keys(all.json())).toHaveLength(4);
    const page = await call('admin', 'GET', '/portfolios/?limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('4');
    expect(Object.keys(page.json())).toEqual(Object.keys(all.json()).slice(1, 3));
    const own = await call('user', 'GET', '/portfolios/?limit=5');
    expect(Object.keys(own.json())).toEqual(['P1']);
    expect(own.headers['x-total-count']).toBe('1');
    for (const [query, message] of [
      ['limit=0', 'limit must be from 1 to 1,000'], ['limit=1001', 'limit must be from 1 to 1,000'],
      ['offset=-1', 'offset must be from 0 to 1,000,000'], ['limit=2.5', 'limit must be a whole number from 1 to 1,000'],
    ] as const) {
      const res = await call('admin', 'GET', `/portfolios/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().Message, query).toBe(message);
    }
  });

  it('scenarios: only new ones count (override and update pass at the quota); a clone past it answers 429', async () => {
    const analyst = await userId('analyst');
    const save = (list: unknown[], mode = 'skip') => call('analyst', 'POST', '/scenarios/bulk', { Scenarios: list, SaveMode: mode });
    expect((await save([scenario('S1')])).json()).toMatchObject({ Created: 1 });
    // S3 sent twice (ignoring case) counts once: S2, S3 and S4 are new.
    const over = await save([scenario('S1'), scenario('S2'), scenario('S3'), scenario('s3'), scenario('S4')], 'override');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ Message: 'You have 1 scenario; 3 more would pass 3, the most one user may keep (OPENCRT_MAX_SCENARIOS_PER_USER). Delete some, or save fewer.' });
    expect(await count('scenarios', sql`owner_id = ${analyst}`)).toBe(1);
    // A key sent twice counts once: S1 overridden, S2 new, s2 overrides S2.
    expect((await save([scenario('S1'), scenario('S2'), scenario('s2')], 'override')).json()).toMatchObject({ Created: 1, Overridden: 2 });
    const ids = ((await call('analyst', 'GET', '/scenarios/list')).json() as { Id: number; ScenarioName: string }[]).map((s) => s.Id);
    expect(await together(save([scenario('R1')]), call('analyst', 'POST', `/scenarios/${ids[0]}`))).toEqual([200, 429]);
    expect(await count('scenarios', sql`owner_id = ${analyst}`)).toBe(3);
    const clone = await call('analyst', 'POST', `/scenarios/${ids[0]}`);
    expect(clone.statusCode).toBe(429);
    expect(clone.json().Message).toBe('You have 3 scenarios, the most one user may keep (OPENCRT_MAX_SCENARIOS_PER_USER). Delete some to save a new one.');
    expect((await save([{ ...scenario('S1'), Cpr: [7] }], 'override')).statusCode).toBe(200);
    const put = await call('analyst', 'PUT', `/scenarios/${ids[0]}`, { ...scenario('Renamed'), Cpr: [8] });
    expect(put.statusCode, put.body).toBe(200);
    expect(await count('scenarios', sql`owner_id = ${analyst}`)).toBe(3);
  });

  it('the admin\'s scenario assignments (every user\'s scenarios) are paged; bounds refused with 400 naming the parameter', async () => {
    const url = `/administrator/user/${await userId('analyst')}/scenarios`;
    const all = await call('admin', 'GET', url);
    const total = await count('scenarios');
    expect(all.headers['x-total-count']).toBe(String(total));
    expect(all.json()).toHaveLength(total);
    const page = await call('admin', 'GET', `${url}?limit=2&offset=1`);
    expect((page.json() as { Id: number }[]).map((r) => r.Id)).toEqual((all.json() as { Id: number }[]).slice(1, 3).map((r) => r.Id));
    const bad = await call('admin', 'GET', `${url}?limit=5001`);
    expect([bad.statusCode, bad.json().Message]).toEqual([400, 'limit must be from 1 to 5,000']);
    expect((await call('admin', 'GET', `${url}?offset=x`)).json().Message).toMatch(/^offset must be/);
  });

  it('vectors: a list longer than the quota answers 429 and keeps the old list; two saves at once never add up', async () => {
    const analyst = await userId('analyst');
    const post = (names: string[]) => call('analyst', 'POST', '/vectors', names.map((Name) => ({ Name, Value: [1, 2] })));
    expect((await post(['a', 'b'])).json()).toEqual({ Saved: 2 });
    const over = await post(['a', 'b', 'c', 'd']);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ Message: 'This save holds 4 vectors; 3 is the most one user may keep (OPENCRT_MAX_VECTORS_PER_USER). Remove some, then save.' });
    expect(await count('user_vectors', sql`owner_id = ${analyst}`)).toBe(2);
    expect(await together(post(['x1', 'x2', 'x3']), post(['y1', 'y2', 'y3']))).toEqual([200, 200]);
    const names = ((await call('analyst', 'GET', '/vectors')).json() as { Name: string }[]).map((v) => v.Name);
    expect([['x1', 'x2', 'x3'], ['y1', 'y2', 'y3']]).toContainEqual(names);
    // The contract's ceiling (what one request may carry) stays a 400.
    expect((await post(Array.from({ length: 1001 }, (_, i) => `v${i}`))).statusCode).toBe(400);
  });

  it('collateral cashflows: a list longer than the quota answers 429 and keeps the old list; two saves at once never add up', async () => {
    const analyst = await userId('analyst');
    const post = (names: string[]) => call('analyst', 'POST', '/usercollcashflow/', names.map(cashflow));
    expect((await post(['Base'])).json()).toEqual({ Saved: 1 });
    const over = await post(['A', 'B', 'C']);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ Message: 'This save holds 3 collateral cashflows; 2 is the most one user may keep (OPENCRT_MAX_CASHFLOWS_PER_USER). Remove some, then save.' });
    expect(await count('user_coll_cashflows', sql`owner_id = ${analyst}`)).toBe(1);
    expect(await together(post(['X1', 'X2']), post(['Y1', 'Y2']))).toEqual([200, 200]);
    expect(await count('user_coll_cashflows', sql`owner_id = ${analyst}`)).toBe(2);
  });

  it('custom deals: per creator; the 3rd of 2 answers 429 before any build and stores nothing; an update works; paged list', async () => {
    const create = (who: Who, name: string) => call(who, 'POST', '/deals/custom/cirt', cirtDeal(name));
    const first = await create('analyst', 'CIRT 2026-Q1');
    expect(first.statusCode, first.body).toBe(200);
    expect(await together(create('analyst', 'CIRT 2026-Q2'), create('analyst', 'CIRT 2026-Q3'))).toEqual([200, 429]);
    const full = await create('analyst', 'CIRT 2026-Q4');
    expect(full.statusCode).toBe(429);
    expect(full.json()).toEqual({ Message: 'You have 2 custom deals, the most one user may keep (OPENCRT_MAX_CUSTOM_DEALS_PER_USER). Delete some to save a new one.' });
    expect(await count('deals', sql`deal_name = 'CIRT 2026-Q4'`)).toBe(0);
    const id = (first.json() as { Id: number }).Id;
    const updated = await call('analyst', 'PUT', `/deals/custom/cirt/${id}`, { ...cirtDeal('CIRT 2026-Q1'), Wac: 4 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await create('admin', 'CIRT 2026-QA')).statusCode).toBe(200);
    const page = await call('user', 'GET', '/deals/custom/?limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect((page.json() as { Item1: string }[]).map((d) => d.Item1)).toHaveLength(2);
    expect((await call('user', 'GET', '/deals/custom/')).json()).toHaveLength(3);
    const bad = await call('user', 'GET', '/deals/custom/?limit=5000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('limit must be from 1 to 1,000');
  });

  it('reports: per creator; at the quota a new one answers 429 while another admin still saves; an edit keeps the creator', async () => {
    t.ctx.config.quotas.reports = 2;
    const save = (token: string, body: unknown, id = 0) => t.request({ method: 'POST', url: `/api/report/${id}`, token, payload: body as object });
    const admin = await t.token('admin');
    const adminId = await userId('admin');
    const created = await call('admin', 'POST', '/users', { Username: 'admin2', Password: 'admin2-pass-1', ConfirmPassword: 'admin2-pass-1', Roles: ['Admin', 'User'] });
    expect(created.statusCode, created.body).toBe(200);
    const { token: admin2 } = await signInAs(t, 'admin2', 'admin2-pass-1');
    // The demo reports (no creator) count for no one.
    expect(await count('reports', sql`created_by is null`)).toBeGreaterThan(0);

    const first = await save(admin, report('Quota A'));
    expect(first.statusCode, first.body).toBe(200);
    expect(await together(save(admin, report('Quota B')), save(admin, report('Quota C')))).toEqual([200, 429]);
    const full = await save(admin, report('Quota D'));
    expect(full.statusCode).toBe(429);
    expect(full.json()).toEqual({ Message: 'You have 2 reports, the most one user may keep (OPENCRT_MAX_REPORTS_PER_USER). Delete some to save a new one.' });
    expect(await count('reports', sql`name = 'Quota D'`)).toBe(0);
    expect(await count('reports', sql`created_by = ${adminId}`)).toBe(2);

    // Another administrator's quota is their own; editing the first one's report leaves it the first one's.
    const other = await save(admin2, report('Quota E'));
    expect(other.statusCode, other.body).toBe(200);
    const mine = first.json() as { Id: number };
    const edited = await save(admin2, { ...report('Quota A renamed'), Id: mine.Id }, mine.Id);
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await save(admin2, report('Quota F'))).statusCode).toBe(200);
    expect((await save(admin2, report('Quota G'))).statusCode).toBe(429);
    expect((await save(admin, report('Quota H'))).statusCode).toBe(429);
    // A replace at the quota still saves; a delete frees a place.
    expect((await save(admin, { ...report('Quota A again'), Id: mine.Id }, mine.Id)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/report/${mine.Id}`)).statusCode).toBe(200);
    expect((await save(admin, report('Quota H'))).statusCode).toBe(200);
  });

  it('reports: the migration credits each stored report to its last editor', async () => {
    const adminId = await userId('admin');
    const { db } = t.ctx;
    const migrating = db as unknown as Kysely<unknown>;
    await reportCreator.down(migrating);
    await sql`update reports set updated_by = ${adminId} where name = 'Quota E'`.execute(db);
    await reportCreator.up(migrating);
    const creators = await sql<{ name: string; created_by: number | null; updated_by: number | null }>`
      select name, created_by, updated_by from reports where name like 'Quota %' or is_demo order by id`.execute(db);
    expect(creators.rows.length).toBeGreaterThan(4);
    for (const row of creators.rows) expect(row.created_by, row.name).toBe(row.updated_by);
    expect(creators.rows.find((r) => r.name === 'Quota E')?.created_by).toBe(adminId);
  });
});
