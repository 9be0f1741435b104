import { folded } from '../../db/folded.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import type { ModuleContext } from '../module.ts';

export type SignInResult =
  | { ok: true; token: string; expiresIn: number; roles: string[]; username: string }
  | { ok: false; error: string; description: string };

const BAD_CREDENTIALS = 'The user name or password is incorrect.';

/**
 * Password sign-in: checks the lockout window, the password (argon2id) and the enabled flag,
 * then records a session and issues a bearer token.
 */
export async function signIn(ctx: ModuleContext, username: string, password: string): Promise<SignInResult> {
  const { db, config } = ctx;
  const now = ctx.now();
  const since = new Date(now.getTime() - config.loginLockoutMinutes * 60_000);
  const failures = await db
    .selectFrom('failed_logins')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql`lower(username)`, '=', folded(username))
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
  if (failures.n >= config.maxFailedLogins) {
    return {
      ok: false,
      error: 'invalid_grant',
      description: `Too many failed sign-in attempts. Try again in ${config.loginLockoutMinutes} minutes.`,
    };
  }

  const user = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', folded(username))
    .executeTakeFirst();
  // Unknown names cost one argon2 verification too (against a dummy hash): no timing difference.
  const passwordOk = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
  if (!user || !passwordOk) {
    // Stored as typed: the lockout count compares lower() of both sides, as everywhere (db/folded.ts).
    await db.insertInto('failed_logins').values({ username, attempted_at: now }).execute();
    return { ok: false, error: 'invalid_grant', description: BAD_CREDENTIALS };
  }
  if (!user.is_enabled) {
    return { ok: false, error: 'invalid_grant', description: 'The user account is disabled.' };
  }

  const roles = (await db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute()).map((r) => r.role);
  const sessionId = randomUUID();
  const { token, expiresAt } = await ctx.tokens.issue({ userId: user.id, username: user.username, roles, sessionId }, now);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sessions').values({ id: sessionId, user_id: user.id, issued_at: now, expires_at: expiresAt }).execute();
    await trx.updateTable('users').set({ last_login_at: now }).where('id', '=', user.id).execute();
    await trx.deleteFrom('failed_logins').where(sql`lower(username)`, '=', folded(username)).execute();
  });
  return { ok: true, token, expiresIn: ctx.tokens.lifetimeSeconds, roles, username: user.username };
}

/** Ends a session (logout): the token stops working at once. */
export async function revokeSession(ctx: ModuleContext, userId: number, token: string): Promise<void> {
  const claims = await ctx.tokens.verify(token);
  if (!claims || claims.userId !== userId) return;
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.now() }).where('id', '=', claims.sessionId).execute();
  await ctx.authEvents.sessionRevoked(claims.sessionId);
}
