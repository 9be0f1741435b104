import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_PASSWORDS } from '../../test/test-config.ts';

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/oauth/token',
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('POST /api/oauth/token', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ maxFailedLogins: 3 }); });
  afterAll(async () => { await t?.close(); });

  it('signs in with the password grant and returns roles as JSON text', async () => {
    const res = await t.request(form({ username: 'analyst', password: TEST_PASSWORDS.analyst, grant_type: 'password' }));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { access_token: string; expires_in: number; roles: string; token_type: string };
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(t.ctx.config.tokenLifetimeSeconds);
    expect(JSON.parse(body.roles)).toEqual(expect.arrayContaining(['User', 'LDM_User', 'DocReader']));
    expect(JSON.parse(body.roles)).not.toContain('Admin');
    const roles = await t.request({ method: 'GET', url: '/api/roles', token: body.access_token });
    expect(roles.statusCode).toBe(200);
    // Answered without a database read, so it must be exactly the seeded role table.
    const table = await t.ctx.db.selectFrom('roles').select('name').execute();
    expect((roles.json() as { Name: string }[]).map((r) => r.Name).sort()).toEqual(table.map((r) => r.name).sort());
  });

  it('user names are case-insensitive', async () => {
    const res = await t.request(form({ username: 'ADMIN', password: TEST_PASSWORDS.admin, grant_type: 'password' }));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password with HTTP 400 and an error_description', async () => {
    const res = await t.request(form({ username: 'user', password: 'wrong', grant_type: 'password' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'The user name or password is incorrect.' });
  });

  it('refuses an unknown user the same way (no user enumeration)', async () => {
    const res = await t.request(form({ username: 'nobody', password: 'x', grant_type: 'password' }));
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'The user name or password is incorrect.' });
  });

  it('refuses a missing field or another grant type in the OAuth error shape', async () => {
    const res = await t.request(form({ username: 'user', grant_type: 'client_credentials' }));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; error_description: string };
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/password is required/);
    expect(body.error_description).toMatch(/grant_type/);
  });

  it('locks a user name out after repeated failures, even with the right password', async () => {
    for (let i = 0; i < 3; i++) await t.request(form({ username: 'lockme', password: 'bad', grant_type: 'password' }));
    const { hashPassword } = await import('../../auth/passwords.ts');
    await t.ctx.db.insertInto('users').values({ username: 'lockme', password_hash: await hashPassword('right-password-1') }).execute();
    const res = await t.request(form({ username: 'lockme', password: 'right-password-1', grant_type: 'password' }));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error_description: string }).error_description).toMatch(/Too many failed sign-in attempts/);
  });

  it('refuses a disabled user, and their existing token stops working', async () => {
    const { hashPassword } = await import('../../auth/passwords.ts');
    const user = await t.ctx.db.insertInto('users').values({ username: 'soon-disabled', password_hash: await hashPassword('pw-123456') })
      .returning('id').executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('user_roles').values({ user_id: user.id, role: 'User' }).execute();
    const ok = await t.request(form({ username: 'soon-disabled', password: 'pw-123456', grant_type: 'password' }));
    const token = (ok.json() as { access_token: string }).access_token;
    await t.ctx.db.updateTable('users').set({ is_enabled: false }).where('id', '=', user.id).execute();
    const res = await t.request(form({ username: 'soon-disabled', password: 'pw-123456', grant_type: 'password' }));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error_description: string }).error_description).toBe('The user account is disabled.');
    expect((await t.request({ method: 'GET', url: '/api/roles', token })).statusCode).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ signInRequestsPerMinute: 2 }); });
  afterAll(async () => { await t?.close(); });

  it('answers 429 with a clear message after the configured sign-ins per minute', async () => {
    const ok = form({ username: 'analyst', password: TEST_PASSWORDS.analyst, grant_type: 'password' });
    expect((await t.request(ok)).statusCode).toBe(200);
    expect((await t.request(ok)).statusCode).toBe(200);
    const third = await t.request(ok);
    expect(third.statusCode).toBe(429);
    expect(third.body).toContain('Too many requests');
  });
});

describe('bearer tokens', () => {
  let t: TestApp;
  let clock = new Date('2026-06-01T12:00:00Z');
  beforeAll(async () => { t = await createTestApp({ tokenLifetimeSeconds: 60, now: () => clock }); });
  afterAll(async () => { await t?.close(); });

  it('rejects a missing, malformed or forged token with 401 and a Message', async () => {
    expect((await t.request({ method: 'GET', url: '/api/roles' })).statusCode).toBe(401);
    const bad = await t.request({ method: 'GET', url: '/api/roles', headers: { authorization: 'Bearer not-a-jwt' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ Message: 'Authorization has been denied for this request.' });
    const token = await t.token('user');
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await t.request({ method: 'GET', url: '/api/roles', token: forged })).statusCode).toBe(401);
  });

  it('expires tokens after the configured lifetime', async () => {
    clock = new Date(Date.now() - 120_000); // issued two minutes ago with a 60 s lifetime
    const res = await t.request(form({ username: 'user', password: TEST_PASSWORDS.user, grant_type: 'password' }));
    const body = res.json() as { access_token: string; expires_in: number };
    expect(body.expires_in).toBe(60);
    expect((await t.request({ method: 'GET', url: '/api/roles', token: body.access_token })).statusCode).toBe(401);
    clock = new Date();
  });

  it('logout revokes the token', async () => {
    clock = new Date();
    const res = await t.request(form({ username: 'user', password: TEST_PASSWORDS.user, grant_type: 'password' }));
    const token = (res.json() as { access_token: string }).access_token;
    expect((await t.request({ method: 'GET', url: '/api/roles', token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/oauth/logout', token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/roles', token })).statusCode).toBe(401);
  });
});
