import { sql, type Kysely } from 'kysely';

/**
 * User collateral cashflows (spec 002): a user's uploaded collateral projections, run as prerun
 * collateral in deal, bond, ACIS, CIRT and portfolio runs. A label (deal / month / scenario /
 * vendor) is unique per user; the lists are one jsonb object of parallel arrays, read and written
 * whole (no query looks inside them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_coll_cashflows (
      id serial primary key,
      owner_id integer not null references users(id) on delete cascade,
      deal_name text not null,
      collateral_month text not null check (collateral_month ~ '^[0-9]{6}$'),
      scenario_name text not null,
      vendor text not null default '',
      cashflow jsonb not null,
      last_modified timestamptz not null default now()
    );
    create unique index user_coll_cashflows_label on user_coll_cashflows
      (owner_id, lower(deal_name), collateral_month, lower(scenario_name), lower(vendor));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_coll_cashflows`.execute(db);
}
