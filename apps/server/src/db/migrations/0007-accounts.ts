import { sql, type Kysely } from 'kysely';

/**
 * Accounts (issue 14): one-time codes sent by e-mail (address confirmation, password reset) and
 * the outbox that keeps mail when no SMTP server is configured.
 *
 * Codes are stored as SHA-256 hashes: they are 256-bit random values, so a fast hash is enough,
 * and a copy of the table cannot be replayed. `used_at` makes them single-use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table account_codes (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      purpose text not null check (purpose in ('confirm_email', 'reset_password')),
      code_hash text not null,
      email text,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index account_codes_user_idx on account_codes (user_id, purpose);
    create table mail_outbox (
      id serial primary key,
      to_address text not null,
      subject text not null,
      text_body text not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_outbox, account_codes`.execute(db);
}
