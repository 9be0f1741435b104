/**
 * Password flows (spec 002 "Password screens", "Settings"; issue 14): forgotten-password e-mail,
 * reset by a one-time code, admin-initiated reset, change of one's own password. A change or a
 * reset ends the user's other sessions.
 */
import { folded } from '../../db/folded.ts';
import { ACCOUNT_MESSAGES, MIN_PASSWORD_LENGTH, type PasswordResetCallback } from '@opencrt/contracts';
import { sql } from 'kysely';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { Invalid } from '../../http/errors.ts';
import { resetPasswordMail } from '../../mail/account-mail.ts';
import { mailerOf } from '../../mail/mailer.ts';
import type { ModuleContext } from '../module.ts';
import { consumeCode, issueCode } from './account-codes.ts';
import { announceUserChange, revokeUserSessions } from './user-sessions.ts';
import { getUser } from './users.service.ts';

function checkNewPassword(password: string): void {
  if (!password) throw new Invalid(ACCOUNT_MESSAGES.required);
  if (password.length < MIN_PASSWORD_LENGTH) throw new Invalid(ACCOUNT_MESSAGES.passwordTooShort);
}

/** The reset screen's link: /password_reset/{userId}?userName&code (spec 002 §2). */
function resetLink(ctx: ModuleContext, userId: number, username: string, code: string): string {
  const query = new URLSearchParams({ userName: username, code });
  return `${ctx.config.publicUrl}/password_reset/${userId}?${query.toString()}`;
}

async function sendReset(ctx: ModuleContext, user: { id: number; username: string; email: string }): Promise<void> {
  const code = await issueCode(ctx.db, user.id, 'reset_password', ctx.now());
  await mailerOf(ctx).deliver(resetPasswordMail(user.email, user.username, resetLink(ctx, user.id, user.username, code)));
}

/**
 * POST /users/reset {Email}: mails a reset link when the address is the confirmed address of an
 * enabled user. The caller gets the same answer either way (no account discovery).
 */
export async function requestResetByEmail(ctx: ModuleContext, email: string): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['id', 'username', 'email'])
    .where(sql`lower(email)`, '=', folded(email.trim()))
    .where('email_confirmed', '=', true).where('is_enabled', '=', true)
    .orderBy('id').executeTakeFirst();
  if (user?.email) await sendReset(ctx, { id: user.id, username: user.username, email: user.email });
}

/** POST /users/reset {UserId} (Admin): false when the user has no confirmed address (the route answers 204). */
export async function requestResetByAdmin(ctx: ModuleContext, userId: number): Promise<boolean> {
  const user = await getUser(ctx.db, userId);
  if (!user.IsEnabled) throw new Invalid(`The user ${user.Username} is disabled: enable the user before resetting the password.`);
  if (!user.Email || !user.EmailConfirmed) return false;
  await sendReset(ctx, { id: user.Id, username: user.Username, email: user.Email });
  return true;
}

/** POST /users/reset/callback: sets the new password if the code is valid; ends every session of the user. */
export async function completeReset(ctx: ModuleContext, body: PasswordResetCallback): Promise<void> {
  checkNewPassword(body.NewPassword);
  const passwordHash = await hashPassword(body.NewPassword);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const used = await consumeCode(trx, body.UserId, 'reset_password', body.Code, ctx.now());
    if (!used) throw new Invalid(ACCOUNT_MESSAGES.resetFailed);
    const updated = await trx.updateTable('users').set({ password_hash: passwordHash })
      .where('id', '=', body.UserId).where('is_enabled', '=', true).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new Invalid(ACCOUNT_MESSAGES.resetFailed);
    // Following the mailed link proves the address.
    await trx.updateTable('users').set({ email_confirmed: true }).where('id', '=', body.UserId).execute();
    return revokeUserSessions(trx, body.UserId, ctx.now());
  });
  await announceUserChange(ctx, body.UserId, revoked);
}

/** PUT /passwords: the signed-in user's own password; other sessions end, this one stays. */
export async function changePassword(
  ctx: ModuleContext, userId: number, currentSession: string | undefined,
  body: { OldPassword: string; NewPassword: string; ConfirmPassword: string },
): Promise<void> {
  if (!body.OldPassword || !body.NewPassword || !body.ConfirmPassword) throw new Invalid(ACCOUNT_MESSAGES.required);
  if (body.NewPassword !== body.ConfirmPassword) throw new Invalid(ACCOUNT_MESSAGES.confirmationMismatch);
  checkNewPassword(body.NewPassword);
  const row = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, body.OldPassword))) throw new Invalid('The old password is incorrect.');
  const passwordHash = await hashPassword(body.NewPassword);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    return revokeUserSessions(trx, userId, ctx.now(), currentSession);
  });
  await announceUserChange(ctx, userId, revoked);
}
