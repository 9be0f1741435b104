import { folded } from '../../db/folded.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import type { DeviceCookies } from '../../auth/device-cookies.ts';
import type { ModuleContext } from '../module.ts';

export type SignInResult =
  | { ok: true; token: string; expiresIn: number; roles: string[]; username: string; deviceCookie: string }
  | { ok: false; error: string; description: string };

/** Where a sign-in comes from: its address, its Cookie header (device cookies) and whether it came over HTTPS. */
export interface SignInClient {
  address: string;
  cookies: string | undefined;
  https: boolean;
}

const BAD_CREDENTIALS = 'The user name or password is incorrect.';

/** Slow-down steps at most: a name under attack costs each attempt up to 10 × OPENCRT_LOGIN_SLOWDOWN_MS. */
const MAX_SLOWDOWN_STEPS = 10;

/**
 * Password sign-in: checks the lockouts, the slow-down, the password (argon2id) and the enabled
 * flag, then records a session, issues a bearer token and a new device cookie.
 *
 * Brute force is kept out without handing strangers a switch to slow or lock a user out (issues 26, 32):
 * - lockout per user name AND client address: OPENCRT_MAX_FAILED_LOGINS failures from one address
 *   within OPENCRT_LOGIN_LOCKOUT_MINUTES refuse that address for that name, right password or not
 *   (a device cookie does not lift it);
 * - device cookies (auth/device-cookies.ts): a client that signed in to the name before presents
 *   a signed cookie naming it. Its failures count against its cookie only, and that many lock out
 *   the cookie (by nonce), not the name;
 * - a slow-down per user name for clients without a valid device cookie: once the name has had that
 *   many such failures from all addresses together, every attempt on it without a device cookie
 *   waits one OPENCRT_LOGIN_SLOWDOWN_MS step per failure beyond the limit (10 steps at most) before
 *   the password is checked. The owner's devices sign in at once;
 * - the per-address request rate limit (OPENCRT_SIGNIN_RATE_LIMIT) bounds each address's tries.
 */
export async function signIn(ctx: ModuleContext, devices: DeviceCookies, username: string, password: string, client: SignInClient): Promise<SignInResult> {
  const { db, config } = ctx;
  const now = ctx.now();
  const since = new Date(now.getTime() - config.loginLockoutMinutes * 60_000);
  // The name as the users index folds it, read in the same round trip (device cookies are bound to it).
  const { foldedName } = await db.selectNoFrom(folded(username).as('foldedName')).executeTakeFirstOrThrow();
  const deviceNonce = devices.nonceFor(client.cookies, foldedName, now);
  const failures = await db
    .selectFrom('failed_logins')
    .select([
      sql<number>`(count(*) filter (where device_nonce is null))::int`.as('untrusted'),
      sql<number>`(count(*) filter (where client_address = ${client.address}))::int`.as('pair'),
      sql<number>`(count(*) filter (where device_nonce = ${deviceNonce ?? ''}))::int`.as('device'),
    ])
    .where(sql`lower(username)`, '=', foldedName)
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
  if (failures.pair >= config.maxFailedLogins) {
    return { ok: false, error: 'invalid_grant', description: `Too many failed sign-in attempts. Try again in ${config.loginLockoutMinutes} minutes.` };
  }
  if (deviceNonce && failures.device >= config.maxFailedLogins) {
    return {
      ok: false,
      error: 'invalid_grant',
      description: `Too many failed sign-in attempts from this device. Try again in ${config.loginLockoutMinutes} minutes.`,
    };
  }
  const steps = deviceNonce ? 0 : Math.min(MAX_SLOWDOWN_STEPS, failures.untrusted - config.maxFailedLogins + 1);
  if (steps > 0) await new Promise((resolve) => setTimeout(resolve, steps * config.ops.loginSlowdownMs));

  const user = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', foldedName)
    .executeTakeFirst();
  // Unknown names cost one argon2 verification too (against a dummy hash): no timing difference.
  const passwordOk = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
  if (!user || !passwordOk) {
    // Stored as typed: the lockout count compares lower() of both sides, as everywhere (db/folded.ts).
    await db.insertInto('failed_logins')
      .values({ username, attempted_at: now, client_address: client.address, device_nonce: deviceNonce })
      .execute();
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
    // This address's and this device's failures are forgiven; others' stay (they may be an attacker's).
    await trx.deleteFrom('failed_logins')
      .where(sql`lower(username)`, '=', foldedName)
      .where((eb) => eb.or([eb('client_address', '=', client.address), ...(deviceNonce ? [eb('device_nonce', '=', deviceNonce)] : [])]))
      .execute();
  });
  // A fresh cookie each time: its year starts again, and the old one stays valid until its own end.
  const deviceCookie = devices.issue(foldedName, now, client.https);
  return { ok: true, token, expiresIn: ctx.tokens.lifetimeSeconds, roles, username: user.username, deviceCookie };
}

/** Ends a session (logout): the token stops working at once. */
export async function revokeSession(ctx: ModuleContext, userId: number, token: string): Promise<void> {
  const claims = await ctx.tokens.verify(token);
  if (!claims || claims.userId !== userId) return;
  await ctx.db.updateTable('sessions').set({ revoked_at: ctx.now() }).where('id', '=', claims.sessionId).execute();
  await ctx.authEvents.sessionRevoked(claims.sessionId);
}
