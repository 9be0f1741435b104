import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Counts every row inserted, updated or deleted in the app's tables (row-level triggers into one
 * counter row), so the fuzz test can tell, request by request, whether a refused request changed
 * stored data. A write rolled back with its transaction rolls its count back too, so only data that
 * stayed changed counts. Tables written on purpose by refused requests are left out.
 */
export async function installChangeCounter(db: Db, exempt: readonly string[]): Promise<{ read(): Promise<number> }> {
  await sql`create table fuzz_changes (n bigint not null)`.execute(db);
  await sql`insert into fuzz_changes values (0)`.execute(db);
  await sql.raw(`create function fuzz_count_change() returns trigger language plpgsql as $$
    begin update fuzz_changes set n = n + 1; return null; end $$`).execute(db);
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema() and tablename <> 'fuzz_changes'`.execute(db);
  for (const { name } of rows) {
    if (exempt.includes(name)) continue;
    await sql`create trigger ${sql.id(`fuzz_${name}`)} after insert or update or delete on ${sql.id(name)}
      for each row execute function fuzz_count_change()`.execute(db);
  }
  return {
    async read() {
      const { rows: [row] } = await sql<{ n: number }>`select n from fuzz_changes`.execute(db);
      return Number(row?.n ?? 0);
    },
  };
}
