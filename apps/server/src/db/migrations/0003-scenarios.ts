import { sql, type Kysely } from 'kysely';

/**
 * Saved scenarios, their per-user shares and personal vectors (issue 8). Vectors are jsonb arrays
 * of percent per period. A user's scenario is unique by name, deal and vendor (ignoring case), the
 * key the bulk save's skip/override mode matches on; a user's vector names are unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table scenarios (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      scenario_name text not null,
      deal_name text,
      vendor text,
      cpr jsonb not null,
      cdr jsonb not null,
      loss_severity jsonb not null,
      delinquency jsonb not null,
      shared boolean not null default false,
      last_modified timestamptz not null default now()
    );
    create unique index scenarios_owner_key on scenarios
      (owner_id, lower(scenario_name), lower(coalesce(deal_name, '')), lower(coalesce(vendor, '')));
    create index scenarios_shared_idx on scenarios (shared) where shared;
    create table scenario_shares (
      scenario_id integer not null references scenarios(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      primary key (scenario_id, user_id)
    );
    create index scenario_shares_user_idx on scenario_shares (user_id);
    create table user_vectors (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      name text not null,
      "values" jsonb not null,
      shared boolean not null default false,
      last_modified timestamptz not null default now()
    );
    create unique index user_vectors_owner_name_key on user_vectors (owner_id, lower(name));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_vectors, scenario_shares, scenarios`.execute(db);
}
