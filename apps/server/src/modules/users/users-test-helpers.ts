/** Helpers of the users module's API tests: sign-in of created users, ids, a recording authEvents. */
import type { TestApp } from '../../test/test-app.ts';

export async function signInAs(t: TestApp, username: string, password: string): Promise<{ status: number; token: string; body: unknown }> {
  const res = await t.request({
    method: 'POST', url: '/api/oauth/token',
    payload: `username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}&grant_type=password`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const body = res.json() as { access_token?: string };
  return { status: res.statusCode, token: body.access_token ?? '', body };
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const row = await t.ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the app's authEvents with one that records every call (the module reads ctx at call time). */
export function recordAuthEvents(t: TestApp): { users: number[]; sessions: string[] } {
  const log = { users: [] as number[], sessions: [] as string[] };
  // Record and pass on: the real events evict this replica's session cache at once. Without them
  // only the database notices would, which on PostgreSQL may land after the test's next request.
  const real = t.ctx.authEvents;
  t.ctx.authEvents = {
    userChanged: async (id) => { log.users.push(id); await real.userChanged(id); },
    sessionRevoked: async (id) => { log.sessions.push(id); await real.sessionRevoked(id); },
  };
  return log;
}

export const messageOf = (res: { json(): unknown }) => (res.json() as { Message: string }).Message;
