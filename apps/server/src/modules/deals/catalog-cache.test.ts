import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signInAs, userIdOf } from '../users/users-test-helpers.ts';

const DNA1 = 'STACR 2026-DNA1';
const DNA2 = 'STACR 2026-DNA2';

/** GET /deals answers from memory; every way deals or assignments change must show at once. */
describe('catalog cache', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let memberId: number;
  const catalog = async () => ((await t.request({ method: 'GET', url: '/api/deals', token: member })).json() as { DealName: string }[])
    .map((d) => d.DealName).sort();
  const userDeals = () => t.ctx.db.withTables<{ user_deals: { user_id: number; deal_name: string } }>();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.token('admin');
    await t.request({ method: 'POST', url: '/api/users', token: admin, payload: { Username: 'cached', Password: 'cached-pass-1', ConfirmPassword: 'cached-pass-1', Roles: ['User'] } });
    memberId = await userIdOf(t, 'cached');
    member = (await signInAs(t, 'cached', 'cached-pass-1')).token;
  });
  afterAll(async () => { await t?.close(); });

  it('an admin assignment shows in the very next catalog read', async () => {
    expect(await catalog()).toEqual([]);
    await t.request({ method: 'POST', url: `/api/administrator/user/${memberId}/deals`, token: admin, payload: [{ DealName: DNA1, IsAssigned: true }] });
    expect(await catalog()).toEqual([DNA1]);
    await t.request({ method: 'PUT', url: `/api/administrator/deal/${encodeURIComponent(DNA2)}/assign_all`, token: admin });
    expect(await catalog()).toEqual([DNA1, DNA2]);
  });

  it('runs check the assignment from memory, and an assignment removed outside the API closes the deal to the next runs', async () => {
    const run = async () => (await t.request({ method: 'POST', url: '/api/simulate?useShallowResponse=true', token: member, payload: {
      DealName: DNA2, SettlementDate: 20260317, Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0367],
    } })).statusCode;
    expect(await run()).toBe(200);
    expect(await run()).toBe(200);
    await userDeals().deleteFrom('user_deals').where('user_id', '=', memberId).where('deal_name', '=', DNA2).execute();
    await expect.poll(run, { timeout: 10_000, interval: 50 }).toBe(404);
    await userDeals().insertInto('user_deals').values({ user_id: memberId, deal_name: DNA2 }).execute();
    await expect.poll(run, { timeout: 10_000, interval: 50 }).toBe(200);
  });

  it('a change made outside the API (another replica, the data CLI) arrives by database notice', async () => {
    expect(await catalog()).toEqual([DNA1, DNA2]); // cached now
    await userDeals().deleteFrom('user_deals').where('user_id', '=', memberId).where('deal_name', '=', DNA2).execute();
    await expect.poll(catalog, { timeout: 10_000, interval: 50 }).toEqual([DNA1]);
    await t.ctx.db.withTables<{ deals: { deal_name: string; deal_factor: number } }>()
      .updateTable('deals').set({ deal_factor: 0.5 }).where('deal_name', '=', DNA1).execute();
    await expect.poll(async () => ((await t.request({ method: 'GET', url: '/api/deals', token: member })).json() as { DealFactor: number }[])[0]?.DealFactor,
      { timeout: 10_000, interval: 50 }).toBe(0.5);
  });
});

/** Runs start from a cached state at the settlement date; a new remittance must reach the next run. */
describe('deal start cache', () => {
  let t: TestApp;
  let admin: string;
  type Remits = { deal_remit_history: { deal_name: string; date: number; current_balance: number } };
  const remits = () => t.ctx.db.withTables<Remits>();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.token('admin');
  });
  afterAll(async () => { await t?.close(); });

  it('a remittance history change made outside the API shows in the next run', async () => {
    const history = await remits().selectFrom('deal_remit_history').selectAll()
      .where('deal_name', '=', DNA1).orderBy('date', 'desc').limit(2).execute();
    const [last, previous] = history;
    if (!last || !previous) throw new Error('the demo data should give DNA1 two remittances');
    const firstBalance = async () => {
      const res = await t.request({ method: 'POST', url: '/api/simulate', token: admin, payload: {
        DealName: DNA1, SettlementDate: last.date, Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365],
      } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { CollateralCashflow: { Balance: number }[] }).CollateralCashflow[0]?.Balance ?? NaN;
    };
    const before = await firstBalance();
    expect(await firstBalance()).toBe(before); // the second run starts from the cached state
    // Without its last remittance the deal starts from the one before and projects the month the
    // remittance reported: the first row after settlement (the same date, issue 23 #7) then holds
    // a projected balance, not the reported path's.
    await remits().deleteFrom('deal_remit_history').where('deal_name', '=', DNA1).where('date', '=', last.date).execute();
    try {
      await expect.poll(firstBalance, { timeout: 10_000, interval: 50 }).not.toBe(before);
    } finally {
      await remits().insertInto('deal_remit_history').values(last).execute();
    }
    await expect.poll(firstBalance, { timeout: 10_000, interval: 50 }).toBe(before);
  });
});
