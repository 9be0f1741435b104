/**
 * User administration (spec 002 "User management"): list, create, enable/disable, delete, roles.
 * Rules beyond the spec's screen (issue 14): the last enabled admin cannot be disabled, demoted or
 * deleted; disabling or deleting ends the user's sessions at once; a disabled user's roles cannot
 * be edited (the screen dims the row, the server refuses too).
 */
import { folded } from '../../db/folded.ts';
import { ACCOUNT_MESSAGES, MIN_PASSWORD_LENGTH, USERNAME_PATTERN, type User } from '@opencrt/contracts';
import { z } from 'zod';
import { sql } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import type { ModuleContext } from '../module.ts';
import { sendEmailConfirmation } from './email-confirmation.ts';
import { announceUserChange, revokeUserSessions } from './user-sessions.ts';

export const USER_NOT_FOUND = 'User was not found.';
export const LAST_ADMIN = 'The last enabled administrator cannot be disabled, demoted or deleted.';

const isEmail = (value: string) => z.email().safeParse(value).success;

/** Every user with roles, enabled flag and e-mail, by user name. */
export async function listUsers(db: Db, id?: number): Promise<User[]> {
  let query = db.selectFrom('users')
    .select(['id', 'username', 'email', 'email_confirmed', 'is_enabled'])
    .select(sql<string[]>`coalesce((select array_agg(role order by role) from user_roles where user_id = users.id), '{}')`.as('roles'))
    .orderBy(sql`lower(username)`);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.execute();
  return rows.map((r) => ({
    Id: r.id, Username: r.username, Email: r.email, EmailConfirmed: r.email_confirmed, Roles: r.roles, IsEnabled: r.is_enabled,
  }));
}

export async function getUser(db: Db, id: number): Promise<User> {
  const [user] = await listUsers(db, id);
  if (!user) throw new NotFound(USER_NOT_FOUND);
  return user;
}

/** Throws when the change would leave no enabled admin. */
async function keepOneAdmin(db: Db, userId: number): Promise<void> {
  const others = await db.selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_roles.role', '=', 'Admin').where('users.is_enabled', '=', true).where('users.id', '<>', userId)
    .executeTakeFirstOrThrow();
  if (others.n === 0) throw new Conflict(LAST_ADMIN);
}

const isAdmin = (user: User) => user.Roles.includes('Admin');

export interface NewUser { Username: string; Password: string; ConfirmPassword: string; Roles: string[]; Email?: string | null | undefined }

/** Creates an enabled user; an e-mail address gets a confirmation link. */
export async function createUser(ctx: ModuleContext, form: NewUser): Promise<{ Id: number; Username: string }> {
  const username = form.Username.trim();
  if (!username || !form.Password) throw new Invalid(ACCOUNT_MESSAGES.usernameAndPassword);
  if (!USERNAME_PATTERN.test(username)) throw new Invalid('User name may contain only letters, digits and . _ @ -');
  if (form.Password !== form.ConfirmPassword) throw new Invalid(ACCOUNT_MESSAGES.confirmationMismatch);
  if (form.Password.length < MIN_PASSWORD_LENGTH) throw new Invalid(ACCOUNT_MESSAGES.passwordTooShort);
  const email = form.Email?.trim() || null;
  if (email && !isEmail(email)) throw new Invalid(ACCOUNT_MESSAGES.invalidEmail);
  const taken = await ctx.db.selectFrom('users').select('id').where(sql`lower(username)`, '=', folded(username)).executeTakeFirst();
  if (taken) throw new Invalid(`User name '${username}' is already taken.`);

  const passwordHash = await hashPassword(form.Password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('users').values({ username, email, password_hash: passwordHash })
      .returning(['id', 'username']).executeTakeFirstOrThrow();
    const roles = [...new Set(form.Roles)];
    if (roles.length) await trx.insertInto('user_roles').values(roles.map((role) => ({ user_id: row.id, role }))).execute();
    return row;
  });
  if (email) await sendEmailConfirmation(ctx, user.id, user.username, email);
  return { Id: user.id, Username: user.username };
}

/** PUT /users/{id}: enable/disable, and (addition) set the e-mail address, which then needs confirming. */
export async function updateUser(ctx: ModuleContext, id: number, change: { IsEnabled?: boolean | undefined; Email?: string | null | undefined }): Promise<void> {
  const user = await getUser(ctx.db, id);
  const email = change.Email === undefined ? undefined : change.Email?.trim() || null;
  if (email && !isEmail(email)) throw new Invalid(ACCOUNT_MESSAGES.invalidEmail);
  const disabling = change.IsEnabled === false && user.IsEnabled;
  if (disabling && isAdmin(user)) await keepOneAdmin(ctx.db, id);

  const revoked = await ctx.db.transaction().execute(async (trx) => {
    if (change.IsEnabled !== undefined) await trx.updateTable('users').set({ is_enabled: change.IsEnabled }).where('id', '=', id).execute();
    if (email !== undefined && email !== user.Email) {
      await trx.updateTable('users').set({ email, email_confirmed: false }).where('id', '=', id).execute();
    }
    // Disabled: every open token stops working now and stays dead if the user is enabled again.
    return disabling ? revokeUserSessions(trx, id, ctx.now()) : [];
  });
  if (change.IsEnabled !== undefined && change.IsEnabled !== user.IsEnabled) await announceUserChange(ctx, id, revoked);
  if (email && email !== user.Email) await sendEmailConfirmation(ctx, id, user.Username, email);
}

/** DELETE /users/{id}: the user's scenarios, portfolios and sessions go with them (foreign keys). */
export async function deleteUser(ctx: ModuleContext, id: number, callerId: number): Promise<string> {
  const user = await getUser(ctx.db, id);
  if (id === callerId) throw new Invalid('You cannot delete your own account.');
  if (isAdmin(user) && user.IsEnabled) await keepOneAdmin(ctx.db, id);
  const sessions = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', id).where('revoked_at', 'is', null).execute();
  try {
    await ctx.db.deleteFrom('users').where('id', '=', id).execute();
  } catch (error) {
    // A table of a later feature that references users without a delete rule refuses the delete.
    if ((error as { code?: unknown }).code === '23503') throw new Conflict(`The user ${user.Username} still owns data that must be removed first.`);
    throw error;
  }
  await announceUserChange(ctx, id, sessions.map((s) => s.id));
  return user.Username;
}

/** PUT /users/{id}/roles: replaces the role list in one transaction. */
export async function setRoles(ctx: ModuleContext, id: number, roles: readonly string[]): Promise<void> {
  const user = await getUser(ctx.db, id);
  if (!user.IsEnabled) throw new Invalid(`The user ${user.Username} is disabled: enable the user before editing roles.`);
  const next = [...new Set(roles)];
  if (isAdmin(user) && !next.includes('Admin')) await keepOneAdmin(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
    if (next.length) await trx.insertInto('user_roles').values(next.map((role) => ({ user_id: id, role }))).execute();
  });
  await announceUserChange(ctx, id);
}
