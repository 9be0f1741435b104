import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('hardening (issue 12 item 6)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ signInRequestsPerMinute: 4 }); });
  afterAll(async () => { await t.close(); });

  const signIn = (forwardedFor: string) => t.request({
    method: 'POST', url: '/api/oauth/token', payload: 'username=nobody&password=wrong-password&grant_type=password',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
  });

  it('malformed or empty JSON at /oauth/token answers 400 in the OAuth error shape', async () => {
    for (const payload of ['{"username":', '']) {
      const res = await t.request({ method: 'POST', url: '/api/oauth/token', payload, headers: { 'content-type': 'application/json', 'x-forwarded-for': 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
    }
  });
  it('X-Forwarded-For does not get around the sign-in rate limit unless TRUST_PROXY says so', async () => {
    const codes = [];
    // The malformed-JSON test above used 2 of the 4 allowed per minute from this address.
    for (let i = 0; i < 4; i++) codes.push((await signIn(`10.0.0.${i + 1}`)).statusCode);
    expect(codes).toEqual([400, 400, 429, 429]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

});
