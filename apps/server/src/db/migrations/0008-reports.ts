import { sql, type Kysely } from 'kysely';

/**
 * Stored SQL reports (spec 002 entities Report, Report parameter, Report column) and the run log
 * (issue 15: who ran which report with which parameters, how many rows, how long, and the error).
 * The run log keeps the report's name so it still reads after the report is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reports (
      id serial primary key,
      name text not null,
      source integer not null check (source between 0 and 2),
      query text not null,
      historical text not null default 'None' check (historical in ('None', 'Deal', 'Bond')),
      is_demo boolean not null default false,
      updated_by integer references users(id) on delete set null,
      updated_at timestamptz not null default now()
    );
    create table report_parameters (
      id serial primary key,
      report_id integer not null references reports(id) on delete cascade,
      ord integer not null,
      db_name text not null,
      name text not null,
      type text not null check (type in ('int', 'date', 'select')),
      sub_type text check (sub_type in ('calculations', 'deals')),
      value text,
      default_value text
    );
    create index report_parameters_report on report_parameters (report_id, ord);
    create table report_columns (
      id serial primary key,
      report_id integer not null references reports(id) on delete cascade,
      ord integer not null,
      db_name text not null,
      name text not null,
      total boolean not null default false,
      data_type text not null
    );
    create index report_columns_report on report_columns (report_id, ord);
    create table report_runs (
      id serial primary key,
      report_id integer references reports(id) on delete set null,
      report_name text not null,
      user_id integer references users(id) on delete set null,
      username text not null,
      parameters jsonb not null,
      row_count integer,
      elapsed_ms integer not null,
      error text,
      started_at timestamptz not null
    );
    create index report_runs_started on report_runs (started_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table report_runs, report_columns, report_parameters, reports`.execute(db);
}
