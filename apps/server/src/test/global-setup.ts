import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startApp } from '../bootstrap.ts';
import { openDatabase } from '../db/database.ts';
import { testConfig } from './test-config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated and seeded PGlite data directory (PGlite runs only). */
    pgliteSnapshot: string;
  }
}

/**
 * API tests run on PGlite by default. PGlite's cold start takes seconds, so the database is
 * migrated and seeded once here and each test file starts from that snapshot.
 * With DATABASE_URL set, each test file makes its own schema instead (see test-app.ts).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'opencrt-api-'));
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      throw new Error(`DATABASE_URL is set but PostgreSQL is not reachable: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
    project.provide('pgliteSnapshot', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const started = Date.now();
  const handle = await openDatabase({});
  const { app } = await startApp(handle, testConfig());
  await app.close();
  const snapshotFile = path.join(dir, 'snapshot.tar');
  if (!handle.dump) throw new Error('expected an embedded PGlite database');
  const dump = await handle.dump();
  writeFileSync(snapshotFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  console.log(`API tests: PGlite snapshot ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('pgliteSnapshot', snapshotFile);
  return () => rmSync(dir, { recursive: true, force: true });
}
