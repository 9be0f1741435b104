import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../bootstrap.ts';
import { openDatabase } from '../db/database.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testConfig } from '../test/test-config.ts';
import { REVOCATION_BOUND_MS, SessionCache } from './session-cache.ts';
import type { AuthUser } from './authenticate.ts';

/**
 * How long a test waits for a change to reach a replica: the stated bound, plus one request's own
 * time on a loaded machine (the poll's last request must start before the bound and still answer).
 */
const WAIT_MS = REVOCATION_BOUND_MS + 500;
const get = (t: TestApp, url: string, token: string) => t.request({ method: 'GET', url, token });
/** Trigger notices reach PGlite before the changing query returns, PostgreSQL a moment after commit. */
const eventually = (t: TestApp, url: string, token: string) =>
  expect.poll(async () => (await get(t, url, token)).statusCode, { timeout: WAIT_MS, interval: 5 });

describe('SessionCache: what it read is forgotten after the revocation bound, counted from the read\'s start', () => {
  const user: AuthUser = { id: 7, username: 'u', roles: ['User'] };
  const session = () => ({ user: { ...user, roles: [...user.roles] }, sessionId: 's1', expiresAtMs: Date.now() + 3_600_000 });
  let clock = 0;
  const cache = () => {
    const c = new SessionCache(10, 1_000, () => clock);
    c.setLive(true);
    return c;
  };

  it('serves an entry until the bound after its read started, then reads again', () => {
    const c = cache();
    clock = 100;
    const ticket = c.startLoad();
    clock = 400; // the database read took 300 ms: the entry shows the database as of 100 or later
    c.store('tok', session(), ticket);
    clock = 1_099;
    expect(c.lookup('tok', Date.now())?.id).toBe(7);
    clock = 1_100;
    expect(c.lookup('tok', Date.now())).toBeUndefined();
    expect(c.size).toBe(0);
    expect([c.hits, c.misses]).toEqual([1, 1]);
  });

  it('does not keep a read that an eviction overtook, and serves nothing while not live', () => {
    const c = cache();
    const ticket = c.startLoad();
    c.evictUser(7);
    c.store('tok', session(), ticket);
    expect(c.size).toBe(0);
    c.store('tok', session(), c.startLoad());
    expect(c.size).toBe(1);
    c.setLive(false);
    expect(c.lookup('tok', Date.now())).toBeUndefined();
  });
});
const userId = async (t: TestApp, name: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;

describe('session cache: requests are served from memory, changes take effect at once', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('serves a repeated request without reading the database', async () => {
    const token = await t.token('analyst');
    expect((await get(t, '/api/roles', token)).statusCode).toBe(200);
    const hits = t.sessions.hits;
    expect((await get(t, '/api/roles', token)).statusCode).toBe(200);
    expect(t.sessions.hits).toBe(hits + 1);
  });

  it('disabling a user by plain SQL (no authEvents call) ends its cached session at once', async () => {
    const token = await t.token('user');
    expect((await get(t, '/api/config', token)).statusCode).toBe(200);
    expect((await get(t, '/api/config', token)).statusCode).toBe(200); // now cached
    const id = await userId(t, 'user');
    await t.ctx.db.updateTable('users').set({ is_enabled: false }).where('id', '=', id).execute();
    await eventually(t, '/api/config', token).toBe(401);
    await t.ctx.db.updateTable('users').set({ is_enabled: true }).where('id', '=', id).execute();
    expect((await get(t, '/api/config', token)).statusCode).toBe(200);
  });

  it('removing roles by plain SQL is seen by the next request', async () => {
    const token = await t.token('analyst');
    expect((await get(t, '/api/roles', token)).statusCode).toBe(200);
    const id = await userId(t, 'analyst');
    const roles = await t.ctx.db.selectFrom('user_roles').selectAll().where('user_id', '=', id).execute();
    await t.ctx.db.deleteFrom('user_roles').where('user_id', '=', id).execute();
    await eventually(t, '/api/roles', token).toBe(403);
    await t.ctx.db.insertInto('user_roles').values(roles).execute();
    await eventually(t, '/api/roles', token).toBe(200);
  });

  it('a rolled-back change invalidates nothing; a password change drops the cached copy', async () => {
    const token = await t.token('admin');
    expect((await get(t, '/api/roles', token)).statusCode).toBe(200);
    const id = await userId(t, 'admin');
    await t.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ is_enabled: false }).where('id', '=', id).execute();
      throw new Error('roll back');
    }).catch(() => undefined);
    const hits = t.sessions.hits;
    expect((await get(t, '/api/roles', token)).statusCode).toBe(200);
    expect(t.sessions.hits).toBe(hits + 1);
    const { password_hash } = await t.ctx.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('users').set({ password_hash: `${password_hash}x` }).where('id', '=', id).execute();
    await t.ctx.authEvents.userChanged(id); // here to wait for the trigger's notice as well (PostgreSQL)
    // Sessions are not revoked by a password change here (that is the account screens' policy), but
    // the cached copy must be re-read: the hit counter stays put.
    expect((await get(t, '/api/roles', token)).statusCode).toBe(200);
    expect(t.sessions.hits).toBe(hits + 1);
    await t.ctx.db.updateTable('users').set({ password_hash }).where('id', '=', id).execute();
  });

  it('sign-out ends the session at once', async () => {
    const res = await t.request({
      method: 'POST', url: '/api/oauth/token', payload: 'username=user&password=user-test-pass-1&grant_type=password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const token = (res.json() as { access_token: string }).access_token;
    expect((await get(t, '/api/roles', token)).statusCode).toBe(200);
    expect((await get(t, '/api/roles', token)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/oauth/logout', token })).statusCode).toBe(204);
    expect((await get(t, '/api/roles', token)).statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two API replicas on one PostgreSQL', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startApp>>;
  let closeB: () => Promise<void>;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp();
    const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: a.schema });
    b = await startApp(handle, testConfig());
    // B answers over real HTTP, as a replica behind a load balancer would.
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    closeB = async () => { await b.app.close(); await handle.close(); };
  });
  afterAll(async () => { await closeB(); await a.close(); });

  const onB = async (url: string, token: string) => {
    const res = await fetch(`${baseB}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    return { statusCode: res.status };
  };
  const eventuallyOnB = (url: string, token: string) =>
    expect.poll(async () => (await onB(url, token)).statusCode, { timeout: WAIT_MS, interval: 5 });

  it('disabling a user on one replica: the other answers 401 within the revocation bound', async () => {
    const token = await a.token('user');
    expect((await onB('/api/roles', token)).statusCode).toBe(200);
    const hits = b.sessions.hits;
    expect((await onB('/api/roles', token)).statusCode).toBe(200);
    expect(b.sessions.hits).toBe(hits + 1); // B serves it from memory
    const id = await userId(a, 'user');
    await a.ctx.db.updateTable('users').set({ is_enabled: false }).where('id', '=', id).execute();
    await a.ctx.authEvents.userChanged(id);
    // Usually the very next request (the notice is in); at the latest within the stated bound.
    await eventuallyOnB('/api/roles', token).toBe(401);
    await a.ctx.db.updateTable('users').set({ is_enabled: true }).where('id', '=', id).execute();
    expect((await onB('/api/roles', token)).statusCode).toBe(200);
  });

  it('without any notification (a lost one), B still stops serving the disabled user within the bound', async () => {
    const token = await a.token('analyst');
    expect((await onB('/api/roles', token)).statusCode).toBe(200);
    const id = await userId(a, 'analyst');
    const hits = b.sessions.hits;
    expect((await onB('/api/roles', token)).statusCode).toBe(200);
    expect(b.sessions.hits).toBe(hits + 1);
    // Disable with the notify trigger off for this transaction: no replica hears of it.
    const disabledAt = performance.now();
    await a.ctx.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('users').set({ is_enabled: false }).where('id', '=', id).execute();
    });
    await eventuallyOnB('/api/roles', token).toBe(401);
    const seenAfter = performance.now() - disabledAt;
    expect(seenAfter).toBeLessThan(WAIT_MS);
    await a.ctx.db.updateTable('users').set({ is_enabled: true }).where('id', '=', id).execute();
    await eventuallyOnB('/api/roles', token).toBe(200);
  });

  it('role removal and sign-out on one replica reach the other', async () => {
    const token = await a.token('analyst');
    expect((await onB('/api/roles', token)).statusCode).toBe(200);
    const id = await userId(a, 'analyst');
    const roles = await a.ctx.db.selectFrom('user_roles').selectAll().where('user_id', '=', id).execute();
    await a.ctx.db.deleteFrom('user_roles').where('user_id', '=', id).execute();
    await a.ctx.authEvents.userChanged(id);
    await eventuallyOnB('/api/roles', token).toBe(403);
    await a.ctx.db.insertInto('user_roles').values(roles).execute();
    await a.ctx.authEvents.userChanged(id);
    await eventuallyOnB('/api/roles', token).toBe(200);
    expect((await a.request({ method: 'POST', url: '/api/oauth/logout', token })).statusCode).toBe(204);
    await eventuallyOnB('/api/roles', token).toBe(401);
  });

  it('a lost listener connection stops serving from memory until it is back', async () => {
    const token = await a.token('admin');
    expect((await onB('/api/roles', token)).statusCode).toBe(200);
    // Kill this test's listening connections from the server side, as a network failure would.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`opencrt-listen-${a.schema}`}`.execute(a.ctx.db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const misses = b.sessions.misses;
    expect((await onB('/api/roles', token)).statusCode).toBe(200);
    expect(b.sessions.misses).toBe(misses + 1);
  });
});
