import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Backup and restore of the embedded database (`npm run data -- backup FILE` / `restore FILE`):
 * PGlite's dumpDataDir, a gzipped tarball of the whole data directory. The embedded database
 * belongs to one process at a time: both take DATA_DIR's lock (data-dir-lock.ts), so a running
 * server makes them refuse with its pid (stop it first). PostgreSQL installations use pg_dump
 * (README "Operations").
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) throw new Error(`no embedded database in ${dataDir}`);
  const release = lockDataDir(dataDir);
  try {
    let pg: PGlite;
    try {
      pg = await PGlite.create({ dataDir });
    } catch (error) {
      throw new Error(damagedDataDirMessage(dataDir, error));
    }
    try {
      const dump = await pg.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      writeFileSync(file, bytes);
      return bytes.length;
    } finally {
      await pg.close();
    }
  } finally {
    release();
  }
}

/** Where restore keeps the database it replaced: `<DATA_DIR>.before-restore-<ISO time with - for : and .>`. */
const BEFORE_RESTORE = '.before-restore-';

/** The copies restore kept beside `dataDir`, newest first. */
export function beforeRestoreCopies(dataDir: string): string[] {
  const resolved = path.resolve(dataDir);
  const prefix = `${path.basename(resolved)}${BEFORE_RESTORE}`;
  try {
    return readdirSync(path.dirname(resolved)).filter((name) => name.startsWith(prefix))
      .sort().reverse().map((name) => path.join(path.dirname(resolved), name));
  } catch {
    return [];
  }
}

/**
 * What to say when the embedded database in `dataDir` does not open (PGlite answers "Aborted()"
 * or "failed to initialize"): which directory, and the copy the last restore kept, if any.
 */
export function damagedDataDirMessage(dataDir: string, error: unknown): string {
  const resolved = path.resolve(dataDir);
  // PGlite's WebAssembly abort appends a hint for its own developers ("Build with -sASSERTIONS…").
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.replace(/\s*Build with -sASSERTIONS.*$/, '');
  const copies = beforeRestoreCopies(resolved);
  const lines = [`The embedded database in ${resolved} (DATA_DIR) cannot be opened (${reason}): it is damaged, for example by a backup or restore run while a server was using it.`];
  if (copies[0]) {
    lines.push(`The database the last restore replaced is kept in ${copies[0]}${copies.length > 1 ? ` (${copies.length - 1} older cop${copies.length > 2 ? 'ies' : 'y'} beside it)` : ''}. `
      + `To go back to it, move ${resolved} aside and rename that copy to ${resolved}.`);
  } else {
    lines.push(`No ${path.basename(resolved)}${BEFORE_RESTORE}* copy is beside it.`);
  }
  lines.push('Or restore a backup into it: npm run data -- restore FILE (README "Operations").');
  return lines.join('\n');
}

/**
 * Replaces the database in `dataDir` with a backup. The backup is opened in a directory beside it
 * first (a damaged file leaves the current database untouched); the current one is kept, renamed,
 * and its new name returned.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<string | null> {
  // Held from the check of the backup to the swap of the directories: no server starts meanwhile.
  const release = lockDataDir(dataDir);
  try {
    return await restoreLocked(file, dataDir);
  } finally {
    release();
  }
}

async function restoreLocked(file: string, dataDir: string): Promise<string | null> {
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
    previous = `${dataDir}${BEFORE_RESTORE}${stamp}`;
    renameSync(dataDir, previous);
  }
  renameSync(staging, path.resolve(dataDir));
  return previous;
}
