/**
 * What reports on the application database (source 2) can see: views in a schema of their own
 * (`<schema>_reports`), named like the tables they show, so a report reads `deals` or `loans` as
 * before and nothing else exists for it. No view holds a secret: users shows id and user name only;
 * sessions, password hashes, app_settings (the JWT key), mail and logs have no view.
 *
 * On PostgreSQL the reports run on their own connection as a LOGIN role that may only read these
 * views (created here when the application's user may create roles, or named by
 * OPENCRT_REPORTS_DATABASE_URL). On the embedded database they run on a snapshot of the views in a
 * worker thread (embedded-report-runner.ts); statement triggers keep a data version it compares.
 *
 * Adding a view: a line in REPORT_VIEWS (the table and the columns it may show). It is created at
 * the next start, the role may read it, and the report SQL check accepts its name.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** View name → base table and the columns shown ('*': all of them). */
export const REPORT_VIEWS: Record<string, { table: string; columns: '*' | readonly string[] }> = {
  deals: { table: 'deals', columns: '*' },
  deal_bonds: { table: 'deal_bonds', columns: '*' },
  deal_replines: { table: 'deal_replines', columns: '*' },
  deal_remit_history: { table: 'deal_remit_history', columns: '*' },
  bond_remit_history: { table: 'bond_remit_history', columns: '*' },
  collateral_history: { table: 'collateral_history', columns: '*' },
  loans: { table: 'loans', columns: '*' },
  portfolios: { table: 'portfolios', columns: '*' },
  portfolio_entries: { table: 'portfolio_entries', columns: '*' },
  portfolio_calculations: { table: 'portfolio_calculations', columns: '*' },
  portfolio_calculation_results: { table: 'portfolio_calculation_results', columns: '*' },
  users: { table: 'users', columns: ['id', 'username'] },
};

export const REPORT_VIEW_NAMES: ReadonlySet<string> = new Set(Object.keys(REPORT_VIEWS));

/** The schema holding the report views of an application schema. */
export const reportViewSchema = (appSchema: string): string => `${appSchema}_reports`.slice(0, 63);

/** The login role reports of this database and schema run as (roles are cluster-wide: the name carries both). */
export function reportRoleName(database: string, appSchema: string): string {
  return `opencrt_reports_${createHash('sha256').update(`${database}\u0000${appSchema}`).digest('hex').slice(0, 16)}`;
}

const PASSWORD_KEY = 'reports_reader_password';

/** How source 2 reaches the report views. */
export type ReportAccess =
  | { kind: 'login'; url: string; viewSchema: string }
  | { kind: 'embedded'; viewSchema: string }
  | { kind: 'unavailable'; viewSchema: string; reason: string };

interface AccessOptions { databaseUrl: string | undefined; reportsDatabaseUrl: string | undefined; warn: (message: string) => void }

/**
 * Creates (again) the report views and the data-version triggers, and on PostgreSQL the login role.
 * Several replicas may start at once: one transaction under an advisory lock does it.
 */
export async function ensureReportAccess(db: Db, options: AccessOptions): Promise<ReportAccess> {
  const names = (await sql<{ schema: string; database: string }>`select current_schema() as schema, current_database() as database`.execute(db)).rows[0];
  if (!names) throw new Error('no current schema');
  const viewSchema = reportViewSchema(names.schema);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`opencrt-report-views:${names.schema}`}))`.execute(trx);
    await sql`create schema if not exists ${sql.id(viewSchema)}`.execute(trx);
    for (const [view, { table, columns }] of Object.entries(REPORT_VIEWS)) {
      const shown = columns === '*' ? sql`*` : sql.join(columns.map((c) => sql.id(c)));
      await sql`drop view if exists ${sql.id(viewSchema, view)}`.execute(trx);
      await sql`create view ${sql.id(viewSchema, view)} as select ${shown} from ${sql.id(names.schema, table)}`.execute(trx);
    }
    await createDataVersion(trx, names.schema);
  });
  if (!options.databaseUrl) return { kind: 'embedded', viewSchema };
  if (options.reportsDatabaseUrl) return { kind: 'login', url: options.reportsDatabaseUrl, viewSchema };
  try {
    const role = reportRoleName(names.database, names.schema);
    const password = await ensureLoginRole(db, role, viewSchema);
    const url = new URL(options.databaseUrl);
    url.username = role;
    url.password = password;
    return { kind: 'login', url: url.toString(), viewSchema };
  } catch (error) {
    const reason = 'Reports on the application database need a read-only login role: the database user may not create one, '
      + 'so set OPENCRT_REPORTS_DATABASE_URL (README "Reports").';
    options.warn(`reports: ${reason} (${error instanceof Error ? error.message : String(error)})`);
    return { kind: 'unavailable', viewSchema, reason };
  }
}

/** A counter bumped by every statement that changes a table behind a view (the embedded snapshot compares it). */
async function createDataVersion(trx: Db, appSchema: string): Promise<void> {
  await sql`create table if not exists ${sql.id(appSchema, 'report_data_version')} (id int primary key check (id = 1), version bigint not null)`.execute(trx);
  await sql`insert into ${sql.id(appSchema, 'report_data_version')} values (1, 0) on conflict (id) do nothing`.execute(trx);
  await sql.raw(`create or replace function ${quote(appSchema)}.opencrt_bump_report_data() returns trigger language plpgsql as $$
    begin update ${quote(appSchema)}.report_data_version set version = version + 1 where id = 1; return null; end $$`).execute(trx);
  for (const { table, columns } of Object.values(REPORT_VIEWS)) {
    // A view of some columns changes only with them (a sign-in's users.last_login_at is not report data).
    const update = columns === '*' ? 'update' : `update of ${columns.map(quote).join(', ')}`;
    await sql.raw(`create or replace trigger opencrt_report_data_changed after insert or ${update} or delete or truncate on ${quote(appSchema)}.${quote(table)}
      for each statement execute function ${quote(appSchema)}.opencrt_bump_report_data()`).execute(trx);
  }
}

/** The version of the data behind the report views. */
export async function reportDataVersion(db: Db): Promise<string> {
  const row = (await sql<{ version: string | number }>`select version from report_data_version where id = 1`.execute(db)).rows[0];
  return String(row?.version ?? 0);
}

/**
 * The reader: LOGIN, no inheritance, no other rights; may use the view schema and read its views.
 * Its password is generated once and kept in app_settings so every replica connects with it.
 */
async function ensureLoginRole(db: Db, role: string, viewSchema: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`opencrt-report-role:${role}`}))`.execute(trx);
    const stored = (await sql<{ value: string }>`select value from app_settings where key = ${PASSWORD_KEY}`.execute(trx)).rows[0]?.value;
    const password = stored ?? randomBytes(24).toString('base64url');
    if (!stored) await sql`insert into app_settings (key, value) values (${PASSWORD_KEY}, ${password})`.execute(trx);
    const exists = (await sql`select 1 from pg_roles where rolname = ${role}`.execute(trx)).rows.length > 0;
    const verb = exists ? 'alter' : 'create';
    await sql.raw(`${verb} role ${quote(role)} with login nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls `
      + `connection limit 20 password ${literal(password)}`).execute(trx);
    await sql.raw(`grant usage on schema ${quote(viewSchema)} to ${quote(role)}`).execute(trx);
    await sql.raw(`grant select on all tables in schema ${quote(viewSchema)} to ${quote(role)}`).execute(trx);
    return password;
  });
}

/** Drops a schema's report views and its login role (tests, and an installation being removed). */
export async function dropReportAccess(db: Db, appSchema: string): Promise<void> {
  const database = (await sql<{ d: string }>`select current_database() as d`.execute(db)).rows[0]?.d ?? '';
  await sql`drop schema if exists ${sql.id(reportViewSchema(appSchema))} cascade`.execute(db);
  await sql.raw(`drop role if exists ${quote(reportRoleName(database, appSchema))}`).execute(db);
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
