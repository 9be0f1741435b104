import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadVisibleScenario } from './index.ts';

type Tokens = Record<'admin' | 'analyst' | 'user', string>;
interface Summary { Id: number; ScenarioName: string; DealName: string | null; Vendor: string | null; Shared: boolean; Owned: boolean; Owner: string; LastModified: string }
interface Full extends Summary { Cpr: number[]; Cdr: number[]; LossSeverity: number[]; Delinquency: number[] }

const scenario = (name: string, extra: Record<string, unknown> = {}) => ({
  ScenarioName: name, DealName: 'STACR 2026-DNA1', Vendor: 'Acme', Cpr: [5, 6.5, 7], Cdr: [0.5, 0.5, 1], LossSeverity: [25, 30, 35], Delinquency: [1, 2, 3], Shared: false, ...extra,
});

describe('scenarios API', () => {
  let t: TestApp;
  let tok: Tokens;
  const call = (user: keyof Tokens, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.request({ method, url: `/api${url}`, token: tok[user], ...(payload === undefined ? {} : { payload: payload as object }) });
  const save = async (user: keyof Tokens, list: unknown[], mode = 'skip') => {
    const res = await call(user, 'POST', '/scenarios/bulk', { Scenarios: list, SaveMode: mode });
    return res;
  };
  const listOf = async (user: keyof Tokens) => (await call(user, 'GET', '/scenarios/list')).json() as Summary[];

  beforeAll(async () => {
    t = await createTestApp();
    tok = { admin: await t.token('admin'), analyst: await t.token('analyst'), user: await t.token('user') };
  });
  afterAll(async () => { await t?.close(); });

  it('refuses every scenario and vector call without a token', async () => {
    for (const [method, url] of [['GET', '/scenarios'], ['GET', '/scenarios/list'], ['GET', '/scenarios/1'], ['POST', '/scenarios/1'],
      ['GET', '/scenarios/names'], ['GET', '/scenarios/vendors'], ['POST', '/scenarios/bulk'], ['DELETE', '/scenarios/bulk'],
      ['POST', '/scenarios/bulk/share'], ['PUT', '/scenarios/1'], ['GET', '/users'], ['GET', '/vectors'], ['POST', '/vectors']] as const) {
      expect((await t.request({ method, url: `/api${url}` })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('saves new scenarios in one call, stores percent vectors and the catalog spelling of the deal', async () => {
    const res = await save('analyst', [scenario('Base'), scenario('Stress', { DealName: 'stacr 2026-dna1', Vendor: '', Cpr: [0], Cdr: [99.99], LossSeverity: [100], Delinquency: [0] })]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Created: 2, Overridden: 0, Skipped: 0 });
    const ids = (res.json() as { Ids: number[] }).Ids;
    const stress = (await call('analyst', 'GET', `/scenarios/${ids[1]}`)).json() as Full;
    expect(stress).toMatchObject({ ScenarioName: 'Stress', DealName: 'STACR 2026-DNA1', Vendor: null, Owned: true, Shared: false, Owner: 'analyst',
      Cpr: [0], Cdr: [99.99], LossSeverity: [100], Delinquency: [0] });
    expect(Math.abs(Date.parse(stress.LastModified) - Date.now())).toBeLessThan(60_000);
    const base = (await call('analyst', 'GET', `/scenarios/${ids[0]}`)).json() as Full;
    expect(base.Cpr).toEqual([5, 6.5, 7]);
  });

  it('validates with the spec messages and writes nothing when any scenario fails', async () => {
    const before = (await listOf('analyst')).length;
    const one = await save('analyst', [scenario('  ', { Cpr: [], Cdr: [1, 'x'], LossSeverity: [101], Delinquency: [-1] })]);
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({ Message: ["Scenario name mustn't be empty", 'CPR vector is empty.', 'CDR vector contains incorrect values.',
      'Severity vector contains incorrect values.', 'Delinquency vector contains incorrect values.'].join('\n') });
    const cpr100 = await save('analyst', [scenario('Hundred', { Cpr: [100] })]);
    expect(cpr100.json()).toEqual({ Message: 'CPR vector contains incorrect values.' });
    const many = await save('analyst', [scenario('Good new one'), scenario('Bad deal', { DealName: 'NOPE 2020-1' }), scenario('', { Delinquency: null })]);
    expect(many.statusCode).toBe(400);
    expect((many.json() as { Message: string }).Message.split('\n')).toEqual([
      "Scenario 2 (Bad deal): The NOPE 2020-1 deal doesn't exist.",
      "Scenario 3: Scenario name mustn't be empty",
      'Scenario 3: Delinquency vector is empty.',
    ]);
    expect((await listOf('analyst')).length).toBe(before);
  });

  it('skip keeps an existing scenario with the same name, deal and vendor; override replaces its vectors', async () => {
    const skip = await save('analyst', [scenario('BASE', { Cpr: [9] }), scenario('Skip-new')], 'skip');
    expect(skip.json()).toMatchObject({ Created: 1, Skipped: 1, Overridden: 0 });
    const base = (await listOf('analyst')).find((s) => s.ScenarioName === 'Base')!;
    expect(((await call('analyst', 'GET', `/scenarios/${base.Id}`)).json() as Full).Cpr).toEqual([5, 6.5, 7]);
    const over = await save('analyst', [scenario('Base', { Vendor: 'acme', Cpr: [9, 8] })], 'override');
    expect(over.json()).toEqual({ Ids: [base.Id], Created: 0, Overridden: 1, Skipped: 0 });
    expect(((await call('analyst', 'GET', `/scenarios/${base.Id}`)).json() as Full).Cpr).toEqual([9, 8]);
    // Same name for another deal is another scenario.
    expect((await save('analyst', [scenario('Base', { DealName: 'STACR 2026-DNA2' })])).json()).toMatchObject({ Created: 1 });
    expect((await call('analyst', 'POST', '/scenarios/bulk', { Scenarios: [scenario('x')], SaveMode: 'replace' })).statusCode).toBe(400);
  });

  it('lists, filters by deal and vendor, and gives names and vendors of visible scenarios only', async () => {
    await save('user', [scenario('Private of user', { Vendor: 'Zeta' })]);
    const analyst = await listOf('analyst');
    expect(analyst.every((s) => s.Owner === 'analyst' && s.Owned)).toBe(true);
    expect(analyst.map((s) => s.ScenarioName)).not.toContain('Private of user');
    const dna2 = (await call('analyst', 'GET', '/scenarios?dealName=stacr%202026-dna2')).json() as Summary[];
    expect(dna2.map((s) => s.ScenarioName)).toEqual(['Base']);
    const acme = (await call('analyst', 'GET', '/scenarios?vendor=ACME')).json() as Summary[];
    expect(acme.every((s) => s.Vendor?.toLowerCase() === 'acme')).toBe(true);
    expect(acme.length).toBe(analyst.filter((s) => s.Vendor !== null).length);
    expect((await call('analyst', 'GET', '/scenarios/vendors')).json()).toEqual(['acme', 'Acme']);
    expect((await call('user', 'GET', '/scenarios/vendors')).json()).toEqual(['Zeta']);
    expect((await call('analyst', 'GET', '/scenarios/names')).json()).toEqual(['Base', 'Good new one', 'Skip-new', 'Stress'].filter((n) => analyst.some((s) => s.ScenarioName === n)));
  });

  it('hides other users\' scenarios: 404 on read, clone, update and delete', async () => {
    const mine = (await listOf('user')).find((s) => s.ScenarioName === 'Private of user')!;
    expect((await call('analyst', 'GET', `/scenarios/${mine.Id}`)).json()).toEqual({ Message: 'Scenario was not found.' });
    expect((await call('analyst', 'POST', `/scenarios/${mine.Id}`)).statusCode).toBe(404);
    expect((await call('analyst', 'PUT', `/scenarios/${mine.Id}`, scenario('Hijack'))).statusCode).toBe(404);
    expect((await call('analyst', 'DELETE', '/scenarios/bulk', [mine.Id])).statusCode).toBe(404);
    expect((await call('analyst', 'GET', '/scenarios/999999')).statusCode).toBe(404);
  });

  it('updates an owned scenario with the update payload, checking name, vectors and deal', async () => {
    const base = (await listOf('analyst')).find((s) => s.ScenarioName === 'Base' && s.DealName === 'STACR 2026-DNA1')!;
    const res = await call('analyst', 'PUT', `/scenarios/${base.Id}`, scenario('Base v2', { Vendor: 'Beta', Cpr: [12, 12] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: base.Id, ScenarioName: 'Base v2', Vendor: 'Beta', Cpr: [12, 12] });
    expect((await call('analyst', 'PUT', `/scenarios/${base.Id}`, scenario('Base v2', { DealName: 'Unknown 1' }))).json())
      .toEqual({ Message: "The Unknown 1 deal doesn't exist." });
    expect((await call('analyst', 'PUT', `/scenarios/${base.Id}`, scenario('', { LossSeverity: [] }))).json())
      .toEqual({ Message: "Scenario name mustn't be empty\nSeverity vector is empty." });
    // Renaming onto another owned scenario's name, deal and vendor is refused.
    const stress = (await listOf('analyst')).find((s) => s.ScenarioName === 'Stress')!;
    const clash = await call('analyst', 'PUT', `/scenarios/${stress.Id}`, scenario('base V2', { Vendor: 'beta' }));
    expect(clash.statusCode).toBe(409);
    // Non-admins cannot set the Shared flag.
    const shared = await call('analyst', 'PUT', `/scenarios/${base.Id}`, scenario('Base v2', { Vendor: 'Beta', Shared: true }));
    expect(shared.statusCode).toBe(403);
    expect(shared.json()).toEqual({ Message: 'Only administrators can share scenarios.' });
    expect((await save('analyst', [scenario('Shared by analyst', { Shared: true })])).statusCode).toBe(403);
  });

  it('clones a visible scenario into the caller\'s list under a free name', async () => {
    const base = (await listOf('analyst')).find((s) => s.ScenarioName === 'Base v2')!;
    const a = (await call('analyst', 'POST', `/scenarios/${base.Id}`)).json() as Full;
    const b = (await call('analyst', 'POST', `/scenarios/${base.Id}`)).json() as Full;
    expect([a.ScenarioName, b.ScenarioName]).toEqual(['Base v2 (copy)', 'Base v2 (copy 2)']);
    expect(a).toMatchObject({ Owned: true, Shared: false, DealName: 'STACR 2026-DNA1', Vendor: 'Beta', Cpr: [12, 12] });
    expect(a.Id).not.toBe(base.Id);
  });

  it('admin shares by flag and by user; others then see but cannot edit or delete; clone makes their own copy', async () => {
    const adminSave = await save('admin', [scenario('Admin global', { Shared: true }), scenario('Admin to user')]);
    const [globalId, toUserId] = (adminSave.json() as { Ids: number[] }).Ids;
    // Sharing is admin-only at the route.
    expect((await call('analyst', 'POST', '/scenarios/bulk/share', { scenarioIds: [toUserId], userIds: [1] })).statusCode).toBe(403);
    const users = (await call('admin', 'GET', '/users')).json() as { Id: number; Username: string }[];
    expect(users.map((u) => u.Username)).toEqual(expect.arrayContaining(['admin', 'analyst', 'user']));
    expect((await call('user', 'GET', '/users')).statusCode).toBe(403);
    const userId = users.find((u) => u.Username === 'user')!.Id;
    expect((await call('admin', 'POST', '/scenarios/bulk/share', { scenarioIds: [toUserId], userIds: [999999] })).json()).toEqual({ Message: 'User was not found.' });
    const mineOfUser = (await listOf('user')).find((s) => s.ScenarioName === 'Private of user')!;
    expect((await call('admin', 'POST', '/scenarios/bulk/share', { scenarioIds: [mineOfUser.Id], userIds: [userId] })).statusCode).toBe(404);
    const share = await call('admin', 'POST', '/scenarios/bulk/share', { scenarioIds: [toUserId, toUserId], userIds: [userId] });
    expect(share.json()).toEqual({ Shared: 1 });
    expect((await call('admin', 'POST', '/scenarios/bulk/share', { scenarioIds: [toUserId], userIds: [userId] })).json()).toEqual({ Shared: 0 });

    const userSees = await listOf('user');
    expect(userSees.filter((s) => s.Owner === 'admin').map((s) => [s.ScenarioName, s.Owned]).sort()).toEqual([['Admin global', false], ['Admin to user', false]]);
    const analystSees = await listOf('analyst');
    expect(analystSees.filter((s) => s.Owner === 'admin').map((s) => s.ScenarioName)).toEqual(['Admin global']);
    expect(((await call('user', 'GET', `/scenarios/${toUserId}`)).json() as Full).Owned).toBe(false);
    // The same rule for runs: loadVisibleScenario gives the user the shared one, not the analyst.
    expect((await loadVisibleScenario(t.ctx.db, userId, toUserId!)).Cpr).toEqual([5, 6.5, 7]);
    const analystId = users.find((u) => u.Username === 'analyst')!.Id;
    await expect(loadVisibleScenario(t.ctx.db, analystId, toUserId!)).rejects.toThrow('Scenario was not found.');
    const edit = await call('user', 'PUT', `/scenarios/${toUserId}`, scenario('Mine now'));
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ Message: 'Only the owner can change or delete this scenario.' });
    expect((await call('user', 'DELETE', '/scenarios/bulk', [globalId])).statusCode).toBe(403);
    const copy = (await call('user', 'POST', `/scenarios/${globalId}`)).json() as Full;
    expect(copy).toMatchObject({ ScenarioName: 'Admin global (copy)', Owned: true, Shared: false, Owner: 'user' });
    // Admin unshares by flag: the analyst no longer sees it.
    expect((await call('admin', 'PUT', `/scenarios/${globalId}`, scenario('Admin global', { Shared: false }))).statusCode).toBe(200);
    expect((await listOf('analyst')).some((s) => s.Id === globalId)).toBe(false);
    // Even an admin cannot edit another user's scenario.
    expect((await call('admin', 'PUT', `/scenarios/${copy.Id}`, scenario('x'))).statusCode).toBe(404);
  });

  it('deletes owned scenarios in bulk; a foreign id in the list deletes nothing', async () => {
    const analyst = await listOf('analyst');
    const copies = analyst.filter((s) => s.ScenarioName.includes('(copy'));
    const foreign = (await listOf('user')).find((s) => s.Owner === 'admin')!;
    expect((await call('user', 'DELETE', '/scenarios/bulk', [(await listOf('user')).find((s) => s.Owned)!.Id, foreign.Id])).statusCode).toBe(403);
    expect((await listOf('user')).filter((s) => s.Owned).length).toBe(2);
    const res = await call('analyst', 'DELETE', '/scenarios/bulk', copies.map((c) => c.Id));
    expect(res.json()).toEqual({ Deleted: 2 });
    expect((await listOf('analyst')).length).toBe(analyst.length - 2);
    expect((await call('analyst', 'DELETE', '/scenarios/bulk', [])).statusCode).toBe(400);
  });
});
