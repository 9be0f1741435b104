/** E-mail confirmation: a link with a one-time code; a reset e-mail is sent only to confirmed addresses. */
import type { ModuleContext } from '../module.ts';
import { confirmEmailMail } from '../../mail/account-mail.ts';
import { mailerOf } from '../../mail/mailer.ts';
import { Invalid } from '../../http/errors.ts';
import { consumeCode, issueCode } from './account-codes.ts';

export const CONFIRM_FAILED = 'The confirmation link is not valid or has expired.';
export const EMAIL_CONFIRMED = 'Your e-mail address has been confirmed.';

/** The link the message carries: the web app's /confirm_email page, which posts the code. */
export function confirmLink(ctx: ModuleContext, userId: number, code: string): string {
  const query = new URLSearchParams({ userId: String(userId), code });
  return `${ctx.config.publicUrl}/confirm_email?${query.toString()}`;
}

/** Issues a confirmation code for the address and mails the link to it. */
export async function confirmationLinkFor(ctx: ModuleContext, userId: number, email: string): Promise<string> {
  const code = await issueCode(ctx.db, userId, 'confirm_email', ctx.now(), email);
  return confirmLink(ctx, userId, code);
}

export async function sendEmailConfirmation(ctx: ModuleContext, userId: number, username: string, email: string): Promise<void> {
  const link = await confirmationLinkFor(ctx, userId, email);
  await mailerOf(ctx).deliver(confirmEmailMail(email, username, link));
}

/** Confirms the address the code was sent to, if it is still the user's address. */
export async function confirmEmail(ctx: ModuleContext, userId: number, code: string): Promise<void> {
  const used = await consumeCode(ctx.db, userId, 'confirm_email', code, ctx.now());
  if (!used) throw new Invalid(CONFIRM_FAILED);
  const result = await ctx.db.updateTable('users').set({ email_confirmed: true })
    .where('id', '=', userId).where('email', '=', used.email ?? '').executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new Invalid(CONFIRM_FAILED);
}
