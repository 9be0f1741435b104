import { Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Name the schema explicitly: without it Kysely looks for its migration table in every schema and,
  // on a PostgreSQL server shared by parallel test runs, finds another run's table and skips creating ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? 'public',
    // Numbers are reserved per feature and land in any order (0009 may reach a database before
    // 0006): run a missing lower-numbered migration instead of refusing to start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${cause}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
