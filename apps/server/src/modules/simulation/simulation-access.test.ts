import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DNA1 = 'STACR 2026-DNA1';
const run = { DealName: DNA1, BondName: 'M-1', SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.04], Price: 100 };
const ENDPOINTS = ['/api/simulate', '/api/simulate/save_scenario/x', '/api/simulate/yield', '/api/simulate/yield/matrix', '/api/simulate/wal/matrix', '/api/simulate/breakeven'];

describe('simulation access', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('needs a session on every endpoint', async () => {
    for (const url of ENDPOINTS) {
      const res = await t.request({ method: 'POST', url, payload: run });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('runs only deals assigned to the user: an unassigned deal is not found on every endpoint', async () => {
    const token = await t.token('user');
    const me = await sql<{ id: number }>`select id from users where username = 'user'`.execute(t.ctx.db);
    const userId = me.rows[0]?.id;
    expect(userId).toBeDefined();
    expect((await t.request({ method: 'POST', url: '/api/simulate/yield', token, payload: run })).statusCode).toBe(200);
    await sql`delete from user_deals where user_id = ${userId} and deal_name = ${DNA1}`.execute(t.ctx.db);
    // Runs check assignments from memory; a change made outside the API (as here) reaches that
    // cache by database notice, a moment later on PostgreSQL (the admin API clears it at once).
    await expect.poll(async () => (await t.request({ method: 'POST', url: '/api/simulate/yield', token, payload: run })).statusCode,
      { timeout: 10_000, interval: 50 }).toBe(404);
    for (const url of ENDPOINTS) {
      const res = await t.request({ method: 'POST', url, token, payload: run });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ Message: 'Deal file could not be opened' });
    }
    // Other users keep the deal.
    expect((await t.request({ method: 'POST', url: '/api/simulate/yield', token: await t.token('analyst'), payload: run })).statusCode).toBe(200);
  });
});
