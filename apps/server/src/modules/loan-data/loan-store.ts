/**
 * The analytical store: DuckDB over Parquet files. This module is the only place that opens
 * DuckDB (architecture: "nothing else imports DuckDB"); the importer and the vintage service ask
 * it. The Parquet location is one setting: a directory (default DATA_DIR/loan-data, shared by
 * replicas on a shared disk) or an object-storage URL DuckDB reads (s3://bucket/prefix with the
 * httpfs extension and credentials in DuckDB's usual environment variables).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

export interface LoanStoreOptions {
  /** Directory or object-storage URL of the Parquet files. */
  location: string;
  /** Local scratch directory (DuckDB spill files, unzipped pipes, Parquet being written to object storage). */
  scratchDir: string;
  /** DuckDB's memory limit, e.g. '1GB': it spills to scratchDir beyond it. */
  memoryLimit?: string;
  /** Statements run once when the store opens (the layouts' code types). */
  setUp?: string[];
}

export type Row = Record<string, unknown>;

export interface LoanStore {
  readonly location: string;
  readonly scratchDir: string;
  /** True when the location is a URL (object storage), not a local directory. */
  readonly isRemote: boolean;
  /** Path or URL of a file under the location. */
  resolve(relative: string): string;
  /** Runs statements on a connection of its own; rows come back as plain JSON values. */
  withConnection<T>(work: (c: StoreConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface StoreConnection {
  run(sql: string): Promise<void>;
  rows(sql: string): Promise<Row[]>;
  /** Percent done of the statement running on this connection (DuckDB's estimate), or -1. */
  progress(): number;
}

/** A SQL string literal (DuckDB: single quotes doubled). */
export const literal = (s: string): string => `'${s.replaceAll("'", "''")}'`;

export async function openLoanStore(options: LoanStoreOptions): Promise<LoanStore> {
  const isRemote = /^[a-z][a-z0-9+.-]*:\/\//i.test(options.location);
  if (!isRemote) mkdirSync(options.location, { recursive: true });
  mkdirSync(options.scratchDir, { recursive: true });
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: options.memoryLimit ?? '1GB',
    temp_directory: path.join(options.scratchDir, 'duckdb-spill'),
    // Order within a COPY does not matter to us; without it DuckDB streams with less memory.
    preserve_insertion_order: 'false',
  });
  const wrap = (c: DuckDBConnection): StoreConnection => ({
    async run(sql) { await c.run(sql); },
    async rows(sql) { return (await c.runAndReadAll(sql)).getRowObjectsJson() as Row[]; },
    progress() { return c.progress.percentage; },
  });
  const setUp = await instance.connect();
  try {
    for (const statement of options.setUp ?? []) await setUp.run(statement);
  } finally {
    setUp.closeSync();
  }
  return {
    location: options.location,
    scratchDir: options.scratchDir,
    isRemote,
    resolve: (relative) => (isRemote ? `${options.location.replace(/\/+$/, '')}/${relative}` : path.join(options.location, relative)),
    async withConnection(work) {
      const c = await instance.connect();
      try {
        return await work(wrap(c));
      } finally {
        c.closeSync();
      }
    },
    async close() { instance.closeSync(); },
  };
}
