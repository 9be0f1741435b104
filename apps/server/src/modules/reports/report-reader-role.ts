/**
 * The database role reports on the application database run as (SET LOCAL ROLE inside their
 * read-only transaction). It may read only the tables listed here: deal data, histories, loan
 * tapes, portfolios and saved calculations, and user names. Sessions, password hashes,
 * app_settings (which holds the JWT key) and logs stay unreadable to a report.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export const REPORT_READER_ROLE = 'opencrt_report_reader';

/** Tables a report may read in full. */
const READABLE_TABLES = [
  'deals', 'deal_bonds', 'deal_replines', 'deal_remit_history', 'bond_remit_history', 'collateral_history', 'loans',
  'portfolios', 'portfolio_entries', 'portfolio_calculations', 'portfolio_calculation_results',
  'scenarios', 'reports', 'report_parameters', 'report_columns',
];
/** Tables a report may read only some columns of. */
const READABLE_COLUMNS: Record<string, string[]> = { users: ['id', 'username'] };

/**
 * Creates the role if needed (roles are cluster-wide: concurrent creators are tolerated) and grants
 * it read access to the allow-list in the current schema. Returns the role name, or null when the
 * database user may not manage roles; reports then rely on the read-only transaction alone.
 */
export async function ensureReportReaderRole(db: Db, warn: (message: string) => void): Promise<string | null> {
  // Parallel servers on one cluster may race on the role's catalog rows ("tuple concurrently updated"): retry.
  let lastError: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      await grantReaderRole(db);
      return REPORT_READER_ROLE;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
  warn(`reports: could not set up the read-only role ${REPORT_READER_ROLE} (${lastError instanceof Error ? lastError.message : String(lastError)}); `
    + 'reports on the application database run in a read-only transaction only.');
  return null;
}

async function grantReaderRole(db: Db): Promise<void> {
  await sql.raw(`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${REPORT_READER_ROLE}') then
        create role ${REPORT_READER_ROLE} nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`).execute(db);
  const member = await sql<{ ok: boolean }>`select pg_has_role(current_user, ${REPORT_READER_ROLE}, 'MEMBER') as ok`.execute(db);
  if (!member.rows[0]?.ok) await sql.raw(`grant ${REPORT_READER_ROLE} to current_user`).execute(db);
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;
  if (!schema) throw new Error('no current schema');
  await sql`grant usage on schema ${sql.id(schema)} to ${sql.id(REPORT_READER_ROLE)}`.execute(db);
  const existing = new Set((await sql<{ t: string }>`
    select table_name as t from information_schema.tables where table_schema = ${schema}`.execute(db)).rows.map((r) => r.t));
  for (const table of READABLE_TABLES) {
    if (existing.has(table)) await sql`grant select on ${sql.id(schema, table)} to ${sql.id(REPORT_READER_ROLE)}`.execute(db);
  }
  for (const [table, columns] of Object.entries(READABLE_COLUMNS)) {
    if (!existing.has(table)) continue;
    await sql`grant select (${sql.join(columns.map((c) => sql.id(c)))}) on ${sql.id(schema, table)} to ${sql.id(REPORT_READER_ROLE)}`.execute(db);
  }
}
