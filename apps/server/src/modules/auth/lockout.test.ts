import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testConfig } from '../../test/test-config.ts';

const SLOWDOWN_MS = 400;

/**
 * Issue 26: failures lock out a name per client address; the name itself is only slowed down, for
 * clients without a device cookie (those have device-cookies.test.ts, issue 32).
 */
describe('sign-in lockout per user name and client address, slow-down per name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ maxFailedLogins: 3, ops: { ...testConfig().ops, loginSlowdownMs: SLOWDOWN_MS } });
    await t.ctx.db.insertInto('users').values({ username: 'target', password_hash: await hashPassword('right-password-1') }).execute();
  });
  afterAll(async () => { await t?.close(); });

  const signIn = async (password: string, remoteAddress: string) => {
    const started = performance.now();
    const res = await t.request({
      method: 'POST', url: '/api/oauth/token', remoteAddress,
      payload: `username=target&password=${password}&grant_type=password`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return { status: res.statusCode, body: res.json() as { error_description?: string; access_token?: string }, ms: performance.now() - started };
  };

  it('locks the address that failed out of the name, not the owner signing in from elsewhere', async () => {
    for (let i = 0; i < 3; i += 1) expect((await signIn('wrong', '198.51.100.7')).body.error_description).toBe('The user name or password is incorrect.');
    // The stranger's address is refused even with the right password...
    const stranger = await signIn('right-password-1', '198.51.100.7');
    expect(stranger.status).toBe(400);
    expect(stranger.body.error_description).toMatch(/Too many failed sign-in attempts/);
    // ...while the owner, from another address and a client that never signed in (no device cookie),
    // signs in: slowed down (the name is under attack), not locked out.
    const owner = await signIn('right-password-1', '203.0.113.20');
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toBeTruthy();
    expect(owner.ms).toBeGreaterThanOrEqual(SLOWDOWN_MS - 5);
  });

  it('slows every attempt on the name down more as failures from many addresses add up (10 steps at most)', async () => {
    // Two more failures from two more addresses: 5 on the name, 3 over the limit of 3 counting this one.
    await signIn('wrong', '198.51.100.8');
    await signIn('wrong', '198.51.100.9');
    const attempt = await signIn('wrong', '198.51.100.10');
    expect(attempt.body.error_description).toBe('The user name or password is incorrect.');
    expect(attempt.ms).toBeGreaterThanOrEqual(3 * SLOWDOWN_MS - 5);
    // None of those addresses is locked out yet (one failure each).
    expect((await signIn('right-password-1', '198.51.100.8')).status).toBe(200);
  });
});
