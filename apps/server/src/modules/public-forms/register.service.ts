import { folded } from '../../db/folded.ts';
import type { AccessLogRequest, RegisterRequest } from '@opencrt/contracts';
import { sql } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import { Invalid } from '../../http/errors.ts';
import { assignDemoDeals } from '../deals/deal-assignments.ts';
import { trialWelcomeMail } from '../../mail/account-mail.ts';
import { mailerOf } from '../../mail/mailer.ts';
import type { ModuleContext } from '../module.ts';
import { confirmationLinkFor } from '../users/email-confirmation.ts';

/** Trial registration: a new enabled user with the User role only (spec 000 §5), whatever was asked. */
export async function registerTrialUser(ctx: ModuleContext, form: RegisterRequest): Promise<{ Id: number; Username: string }> {
  const taken = await ctx.db
    .selectFrom('users')
    .select(['auid', sql<boolean>`lower(username) = ${folded(form.Username)}`.as('same_name')])
    .where((eb) => eb.or([
      eb(sql`lower(username)`, '=', folded(form.Username)),
      ...(form.Auid ? [eb('auid', '=', form.Auid)] : []),
    ]))
    .execute();
  const problems: string[] = [];
  if (taken.some((u) => u.same_name)) {
    problems.push(`User name '${form.Username}' is already taken.`);
  }
  if (form.Auid && taken.some((u) => u.auid === form.Auid)) problems.push('This trial invitation has already been used.');
  if (problems.length) throw new Invalid(problems.join('\n'));

  const passwordHash = await hashPassword(form.Password);
  const created = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        username: form.Username,
        email: form.Email,
        password_hash: passwordHash,
        first_name: form.FirstName,
        last_name: form.LastName,
        company_name: form.CompanyName,
        auid: form.Auid || null,
      })
      .returning(['id', 'username'])
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_roles').values({ user_id: user.id, role: 'User' }).execute();
    // A trial user sees the demo deals, like the seeded users.
    await assignDemoDeals(trx, user.id);
    return { Id: user.id, Username: user.username };
  });
  // Welcome message with the address confirmation link (needed later for a forgotten password).
  const link = await confirmationLinkFor(ctx, created.Id, form.Email);
  await mailerOf(ctx).deliver(trialWelcomeMail(form.Email, created.Username, link));
  return created;
}

export async function isAuidRegistered(ctx: ModuleContext, auid: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('users').select('id').where('auid', '=', auid).executeTakeFirst();
  return row !== undefined;
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? null : String(v));

export async function logTrialAccess(ctx: ModuleContext, userId: number, entry: AccessLogRequest): Promise<void> {
  await ctx.db
    .insertInto('trial_access_log')
    .values({
      user_id: userId,
      auid: text(entry.Auid),
      cusip: text(entry.Cusip),
      referrer: text(entry.Referrer),
      campaign: text(entry.Campaign),
      medium: text(entry.Medium),
      price: text(entry.Price),
      loss_severity: text(entry.LossSeverity),
      delinquency: text(entry.Delinquency),
      index_rate: text(entry.IndexRate),
      settlement_date: text(entry.SettlementDate),
    })
    .execute();
}
