import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

/**
 * DATABASE_SCHEMA (issue 12 item 6): a first start in a schema of its own must work when another
 * schema of the same database already holds OpenCRT's tables, including the migrator's lock table.
 * PostgreSQL only: PGlite has one installation per database.
 */
describe.skipIf(!process.env.DATABASE_URL)('migrations in a second schema of one database', () => {
  it('migrates a fresh schema while another schema already holds every OpenCRT table', async () => {
    const [first, second] = [`m1_${randomBytes(5).toString('hex')}`, `m2_${randomBytes(5).toString('hex')}`];
    const a = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: first });
    const b = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: second });
    try {
      expect(await migrateToLatest(a.db)).toHaveLength(Object.keys(migrations).length);
      // The second schema starts empty: every migration runs there too, lock table included.
      expect(await migrateToLatest(b.db)).toHaveLength(Object.keys(migrations).length);
      const tables = async (schema: string) => (await sql<{ n: number }>`
        select count(*)::int as n from pg_tables where schemaname = ${schema}`.execute(a.db)).rows[0]?.n;
      expect(await tables(second)).toBe(await tables(first));
      const locks = await sql<{ schema: string }>`
        select schemaname as schema from pg_tables where tablename = 'kysely_migration_lock' and schemaname in (${first}, ${second})`.execute(a.db);
      expect(locks.rows.map((r) => r.schema).sort()).toEqual([first, second].sort());
      // A restart of either finds nothing left to do.
      expect(await migrateToLatest(b.db)).toEqual([]);
    } finally {
      await sql`drop schema if exists ${sql.id(first)} cascade`.execute(a.db);
      await sql`drop schema if exists ${sql.id(second)} cascade`.execute(a.db);
      await a.close();
      await b.close();
    }
  });
});
