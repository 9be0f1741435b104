/**
 * Outgoing mail (issue 14): nodemailer over SMTP when SMTP_URL is set; otherwise every message
 * goes to the `mail_outbox` table, which admins read on /admin, so the embedded default needs no
 * mail server. A message SMTP refuses is kept in the outbox too (never lost) and the error logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { accountsDb } from '../modules/users/users.tables.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when messages leave through SMTP (false: they stay in the outbox). */
  readonly usesSmtp: boolean;
  /**
   * Sends without making the caller wait for the mail server: a request's answer time then says
   * nothing about whether an address is registered. Outbox writes are awaited (they are fast).
   */
  deliver(message: MailMessage): Promise<void>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>, db: Db, log?: FastifyBaseLogger): Mailer {
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  const keep = async (message: MailMessage) => {
    await accountsDb(db).insertInto('mail_outbox')
      .values({ to_address: message.to, subject: message.subject, text_body: message.text })
      .execute();
  };

  return {
    usesSmtp: transport !== null,
    async deliver(message) {
      if (!transport) return keep(message);
      const sending = transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text })
        .then(() => undefined)
        .catch(async (error: unknown) => {
          log?.error({ err: error, to: message.to, subject: message.subject }, 'SMTP delivery failed; message kept in the outbox');
          await keep(message).catch((e: unknown) => log?.error({ err: e }, 'could not keep the message in the outbox'));
        })
        .finally(() => { pending.delete(sending); });
      pending.add(sending);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      transport?.close();
    },
  };
}

const mailers = new WeakMap<object, Mailer>();

/** The one mailer of an app context (created on first use). */
export function mailerOf(ctx: { config: AppConfig; db: Db }, log?: FastifyBaseLogger): Mailer {
  let mailer = mailers.get(ctx);
  if (!mailer) {
    mailer = createMailer(ctx.config, ctx.db, log);
    mailers.set(ctx, mailer);
  }
  return mailer;
}
