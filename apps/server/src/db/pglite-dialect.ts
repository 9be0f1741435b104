import type { PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely dialect for PGlite (embedded PostgreSQL). PGlite is a single connection, so the driver
 * hands it out to one user at a time: a transaction never interleaves with other queries.
 * (The npm PGlite dialects did not work with Kysely 0.28 here; this one is small on purpose.)
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver { return new PGliteDriver(this.pglite); }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(pglite: PGlite) { this.connection = new PGliteConnection(pglite); }

  async init(): Promise<void> {}

  /** Waits for the previous holder to release; a simple FIFO mutex over the one connection. */
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => { release = resolve; });
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> { await conn.executeQuery(CompiledQuery.raw('commit')); }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> { await conn.executeQuery(CompiledQuery.raw('rollback')); }

  async releaseConnection(): Promise<void> { this.connection.release?.(); }
  async destroy(): Promise<void> {}
}

class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters use exec(), which also accepts several statements (migrations); its last result counts.
    const result = compiled.parameters.length
      ? await this.pglite.query<R>(compiled.sql, [...compiled.parameters])
      : ((await this.pglite.exec(compiled.sql)).at(-1) as Results<R> | undefined) ?? { rows: [], fields: [] };
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && /^(insert|update|delete|merge)/i.test(compiled.sql.trimStart())
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming queries are not supported');
  }
}
