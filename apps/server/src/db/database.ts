import { mkdirSync, readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { damagedDataDirMessage } from './backup.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: connections of the pool (GET /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: a snapshot of the data directory (tests start from it). */
  dump?: () => Promise<Blob>;
  /** PGlite only: a query's rows in PostgreSQL's binary COPY format (the reports' snapshot reads the report views so). */
  copyOut?: (query: string) => Promise<Uint8Array>;
  /**
   * LISTENs on a channel. `onLive(false)` means notifications may have been missed (the listening
   * connection was lost; it reconnects by itself and then reports `onLive(true)`).
   * Resolves once listening (or after the first failed attempt); the returned function stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** PGlite snapshot (from dumpDataDir) to start from; used by tests to skip migrations. */
  loadDataDir?: Blob | File | undefined;
  /** PostgreSQL schema to use (created if missing); tests use one per run. */
  schema?: string | undefined;
}

// Numeric and bigint columns come back as JS numbers: amounts are stored as numeric with cents,
// well inside double precision, and the engine computes in doubles anyway.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Opens PostgreSQL when a URL is given, otherwise PGlite (on disk in dataDir, or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const schema = options.schema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    const databaseUrl = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // Named so an operator (or a test) can tell this installation's listeners apart.
      listen: (channel, onMessage, onLive) =>
        listenOnPostgres(databaseUrl, `opencrt-listen-${schema ?? 'public'}`, channel, onMessage, onLive),
    };
  }
  const { pglite, release } = await openEmbedded(options);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try { await db.destroy(); await pglite.close(); } finally { release(); }
    },
    dump: () => pglite.dumpDataDir('none'),
    copyOut: async (query) => {
      const result = await pglite.query(`copy (${query}) to '/dev/blob' with (format binary)`);
      return new Uint8Array(await (result.blob ?? new Blob([])).arrayBuffer());
    },
    // One embedded database in this process: notifications arrive while the notifying query
    // completes, and there is no connection to lose.
    listen: async (channel, onMessage, onLive) => {
      const unlisten = await pglite.listen(channel, onMessage);
      onLive(true);
      return async () => { onLive(false); await unlisten(); };
    },
  };
}

/**
 * PGlite in memory, or on disk in dataDir under its lock (one process at a time: data-dir-lock.ts).
 * A data directory that does not open is reported as damaged, with the copy restore kept, instead
 * of PGlite's bare "Aborted()".
 */
async function openEmbedded(options: DatabaseOptions): Promise<{ pglite: PGlite; release: () => void }> {
  const { dataDir } = options;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  const existed = dataDir ? readdirSync(dataDir).length > 0 : false;
  try {
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
    });
    return { pglite, release };
  } catch (error) {
    release();
    if (dataDir && existed) throw new Error(damagedDataDirMessage(dataDir, error), { cause: error });
    throw error;
  }
}

const RECONNECT_MS = 1000;

/** A dedicated connection that LISTENs (a pooled one would be handed to other queries), reconnecting when lost. */
async function listenOnPostgres(
  databaseUrl: string,
  applicationName: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`unsafe channel name: ${channel}`);
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (stopped) return;
    retry = setTimeout(() => { void connect(); }, RECONNECT_MS);
    retry.unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: applicationName });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    client.on('error', () => { /* followed by 'end', handled there */ });
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      onLive(false);
      scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      if (stopped) { await client.end(); return; }
      current = client;
      onLive(true);
    } catch {
      await client.end().catch(() => undefined);
      onLive(false);
      scheduleReconnect();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    onLive(false);
    await client?.end();
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe schema name: ${name}`);
  return name;
}
