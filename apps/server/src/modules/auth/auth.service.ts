import { folded } from '../../db/folded.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import type { ModuleContext } from '../module.ts';

export type SignInResult =
  | { ok: true; token: string; expiresIn: number; roles: string[]; username: string }
  | { ok: false; error: string; description: string };

const BAD_CREDENTIALS = 'The user name or password is incorrect.';

/** Slow-down steps at most: a name under attack costs each attempt up to 10 × OPENCRT_LOGIN_SLOWDOWN_MS. */
const MAX_SLOWDOWN_STEPS = 10;

/**
 * Password sign-in: checks the lockout window, the password (argon2id) and the enabled flag,
 * then records a session and issues a bearer token.
 *
 * Brute force is kept out without handing strangers a switch to lock a user out (issue 26):
 * - lockout per user name AND client address: OPENCRT_MAX_FAILED_LOGINS failures from one address
 *   within OPENCRT_LOGIN_LOCKOUT_MINUTES refuse that address for that name, right password or not;
 *   the name's owner signing in from another address is not affected;
 * - a slow-down per user name: once the name has had that many failures from all addresses
 *   together, every attempt on it waits one OPENCRT_LOGIN_SLOWDOWN_MS step per failure beyond the
 *   limit (10 steps at most) before the password is checked, so guessing from many addresses
 *   costs time while the owner still gets in;
 * - the per-address request rate limit (OPENCRT_SIGNIN_RATE_LIMIT) bounds each address's tries.
 */
export async function signIn(ctx: ModuleContext, username: string, password: string, clientAddress: string): Promise<SignInResult> {
  const { db, config } = ctx;
  const now = ctx.now();
  const since = new Date(now.getTime() - config.loginLockoutMinutes * 60_000);
  const failures = await db
    .selectFrom('failed_logins')
    .select([
      sql<number>`count(*)::int`.as('name'),
      sql<number>`(count(*) filter (where client_address = ${clientAddress}))::int`.as('pair'),
    ])
    .where(sql`lower(username)`, '=', folded(username))
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
  if (failures.pair >= config.maxFailedLogins) {
    return {
      ok: false,
      error: 'invalid_grant',
      description: `Too many failed sign-in attempts. Try again in ${config.loginLockoutMinutes} minutes.`,
    };
  }
  const steps = Math.min(MAX_SLOWDOWN_STEPS, failures.name - config.maxFailedLogins + 1);
  if (steps > 0) await new Promise((resolve) => setTimeout(resolve, steps * config.ops.loginSlowdownMs));

  const user = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', folded(username))
    .executeTakeFirst();
  // Unknown names cost one argon2 verification too (against a dummy hash): no timing difference.
  const passwordOk = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
  if (!user || !passwordOk) {
    // Stored as typed: the lockout count compares lower() of both sides, as everywhere (db/folded.ts).
    await db.insertInto('failed_logins').values({ username, attempted_at: now, client_address: clientAddress }).execute();
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
    // This address's failures are forgiven; other addresses' stay (they may be an attacker's).
    await trx.deleteFrom('failed_logins').where(sql`lower(username)`, '=', folded(username)).where('client_address', '=', clientAddress).execute();
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
