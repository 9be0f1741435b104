import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesGrant } from '../auth/permissions.ts';
import { DEMO_USERS } from '../seed/seed-users.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Walks every registered /api route with no token, and with each demo user's token, and checks
 * 401 / 403 / allowed as its declared permission says. A new route is covered automatically.
 */
describe('route × role authorization', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('has routes to check', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(5);
  });

  it('answers every route as its permission declares, and never with a server error', async () => {
    const problems: string[] = [];
    const tokens = {
      admin: await t.token('admin'),
      analyst: await t.token('analyst'),
      user: await t.token('user'),
    };
    for (const route of t.app.apiRoutes) {
      const url = route.url.replace(/:(\w+)/g, 'x');
      const callers: [string, string | undefined, readonly string[] | null][] = [
        ['anonymous', undefined, null],
        ...DEMO_USERS.map((u) => [u.username, tokens[u.username], u.roles] as [string, string, readonly string[]]),
      ];
      for (const [who, token, roles] of callers) {
        // Logging out would revoke the shared token; check it with a token of its own.
        const callToken = route.url === '/api/oauth/logout' && token ? await freshToken(t, who) : token;
        const res = await t.request({ method: route.method as 'GET', url, token: callToken });
        const allowed = route.permission === 'public' || (roles !== null && rolesGrant(roles, route.permission));
        const expected = allowed ? 'allowed' : roles === null ? '401' : '403';
        const got = res.statusCode === 401 ? '401' : res.statusCode === 403 ? '403' : 'allowed';
        if (got !== expected) problems.push(`${route.method} ${route.url} as ${who}: expected ${expected}, got ${res.statusCode}`);
        if (res.statusCode >= 500) problems.push(`${route.method} ${route.url} as ${who}: server error ${res.statusCode} ${res.body}`);
        if (res.statusCode >= 400) {
          expect(res.headers['content-type'] ?? '', `${route.method} ${route.url}`).toMatch(/json/);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

async function freshToken(t: TestApp, who: string): Promise<string> {
  const { TEST_PASSWORDS } = await import('../test/test-config.ts');
  const password = TEST_PASSWORDS[who as keyof typeof TEST_PASSWORDS];
  const res = await t.request({
    method: 'POST', url: '/api/oauth/token',
    payload: `username=${who}&password=${password}&grant_type=password`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return (res.json() as { access_token: string }).access_token;
}
