import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { messageOf, recordAuthEvents, signInAs, userIdOf } from './users-test-helpers.ts';
import { LAST_ADMIN, USER_NOT_FOUND } from './users.service.ts';

/** Admin API of /admin (spec 002 §7 user and role calls; issue 14 server rules). */
describe('user administration API', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.token('admin');
  });
  afterAll(async () => { await t?.close(); });

  const create = (body: object, token = admin) => t.request({ method: 'POST', url: '/api/users', token, payload: body });

  it('refuses every admin call to anonymous callers (401) and to users without Admin (403)', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/users'], ['GET', '/api/users/1'], ['POST', '/api/users', { Username: 'x', Password: 'p' }],
      ['PUT', '/api/users/1', { IsEnabled: false }], ['DELETE', '/api/users/1'], ['PUT', '/api/users/1/roles', ['User']],
      ['GET', '/api/administrator/user/1/deals'], ['POST', '/api/administrator/user/1/deals', []],
      ['GET', '/api/administrator/user/1/scenarios'], ['POST', '/api/administrator/user/1/scenarios', []],
      ['PUT', '/api/administrator/deal/STACR%202026-DNA1/assign_all'], ['DELETE', '/api/administrator/deal/STACR%202026-DNA1/remove_all'],
      ['GET', '/api/administrator/outbox'], ['POST', '/api/administrator/loadCatalogue'], ['POST', '/api/users/reset', { UserId: 1 }],
    ];
    const tokens = { anonymous: undefined, analyst: await t.token('analyst'), user: await t.token('user') };
    for (const [method, url, payload] of calls) {
      for (const [who, token] of Object.entries(tokens)) {
        const res = await t.request({ method: method as 'GET', url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
        expect(res.statusCode, `${method} ${url} as ${who}`).toBe(token ? 403 : 401);
      }
    }
  });

  it('GET /users lists every user with Roles and IsEnabled, disabled users included; GET /users/{id} one', async () => {
    const created = await create({ Username: 'dimmed', Password: 'dimmed-pass-1', ConfirmPassword: 'dimmed-pass-1', Roles: ['User'] });
    const id = (created.json() as { Id: number }).Id;
    await t.request({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: { IsEnabled: false } });
    const res = await t.request({ method: 'GET', url: '/api/users', token: admin });
    const users = res.json() as { Username: string; Roles: string[]; IsEnabled: boolean; Email: string | null; EmailConfirmed: boolean }[];
    expect(users.find((u) => u.Username === 'user')).toEqual({ Id: expect.any(Number), Username: 'user', Roles: ['User'], IsEnabled: true, Email: 'user@opencrt.example', EmailConfirmed: true });
    expect(users.find((u) => u.Username === 'dimmed')).toMatchObject({ IsEnabled: false, Roles: ['User'], Email: null });
    const one = await t.request({ method: 'GET', url: `/api/users/${id}`, token: admin });
    expect(one.json()).toMatchObject({ Id: id, Username: 'dimmed', IsEnabled: false });
    const missing = await t.request({ method: 'GET', url: '/api/users/999999', token: admin });
    expect([missing.statusCode, messageOf(missing)]).toEqual([404, USER_NOT_FOUND]);
    const bad = await t.request({ method: 'GET', url: '/api/users/abc', token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('POST /users creates an enabled user who can sign in, with the spec notice; refuses bad forms with their messages', async () => {
    const ok = await create({ Username: 'newbie', Password: 'newbie-pass-1', ConfirmPassword: 'newbie-pass-1', Roles: ['User', 'Reports_Consumer'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ Id: expect.any(Number), Username: 'newbie', Message: 'The user newbie has been created successfully.' });
    const signIn = await signInAs(t, 'newbie', 'newbie-pass-1');
    expect(signIn.status).toBe(200);
    expect((JSON.parse((signIn.body as { roles: string }).roles) as string[]).sort()).toEqual(['Reports_Consumer', 'User']);

    const cases: [object, string][] = [
      [{ Username: '', Password: 'whatever-1', ConfirmPassword: 'whatever-1' }, 'Please enter username and password'],
      [{ Username: 'someone', Password: '', ConfirmPassword: '' }, 'Please enter username and password'],
      [{ Username: 'someone', Password: 'one-pass-1', ConfirmPassword: 'other-pass-1' }, 'Password confirmation does not match'],
      [{ Username: 'someone', Password: 'short', ConfirmPassword: 'short' }, 'Password must be at least 8 characters.'],
      [{ Username: 'NEWBIE', Password: 'newbie-pass-1', ConfirmPassword: 'newbie-pass-1' }, "User name 'NEWBIE' is already taken."],
      [{ Username: 'has space', Password: 'newbie-pass-1', ConfirmPassword: 'newbie-pass-1' }, 'User name may contain only letters, digits and . _ @ -'],
      [{ Username: 'mailer', Password: 'newbie-pass-1', ConfirmPassword: 'newbie-pass-1', Email: 'not-an-address' }, 'Email does not seem valid'],
    ];
    for (const [body, text] of cases) {
      const res = await create(body);
      expect([res.statusCode, messageOf(res)], JSON.stringify(body)).toEqual([400, text]);
    }
    const badRole = await create({ Username: 'roleless', Password: 'newbie-pass-1', ConfirmPassword: 'newbie-pass-1', Roles: ['Wizard'] });
    expect(badRole.statusCode).toBe(400);
    const tooLong = await create({ Username: 'x'.repeat(65), Password: 'newbie-pass-1', ConfirmPassword: 'newbie-pass-1' });
    expect(tooLong.statusCode).toBe(400);
  });

  it('disabling ends the user\'s sessions at once (even after re-enabling), refuses sign-in, and tells the auth layer', async () => {
    const events = recordAuthEvents(t);
    await create({ Username: 'toggle', Password: 'toggle-pass-1', ConfirmPassword: 'toggle-pass-1', Roles: ['User'] });
    const id = await userIdOf(t, 'toggle');
    const { token } = await signInAs(t, 'toggle', 'toggle-pass-1');
    expect((await t.request({ method: 'GET', url: '/api/deals/userDealsNames', token })).statusCode).toBe(200);

    const off = await t.request({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: { IsEnabled: false } });
    expect([off.statusCode, messageOf(off)]).toEqual([200, "User's info has been updated."]);
    expect((await t.request({ method: 'GET', url: '/api/deals/userDealsNames', token })).statusCode).toBe(401);
    expect((await signInAs(t, 'toggle', 'toggle-pass-1')).body).toMatchObject({ error_description: 'The user account is disabled.' });
    expect(events.users).toContain(id);
    expect(events.sessions.length).toBeGreaterThanOrEqual(1);

    await t.request({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: { IsEnabled: true } });
    expect((await t.request({ method: 'GET', url: '/api/deals/userDealsNames', token })).statusCode).toBe(401);
    expect((await signInAs(t, 'toggle', 'toggle-pass-1')).status).toBe(200);
  });

  it('PUT /users/{id}/roles replaces roles with effect on the next request; a disabled user\'s roles cannot change', async () => {
    const events = recordAuthEvents(t);
    await create({ Username: 'promoted', Password: 'promoted-pass-1', ConfirmPassword: 'promoted-pass-1', Roles: ['User'] });
    const id = await userIdOf(t, 'promoted');
    const { token } = await signInAs(t, 'promoted', 'promoted-pass-1');
    expect((await t.request({ method: 'GET', url: '/api/users', token })).statusCode).toBe(403);
    const res = await t.request({ method: 'PUT', url: `/api/users/${id}/roles`, token: admin, payload: ['User', 'Admin'] });
    expect([res.statusCode, messageOf(res)]).toEqual([200, "User's roles have been updated."]);
    expect(events.users).toEqual([id]);
    expect((await t.request({ method: 'GET', url: '/api/users', token })).statusCode).toBe(200);
    await t.request({ method: 'PUT', url: `/api/users/${id}/roles`, token: admin, payload: ['User'] });
    expect((await t.request({ method: 'GET', url: '/api/users', token })).statusCode).toBe(403);

    expect((await t.request({ method: 'PUT', url: `/api/users/${id}/roles`, token: admin, payload: ['Nope'] })).statusCode).toBe(400);
    await t.request({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload: { IsEnabled: false } });
    const disabled = await t.request({ method: 'PUT', url: `/api/users/${id}/roles`, token: admin, payload: ['User', 'DocReader'] });
    expect([disabled.statusCode, messageOf(disabled)]).toEqual([400, 'The user promoted is disabled: enable the user before editing roles.']);
  });

  it('keeps one enabled admin: the last one cannot be disabled, demoted or delete itself', async () => {
    const adminId = await userIdOf(t, 'admin');
    const disable = await t.request({ method: 'PUT', url: `/api/users/${adminId}`, token: admin, payload: { IsEnabled: false } });
    expect([disable.statusCode, messageOf(disable)]).toEqual([409, LAST_ADMIN]);
    const demote = await t.request({ method: 'PUT', url: `/api/users/${adminId}/roles`, token: admin, payload: ['User'] });
    expect([demote.statusCode, messageOf(demote)]).toEqual([409, LAST_ADMIN]);
    const self = await t.request({ method: 'DELETE', url: `/api/users/${adminId}`, token: admin });
    expect([self.statusCode, messageOf(self)]).toEqual([400, 'You cannot delete your own account.']);
    // With a second enabled admin, demoting the first is allowed.
    await create({ Username: 'admin2', Password: 'admin2-pass-1', ConfirmPassword: 'admin2-pass-1', Roles: ['Admin', 'User'] });
    const second = await signInAs(t, 'admin2', 'admin2-pass-1');
    const admin2Id = await userIdOf(t, 'admin2');
    const demote2 = await t.request({ method: 'PUT', url: `/api/users/${admin2Id}/roles`, token: admin, payload: ['User'] });
    expect(demote2.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users', token: second.token })).statusCode).toBe(403);
  });

  it('DELETE /users/{id} removes the user and their sessions, with the spec notice', async () => {
    const events = recordAuthEvents(t);
    await create({ Username: 'leaver', Password: 'leaver-pass-1', ConfirmPassword: 'leaver-pass-1', Roles: ['User'] });
    const id = await userIdOf(t, 'leaver');
    const { token } = await signInAs(t, 'leaver', 'leaver-pass-1');
    const res = await t.request({ method: 'DELETE', url: `/api/users/${id}`, token: admin });
    expect([res.statusCode, messageOf(res)]).toEqual([200, 'The user leaver has been deleted.']);
    expect((await t.request({ method: 'GET', url: '/api/deals/userDealsNames', token })).statusCode).toBe(401);
    expect(events.users).toEqual([id]);
    expect(events.sessions).toHaveLength(1);
    const again = await t.request({ method: 'DELETE', url: `/api/users/${id}`, token: admin });
    expect([again.statusCode, messageOf(again)]).toEqual([404, USER_NOT_FOUND]);
  });
});
