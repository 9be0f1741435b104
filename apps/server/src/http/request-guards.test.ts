import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordVerifications } from '../auth/passwords.ts';
import { seededLoginLines } from '../seed/seed-users.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { NUL_MESSAGE } from './request-guards.ts';

/** Issue 12 item 6: NUL characters, one error shape, security headers, sign-in cost, printed passwords. */
describe('request guards and response hardening', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.token('admin');
  });
  afterAll(async () => { await t.close(); });

  it('refuses a NUL character in a body string, a body key, a path or a query with 400 { Message }', async () => {
    const cases = [
      { method: 'POST' as const, url: '/api/vectors', payload: [{ Name: 'a\u0000b', Value: [1] }] },
      { method: 'POST' as const, url: '/api/vectors', payload: [{ Name: 'ab', Value: [1], ['x\u0000']: 1 }] },
      { method: 'POST' as const, url: '/api/scenarios/bulk', payload: { SaveMode: 'skip', Scenarios: [{ ScenarioName: 's', DealName: 'STACR\u00002026', Cpr: [1], Cdr: [1], LossSeverity: [1], Delinquency: [1] }] } },
      { method: 'GET' as const, url: '/api/deals/STACR%002026-DNA1' },
      { method: 'GET' as const, url: '/api/scenarios?dealName=a%00b' },
      { method: 'GET' as const, url: '/api/no-such-route%00' },
    ];
    for (const c of cases) {
      const res = await t.request({ ...c, token: admin });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toEqual({ Message: NUL_MESSAGE });
    }
    // Form bodies too, and the sign-in form keeps its OAuth error shape.
    const signIn = await t.request({
      method: 'POST', url: '/api/oauth/token', payload: 'username=ad%00min&password=x&grant_type=password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toEqual({ error: 'invalid_request', error_description: NUL_MESSAGE });
  });

  it('answers bad URL encoding, over-long parameters and unknown API routes with { Message } only, never echoing the URL', async () => {
    const marker = 'ECHOMARKER';
    for (const url of [`/api/deals/${marker}%zz`, `/api/deals/${marker}${'x'.repeat(300)}`, `/api/${marker}-unknown`, `/api/deals/${marker}/%E0%A4%A`]) {
      const res = await t.request({ method: 'GET', url, token: admin });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(Object.keys(res.json() as object), url).toEqual(['Message']);
      expect(res.body, url).not.toContain(marker);
    }
  });

  it('answers a request the HTTP parser rejects with the same shape', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /api/config HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => { text += chunk.toString(); });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ Message: 'The request is not valid HTTP.' });
    // Clients must send their whole request within a minute.
    expect(t.app.server.requestTimeout).toBe(60_000);
  });

  it('sends CSP, nosniff, frame-ancestors and Referrer-Policy; HSTS only over TLS; no-store on API JSON', async () => {
    const res = await t.request({ method: 'GET', url: '/api/deals', token: admin });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const res = await proxied.request({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // Without a trusted proxy the header is ignored (see TRUST_PROXY).
      const direct = await t.request({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-proto': 'https' } });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('spends one password verification on an unknown user name, as on a known one', async () => {
    const signIn = (username: string) => t.request({
      method: 'POST', url: '/api/oauth/token', payload: `username=${username}&password=wrong-password-1&grant_type=password`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const cost = async (username: string) => {
      const before = passwordVerifications.count;
      const res = await signIn(username);
      expect(res.json()).toMatchObject({ error: 'invalid_grant' });
      return passwordVerifications.count - before;
    };
    expect(await cost('analyst')).toBe(1);
    expect(await cost('no-such-user-at-all')).toBe(1);
  });

  it('prints generated demo passwords but never one given through OPENCRT_*_PASSWORD', () => {
    const lines = seededLoginLines([
      { username: 'admin', password: 'Generated-Pass-123', generated: true },
      { username: 'analyst', password: 'from-the-environment', generated: false },
    ]).join('\n');
    expect(lines).toContain('Generated-Pass-123');
    expect(lines).not.toContain('from-the-environment');
    expect(lines).toContain('OPENCRT_ANALYST_PASSWORD');
    expect(seededLoginLines([])).toEqual([]);
  });
});
