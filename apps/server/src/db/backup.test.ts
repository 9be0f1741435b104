import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `npm run data -- <args>` on a data directory (the CLI under tsx, as the npm script runs it). */
function dataCli(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/data-cli.ts', ...args], { cwd: repoRoot, env, encoding: 'utf8' });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

async function settings(dataDir: string): Promise<string[]> {
  const handle = await openDatabase({ dataDir });
  try {
    return (await handle.db.selectFrom('app_settings').select('key').where('key', 'like', 'backup-test-%').orderBy('key').execute()).map((r) => r.key);
  } finally {
    await handle.close();
  }
}

async function setSettings(dataDir: string, keys: string[]): Promise<void> {
  const handle = await openDatabase({ dataDir });
  try {
    await migrateToLatest(handle.db);
    await handle.db.deleteFrom('app_settings').where('key', 'like', 'backup-test-%').execute();
    for (const key of keys) await handle.db.insertInto('app_settings').values({ key, value: 'x' }).execute();
  } finally {
    await handle.close();
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run data -- backup FILE / restore FILE (embedded database, issue 26)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'opencrt-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('restores what was backed up, keeping the replaced database beside it', async () => {
    const dataDir = path.join(root, 'data');
    const file = path.join(root, 'opencrt.tar.gz');
    await setSettings(dataDir, ['backup-test-before']);

    const backup = dataCli(dataDir, 'backup', file);
    expect(backup.out).toMatch(/Backed up/);
    expect(backup.code).toBe(0);

    await setSettings(dataDir, ['backup-test-after']);
    expect(await settings(dataDir)).toEqual(['backup-test-after']);

    const restore = dataCli(dataDir, 'restore', file);
    expect(restore.code).toBe(0);
    expect(await settings(dataDir)).toEqual(['backup-test-before']);
    const kept = readdirSync(root).find((name) => name.startsWith('data.before-restore-'));
    expect(restore.out).toContain(`${kept}`);
    expect(await settings(path.join(root, kept as string))).toEqual(['backup-test-after']);
  }, 180_000);

  it('refuses a file that is not a backup and leaves the database as it was', async () => {
    const dataDir = path.join(root, 'data');
    const junk = path.join(root, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    const before = readdirSync(root).length;
    const restore = dataCli(dataDir, 'restore', junk);
    expect(restore.code).toBe(1);
    expect(restore.out).toMatch(/is not a backup of an OpenCRT database/);
    expect(readdirSync(root)).toHaveLength(before);
    expect(await settings(dataDir)).toEqual(['backup-test-before']);
  }, 120_000);

  it('points PostgreSQL installations to pg_dump', () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/data-cli.ts', 'backup', path.join(root, 'x')], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/pg_dump/);
    expect(existsSync(path.join(root, 'x'))).toBe(false);
  });
});
