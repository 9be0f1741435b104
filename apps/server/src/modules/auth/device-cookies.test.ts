import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_PASSWORDS, testConfig } from '../../test/test-config.ts';

const SLOWDOWN_MS = 300;
const MAX_FAILURES = 10;
/** What an attempt without a device cookie waits once the name has 19+ failures: 10 steps. */
const FULL_SLOWDOWN_MS = 10 * SLOWDOWN_MS;
const YEAR_MS = 365 * 24 * 3600 * 1000;

interface Attempt { status: number; description: string | undefined; setCookie: string | undefined; ms: number }

/** Issue 32 item 5: strangers' failures slow a name down for unknown clients, never for the owner's devices. */
describe('device cookies: the owner signs in at once while the name is under attack', () => {
  let t: TestApp;
  let clock: Date | null = null;
  beforeAll(async () => {
    t = await createTestApp({
      maxFailedLogins: MAX_FAILURES,
      ops: { ...testConfig().ops, loginSlowdownMs: SLOWDOWN_MS },
      now: () => clock ?? new Date(),
    });
    await t.ctx.db.insertInto('users').values({ username: 'Owner', password_hash: await hashPassword('right-password-1') }).execute();
  });
  afterAll(async () => { await t?.close(); });

  const signIn = async (username: string, password: string, remoteAddress: string, cookie?: string): Promise<Attempt> => {
    const started = performance.now();
    const res = await t.request({
      method: 'POST', url: '/api/oauth/token', remoteAddress,
      payload: new URLSearchParams({ username, password, grant_type: 'password' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    });
    const ms = performance.now() - started;
    const setCookie = res.headers['set-cookie'];
    return {
      status: res.statusCode,
      description: (res.json() as { error_description?: string }).error_description,
      setCookie: typeof setCookie === 'string' ? setCookie : undefined,
      ms,
    };
  };
  /** The `name=value` part of a Set-Cookie header, as a client sends it back. */
  const cookieOf = (attempt: Attempt) => {
    expect(attempt.setCookie).toBeDefined();
    return (attempt.setCookie ?? '').split(';')[0] ?? '';
  };

  let ownerCookie = '';
  let analystCookie = '';

  it('a successful sign-in sets a signed, HttpOnly, SameSite=Strict cookie for the sign-in path, valid a year', async () => {
    const owner = await signIn('owner', 'right-password-1', '203.0.113.20');
    expect(owner.status).toBe(200);
    expect(owner.setCookie).toMatch(/^opencrt_device_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Path=\/api\/oauth\/token; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
    ownerCookie = cookieOf(owner);
    analystCookie = cookieOf(await signIn('analyst', TEST_PASSWORDS.analyst, '203.0.113.21'));
    // One cookie per user name, so one browser keeps the devices of several users.
    expect(analystCookie.split('=')[0]).not.toBe(ownerCookie.split('=')[0]);
    // A failed attempt gets no cookie.
    expect((await signIn('owner', 'wrong', '203.0.113.20')).setCookie).toBeUndefined();
    await signIn('owner', 'right-password-1', '203.0.113.20'); // forgives that failure
  });

  it('after 20 failures from two addresses an unknown client waits the full slow-down; the owner\'s device does not', async () => {
    // The attacker fires ten guesses from each of two addresses, each batch at once.
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      const batch = await Promise.all(Array.from({ length: MAX_FAILURES }, () => signIn('owner', 'guess', address)));
      expect(batch.map((a) => a.description)).toEqual(Array(MAX_FAILURES).fill('The user name or password is incorrect.'));
    }
    // Both attacker addresses are now locked out of the name.
    expect((await signIn('owner', 'guess', '198.51.100.1')).description).toMatch(/^Too many failed sign-in attempts\. Try again in 15 minutes\.$/);

    const [unknown, device, caseFolded, forged, otherUsers, otherUsersUnderOwnersName] = await Promise.all([
      signIn('owner', 'right-password-1', '203.0.113.30'),
      signIn('owner', 'right-password-1', '203.0.113.31', ownerCookie),
      signIn('OWNER', 'right-password-1', '203.0.113.32', ownerCookie),
      signIn('owner', 'right-password-1', '203.0.113.33', forge(ownerCookie)),
      signIn('owner', 'right-password-1', '203.0.113.34', analystCookie),
      signIn('owner', 'right-password-1', '203.0.113.35', `${ownerCookie.split('=')[0]}=${analystCookie.split('=')[1]}`),
    ]);
    for (const attempt of [unknown, device, caseFolded, forged, otherUsers, otherUsersUnderOwnersName]) expect(attempt.status).toBe(200);
    // No valid cookie for this name: the full 10 steps.
    for (const slowed of [unknown, forged, otherUsers, otherUsersUnderOwnersName]) expect(slowed.ms).toBeGreaterThanOrEqual(FULL_SLOWDOWN_MS - 5);
    // The owner's device (however the name is typed) skips it: an argon2 check and a few queries.
    expect(device.ms).toBeLessThan(FULL_SLOWDOWN_MS);
    expect(caseFolded.ms).toBeLessThan(FULL_SLOWDOWN_MS);
  });

  it('a device cookie does not lift its address\'s own lockout', async () => {
    const res = await signIn('owner', 'right-password-1', '198.51.100.1', ownerCookie);
    expect(res.status).toBe(400);
    expect(res.description).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
  });

  it('a device\'s own failures lock that device out, without slowing it or adding to the name\'s count', async () => {
    // A second device of the owner's (signed in with the first one's cookie, so at once).
    const device = cookieOf(await signIn('owner', 'right-password-1', '203.0.113.40', ownerCookie));
    expect(device).not.toBe(ownerCookie);
    const before = await untrustedFailures();
    // Ten failures, each from another address so that no address lockout is what stops it.
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      const attempt = await signIn('owner', 'typo', `192.0.2.${i + 1}`, device);
      expect(attempt.description).toBe('The user name or password is incorrect.');
      expect(attempt.ms).toBeLessThan(FULL_SLOWDOWN_MS);
    }
    expect(await untrustedFailures()).toBe(before);
    const locked = await signIn('owner', 'right-password-1', '192.0.2.50', device);
    expect(locked.status).toBe(400);
    expect(locked.description).toBe('Too many failed sign-in attempts from this device. Try again in 15 minutes.');
    // The owner's other device is not affected.
    const other = await signIn('owner', 'right-password-1', '192.0.2.51', ownerCookie);
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(FULL_SLOWDOWN_MS);
  });

  it('a cookie older than its year gives no exemption', async () => {
    clock = new Date(Date.now() - YEAR_MS - 60_000);
    const old = cookieOf(await signIn('owner', 'right-password-1', '203.0.113.60'));
    clock = null;
    const res = await signIn('owner', 'right-password-1', '203.0.113.61', old);
    expect(res.status).toBe(200);
    expect(res.ms).toBeGreaterThanOrEqual(FULL_SLOWDOWN_MS - 5);
  });

  async function untrustedFailures(): Promise<number> {
    const rows = await t.ctx.db.selectFrom('failed_logins').select('device_nonce').execute();
    return rows.filter((r) => r.device_nonce === null).length;
  }
});

describe('device cookie over HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ trustProxy: true }); });
  afterAll(async () => { await t?.close(); });

  it('is marked Secure when the sign-in came over HTTPS', async () => {
    const res = await t.request({
      method: 'POST', url: '/api/oauth/token',
      payload: `username=user&password=${encodeURIComponent(TEST_PASSWORDS.user)}&grant_type=password`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });
});

/** The same cookie with one character in the middle of its signature changed. */
function forge(cookie: string): string {
  const at = cookie.length - 10;
  return cookie.slice(0, at) + (cookie[at] === 'A' ? 'B' : 'A') + cookie.slice(at + 1);
}
