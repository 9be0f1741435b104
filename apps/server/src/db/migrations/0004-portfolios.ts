import { sql, type Kysely } from 'kysely';

/**
 * Portfolios (spec 001 §3.4, spec 002 "Portfolio entry"). A user's portfolio names are unique
 * (ignoring case). Entries keep the per-period inputs as jsonb lists of percent, and have nullable
 * columns for what the later portfolio screen stores per entry (interest rate, cancellation date,
 * clean-up call, chosen scenario), so that screen adds no table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table portfolios (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      name text not null,
      portfolio_type text not null check (portfolio_type in ('Reinsurance', 'Bonds')),
      created_at timestamptz not null default now(),
      last_modified timestamptz not null default now()
    );
    create unique index portfolios_owner_name_key on portfolios (owner_id, lower(name));
    create table portfolio_entries (
      portfolio_id integer not null references portfolios(id) on delete cascade,
      ordinal_number integer not null check (ordinal_number >= 1),
      deal_name text not null,
      bond_name text not null default '',
      owned_face_amt double precision not null,
      margin double precision not null,
      annual_premium double precision not null default 0,
      cpr jsonb not null,
      cdr jsonb not null,
      loss_severity jsonb not null,
      delinquency jsonb not null,
      libor jsonb not null,
      interest_rate double precision,
      cancellation_date date,
      cleanup_call boolean,
      scenario_id integer references scenarios(id) on delete set null,
      primary key (portfolio_id, ordinal_number)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table portfolio_entries, portfolios`.execute(db);
}
