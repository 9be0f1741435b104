import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const validRegistration = {
  Username: 'trial.one', Email: 'one@example.com', Password: 'secret-pass-1', ConfirmPassword: 'secret-pass-1',
  FirstName: 'Ada', LastName: 'Lovelace', CompanyName: 'Analytical Engines', Roles: ['Admin'], Auid: 'auid-123',
};

describe('public forms', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('GET /config gives the environment label and contact address', async () => {
    const res = await t.request({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ EnvironmentLabel: 'DEMO', ContactEmail: expect.stringContaining('@') });
  });

  it('POST /contact validates with the spec messages and stores nothing on failure', async () => {
    const before = await t.ctx.db.selectFrom('contact_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await t.request({ method: 'POST', url: '/api/contact', payload: { FirstName: '', LastName: '42', Email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { Message: string }).Message.split('\n')).toEqual([
      'First Name is required.', 'Last Name must have at least 1 letters.', 'Please enter a valid email.',
    ]);
    const missing = await t.request({ method: 'POST', url: '/api/contact', payload: { FirstName: 'A', LastName: 'B' } });
    expect((missing.json() as { Message: string }).Message).toBe('Email is required.');
    const after = await t.ctx.db.selectFrom('contact_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('POST /contact stores a valid request with the optional fields empty', async () => {
    const res = await t.request({ method: 'POST', url: '/api/contact', payload: { FirstName: 'Grace', LastName: 'Hopper', Email: 'grace@example.com' } });
    expect(res.statusCode).toBe(200);
    const row = await t.ctx.db.selectFrom('contact_requests').selectAll().where('id', '=', (res.json() as { Id: number }).Id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Grace', email: 'grace@example.com', company: '', comments: '' });
  });

  it('POST /log accepts anonymous entries and keeps the user when signed in', async () => {
    const anon = await t.request({ method: 'POST', url: '/api/log', payload: { level: 4, message: 'boom', stacktrace: 'at x' } });
    expect(anon.statusCode).toBe(204);
    const token = await t.token('user');
    await t.request({ method: 'POST', url: '/api/log', token, payload: { level: 4, message: 'signed-in boom' } });
    const rows = await t.ctx.db.selectFrom('client_error_log').select(['message', 'user_id', 'level']).orderBy('id').execute();
    expect(rows.at(-2)).toMatchObject({ message: 'boom', user_id: null, level: 4 });
    expect(rows.at(-1)?.user_id).not.toBeNull();
    expect((await t.request({ method: 'POST', url: '/api/log', payload: { message: 'no level' } })).statusCode).toBe(400);
  });

  it('POST /register lists every problem, one per line, with the spec messages', async () => {
    const res = await t.request({ method: 'POST', url: '/api/register', payload: { Email: 'bad' } });
    expect(res.statusCode).toBe(400);
    const lines = (res.json() as { Message: string }).Message.split('\n');
    expect(lines).toEqual(expect.arrayContaining([
      'Provide CRT Hub Userid.', 'Provide valid email.', 'Provide password.', 'Provide password confirmation.',
      'Provide first name.', 'Provide last name.', 'Provide company name.',
    ]));
  });

  it('POST /register creates a User-only account that can sign in; duplicates are refused', async () => {
    const res = await t.request({ method: 'POST', url: '/api/register', payload: validRegistration });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Username: 'trial.one' });
    const roles = await t.ctx.db.selectFrom('user_roles').innerJoin('users', 'users.id', 'user_roles.user_id')
      .select('role').where('username', '=', 'trial.one').execute();
    expect(roles.map((r) => r.role)).toEqual(['User']);
    const trialUserId = (res.json() as { Id: number }).Id;
    const deals = await t.ctx.db.withTables<{ user_deals: { user_id: number; deal_name: string } }>()
      .selectFrom('user_deals').select('deal_name').where('user_id', '=', trialUserId).execute();
    expect(deals.length).toBeGreaterThanOrEqual(30);

    const check = await t.request({ method: 'GET', url: '/api/register/checkIfUserIsRegistered/auid-123' });
    expect(check.json()).toEqual({ IsRegistered: true });
    expect((await t.request({ method: 'GET', url: '/api/register/checkIfUserIsRegistered/other' })).json()).toEqual({ IsRegistered: false });

    const again = await t.request({ method: 'POST', url: '/api/register', payload: { ...validRegistration, Username: 'TRIAL.ONE' } });
    expect(again.statusCode).toBe(400);
    expect((again.json() as { Message: string }).Message).toMatch(/already taken[\s\S]*already been used/);

    const login = await t.request({
      method: 'POST', url: '/api/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=trial.one&password=secret-pass-1&grant_type=password',
    });
    const token = (login.json() as { access_token: string }).access_token;
    const log = await t.request({ method: 'POST', url: '/api/register/logAccess', token, payload: { Auid: 'auid-123', Cusip: '35564KAA7', Price: 100.5 } });
    expect(log.statusCode).toBe(204);
    const entry = await t.ctx.db.selectFrom('trial_access_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ auid: 'auid-123', cusip: '35564KAA7', price: '100.5' });
  });

  it('rejects a mismatched confirmation', async () => {
    const res = await t.request({ method: 'POST', url: '/api/register', payload: { ...validRegistration, Username: 'x2', Auid: null, ConfirmPassword: 'other' } });
    expect((res.json() as { Message: string }).Message).toBe('Password and confirmation do not match.');
  });
});

describe('HTTP errors', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('unknown API paths are 404 JSON; bad JSON is 400 without internals', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no/such/path' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Message: 'Wrong path' });
    const bad = await t.request({ method: 'POST', url: '/api/contact', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Message: 'The request body is not valid JSON.' });
    expect(bad.body).not.toMatch(/at .*\.ts/);
  });
});
