import { sql, type Kysely } from 'kysely';

/**
 * Saved portfolio / vendor-grid calculations (spec 002 "Calculation": Name, PortfolioName,
 * SettlementDate, EarlyCall), written by POST /simulate/portfolio/save with Options bit 1 and read by
 * reports (select parameters of subtype "calculations"). One row per calculation; one result row
 * per portfolio line × scenario. The portfolio's name is copied so a report still reads it after the
 * portfolio is renamed or deleted. Metrics are jsonb keyed by the grid's metric names (Yield, WAL,
 * Price, Loss, ...) so a report can select `metrics->>'Yield'` without a column per metric.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table portfolio_calculations (
      id serial primary key,
      name text not null,
      portfolio_id integer references portfolios(id) on delete set null,
      portfolio_name text not null,
      owner_id integer references users(id) on delete set null,
      vendor text not null default '',
      settlement_date date not null,
      early_call boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index portfolio_calculations_portfolio on portfolio_calculations (portfolio_id);
    create table portfolio_calculation_results (
      calculation_id integer not null references portfolio_calculations(id) on delete cascade,
      ordinal_number integer not null check (ordinal_number >= 1),
      scenario_name text not null,
      deal_name text not null,
      bond_name text not null default '',
      owned_face_amt double precision not null default 0,
      metrics jsonb not null,
      primary key (calculation_id, ordinal_number, scenario_name)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table portfolio_calculation_results, portfolio_calculations`.execute(db);
}
