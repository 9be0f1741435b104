import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { OWNED_SCENARIO } from './assignments.service.ts';
import { messageOf, signInAs, userIdOf } from './users-test-helpers.ts';

const DNA1 = 'STACR 2026-DNA1';
const run = { DealName: DNA1, BondName: 'M-1', SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04], Price: 100 };

/** Deal and scenario assignment per user, and one deal for every user (spec 002 administrator calls). */
describe('deal and scenario assignment API', () => {
  let t: TestApp;
  let admin: string;
  let memberId: number;
  let member: string;
  let deals: string[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.token('admin');
    await t.request({ method: 'POST', url: '/api/users', token: admin, payload: { Username: 'member', Password: 'member-pass-1', ConfirmPassword: 'member-pass-1', Roles: ['User'] } });
    memberId = await userIdOf(t, 'member');
    member = (await signInAs(t, 'member', 'member-pass-1')).token;
    deals = (await t.request({ method: 'GET', url: '/api/deals/names', token: admin })).json() as string[];
  });
  afterAll(async () => { await t?.close(); });

  const userDeals = async () => (await t.request({ method: 'GET', url: '/api/deals/userDealsNames', token: member })).json() as string[];

  it('a new user has no deal: the catalog, deal reads and runs are closed to them', async () => {
    expect(await userDeals()).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/deals', token: member })).json()).toEqual([]);
    const detail = await t.request({ method: 'GET', url: `/api/deals/${encodeURIComponent(DNA1)}`, token: member });
    expect([detail.statusCode, messageOf(detail)]).toEqual([404, 'Deal file could not be opened']);
    const runRes = await t.request({ method: 'POST', url: '/api/simulate/yield', token: member, payload: run });
    expect(runRes.statusCode).toBe(404);
  });

  it('GET lists every catalog deal; POST applies only the changed rows; the user then reads and runs exactly those deals', async () => {
    const list = await t.request({ method: 'GET', url: `/api/administrator/user/${memberId}/deals`, token: admin });
    const rows = list.json() as { DealName: string; IsAssigned: boolean }[];
    expect(rows.map((r) => r.DealName)).toEqual(deals);
    expect(rows.every((r) => !r.IsAssigned)).toBe(true);
    const two = [DNA1, deals.find((d) => d.startsWith('CIRT'))!];
    const res = await t.request({ method: 'POST', url: `/api/administrator/user/${memberId}/deals`, token: admin, payload: two.map((DealName) => ({ DealName, IsAssigned: true })) });
    expect([res.statusCode, messageOf(res)]).toEqual([200, "User's deals list have been updated."]);
    expect(await userDeals()).toEqual([...two].sort());
    expect(((await t.request({ method: 'GET', url: '/api/deals', token: member })).json() as unknown[]).length).toBe(2);
    expect((await t.request({ method: 'GET', url: `/api/deals/${encodeURIComponent(DNA1)}`, token: member })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/simulate/yield', token: member, payload: run })).statusCode).toBe(200);

    // Removing one row leaves the other; the catalog's spelling is used whatever the case sent.
    await t.request({ method: 'POST', url: `/api/administrator/user/${memberId}/deals`, token: admin, payload: [{ DealName: DNA1.toLowerCase(), IsAssigned: false }] });
    expect(await userDeals()).toEqual([two[1]]);
    expect((await t.request({ method: 'POST', url: '/api/simulate/yield', token: member, payload: run })).statusCode).toBe(404);
  });

  it('refuses unknown deals (nothing changes), unknown users and disabled users', async () => {
    const before = await userDeals();
    const res = await t.request({ method: 'POST', url: `/api/administrator/user/${memberId}/deals`, token: admin, payload: [{ DealName: DNA1, IsAssigned: true }, { DealName: 'NOPE 1', IsAssigned: true }] });
    expect([res.statusCode, messageOf(res)]).toEqual([400, "The NOPE 1 deal doesn't exist."]);
    expect(await userDeals()).toEqual(before);
    const missing = await t.request({ method: 'GET', url: '/api/administrator/user/999999/deals', token: admin });
    expect([missing.statusCode, messageOf(missing)]).toEqual([404, 'User was not found.']);
    const bad = await t.request({ method: 'POST', url: `/api/administrator/user/${memberId}/deals`, token: admin, payload: [{ DealName: '', IsAssigned: true }] });
    expect(bad.statusCode).toBe(400);

    await t.request({ method: 'POST', url: '/api/users', token: admin, payload: { Username: 'sleeper', Password: 'sleeper-pass-1', ConfirmPassword: 'sleeper-pass-1', Roles: ['User'] } });
    const sleeper = await userIdOf(t, 'sleeper');
    await t.request({ method: 'PUT', url: `/api/users/${sleeper}`, token: admin, payload: { IsEnabled: false } });
    const disabled = await t.request({ method: 'POST', url: `/api/administrator/user/${sleeper}/deals`, token: admin, payload: [{ DealName: DNA1, IsAssigned: true }] });
    expect([disabled.statusCode, messageOf(disabled)]).toEqual([400, 'The user sleeper is disabled: enable the user before editing deals.']);
  });

  it('assign_all gives every user the deal and remove_all takes it from everyone, with the spec notices', async () => {
    const res = await t.request({ method: 'PUT', url: `/api/administrator/deal/${encodeURIComponent(DNA1)}/assign_all`, token: admin });
    expect([res.statusCode, messageOf(res)]).toEqual([200, `The deal ${DNA1} has been assigned to all users.`]);
    expect(await userDeals()).toContain(DNA1);
    const count = async () => Number((await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const holders = async () => Number((await t.ctx.db.withTables<{ user_deals: { user_id: number; deal_name: string } }>()
      .selectFrom('user_deals').select((eb) => eb.fn.countAll<number>().as('n')).where('deal_name', '=', DNA1).executeTakeFirstOrThrow()).n);
    expect(await holders()).toBe(await count());
    const removed = await t.request({ method: 'DELETE', url: `/api/administrator/deal/${encodeURIComponent(DNA1)}/remove_all`, token: admin });
    expect([removed.statusCode, messageOf(removed)]).toEqual([200, `The deal ${DNA1} has been unassigned to all users.`]);
    expect(await holders()).toBe(0);
    const unknown = await t.request({ method: 'PUT', url: '/api/administrator/deal/NOPE%201/assign_all', token: admin });
    expect([unknown.statusCode, messageOf(unknown)]).toEqual([400, "The NOPE 1 deal doesn't exist."]);
    // Give the admin back the deal for later tests.
    await t.request({ method: 'PUT', url: `/api/administrator/deal/${encodeURIComponent(DNA1)}/assign_all`, token: admin });
  });

  it('scenarios: lists every scenario with owner; shares and unshares changed rows; owned scenarios cannot be removed', async () => {
    const analyst = await t.token('analyst');
    const saved = await t.request({
      method: 'POST', url: '/api/scenarios/bulk', token: analyst,
      payload: { SaveMode: 'override', Scenarios: [{ ScenarioName: 'Analyst base', Vendor: 'House', Cpr: [5], Cdr: [1], LossSeverity: [30], Delinquency: [0] }] },
    });
    expect(saved.statusCode).toBe(200);
    const scenarioId = (saved.json() as { Ids: number[] }).Ids[0]!;
    const analystId = await userIdOf(t, 'analyst');

    const ofAnalyst = (await t.request({ method: 'GET', url: `/api/administrator/user/${analystId}/scenarios`, token: admin })).json() as { Id: number }[];
    expect(ofAnalyst.find((s) => s.Id === scenarioId)).toEqual({ Id: scenarioId, Name: 'Analyst base', Vendor: 'House', DealName: null, Owner: 'analyst', Owned: true, IsAssigned: true });
    const refuse = await t.request({ method: 'POST', url: `/api/administrator/user/${analystId}/scenarios`, token: admin, payload: [{ Id: scenarioId, IsAssigned: false }] });
    expect([refuse.statusCode, messageOf(refuse)]).toEqual([400, OWNED_SCENARIO]);

    const ofMember = (await t.request({ method: 'GET', url: `/api/administrator/user/${memberId}/scenarios`, token: admin })).json() as { Id: number }[];
    expect(ofMember.find((s) => s.Id === scenarioId)).toMatchObject({ Owner: 'analyst', Owned: false, IsAssigned: false });
    expect((await t.request({ method: 'GET', url: `/api/scenarios/${scenarioId}`, token: member })).statusCode).toBe(404);
    const share = await t.request({ method: 'POST', url: `/api/administrator/user/${memberId}/scenarios`, token: admin, payload: [{ Id: scenarioId, IsAssigned: true, Name: 'Analyst base' }] });
    expect([share.statusCode, messageOf(share)]).toEqual([200, "User's scenarios list have been updated."]);
    expect((await t.request({ method: 'GET', url: `/api/scenarios/${scenarioId}`, token: member })).statusCode).toBe(200);
    await t.request({ method: 'POST', url: `/api/administrator/user/${memberId}/scenarios`, token: admin, payload: [{ Id: scenarioId, IsAssigned: false }] });
    expect((await t.request({ method: 'GET', url: `/api/scenarios/${scenarioId}`, token: member })).statusCode).toBe(404);

    const unknown = await t.request({ method: 'POST', url: `/api/administrator/user/${memberId}/scenarios`, token: admin, payload: [{ Id: 999999, IsAssigned: true }] });
    expect([unknown.statusCode, messageOf(unknown)]).toEqual([404, 'Scenario 999999 was not found.']);
  });

  it('POST /administrator/loadCatalogue answers the spec notice', async () => {
    const res = await t.request({ method: 'POST', url: '/api/administrator/loadCatalogue', token: admin });
    expect([res.statusCode, messageOf(res)]).toEqual([200, 'Deal catalogue loaded.']);
  });
});
