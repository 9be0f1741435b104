import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backup and restore of the embedded database (`npm run data -- backup FILE` / `restore FILE`):
 * PGlite's dumpDataDir, a gzipped tarball of the whole data directory. Stop the server first:
 * the embedded database belongs to one process at a time. PostgreSQL installations use pg_dump
 * (README "Operations").
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) throw new Error(`no embedded database in ${dataDir}`);
  const pg = await PGlite.create({ dataDir });
  try {
    const dump = await pg.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    writeFileSync(file, bytes);
    return bytes.length;
  } finally {
    await pg.close();
  }
}

/**
 * Replaces the database in `dataDir` with a backup. The backup is opened in a directory beside it
 * first (a damaged file leaves the current database untouched); the current one is kept, renamed,
 * and its new name returned.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<string | null> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = `${dataDir}.restoring-${stamp}`;
  try {
    const pg = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await pg.query('select count(*) from kysely_migration');
    } finally {
      await pg.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`${file} is not a backup of an OpenCRT database: ${error instanceof Error ? error.message : String(error)}`);
  }
  let previous: string | null = null;
  if (existsSync(dataDir)) {
    previous = `${dataDir}.before-restore-${stamp}`;
    renameSync(dataDir, previous);
  }
  renameSync(staging, path.resolve(dataDir));
  return previous;
}
