/**
 * Where a report's SQL runs (spec 002 §9 "Report sources: 0 MySQL, 1 RedShift", plus 2 = this
 * application's database). Every run gets a connection of its own that is closed afterwards, so
 * no session state (settings, locks, temporary objects) outlives it; a read-only transaction; a
 * time limit; and an answer capped in rows and in bytes, read a batch at a time.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { SqlDialect } from '@opencrt/contracts';
import type { ReportsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { RowCollector, uniqueNames } from './report-cells.ts';
import { EmbeddedReportRunner } from './embedded-report-runner.ts';
import { REPORT_VIEW_NAMES, type ReportAccess } from './report-views.ts';
import { ReportRunFailure, type RunLimits, type SourceResult } from './report-source-types.ts';
import type { CheckedStatement, RelationRule } from './sql/report-sql-types.ts';

export { ReportRunFailure, type RunLimits, type SourceResult } from './report-source-types.ts';

export interface ReportSource {
  dialect: SqlDialect;
  /** Relations the report SQL check accepts. */
  relations: RelationRule;
  run(statement: CheckedStatement, limits: RunLimits): Promise<SourceResult>;
}

/** Relations a source's reports may read: the report views on the application database (2), any but the catalogs elsewhere. */
export function relationsOf(sourceId: number): RelationRule {
  return sourceId === 2 ? { kind: 'views', views: REPORT_VIEW_NAMES } : { kind: 'external' };
}

/** Extra time the client waits beyond the server-side timeout before dropping the connection. */
const CLIENT_GRACE_MS = 3000;
/** Rows fetched per round trip from a PostgreSQL cursor. */
const FETCH_ROWS = 500;

export const timeoutText = (limits: RunLimits) => `The report ran longer than ${Math.round(limits.timeoutMs / 1000)} seconds and was stopped.`;

/** The sources of one server: built once, they keep the embedded runner's thread between runs. */
export class ReportSources {
  private embedded: EmbeddedReportRunner | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: ReportsConfig,
    private readonly access: ReportAccess,
    /** The embedded database's binary COPY (ModuleContext.copyOut). */
    private readonly copyOut?: (query: string) => Promise<Uint8Array>,
  ) {}

  /** The report source for an id, or null when it is not configured on this server. */
  source(id: number): ReportSource | null {
    if (id === 2) return this.applicationSource();
    if (id === 1) return this.config.redshiftUrl ? postgresSource(this.config.redshiftUrl, undefined, relationsOf(1)) : null;
    if (id === 0) return this.config.mysqlUrl ? mysqlSource(this.config.mysqlUrl) : null;
    return null;
  }

  /** Someone opened a reports screen: the embedded database's report thread starts now, not at the first run. */
  warm(): void {
    if (this.access.kind === 'embedded' && this.copyOut) {
      this.embedded ??= new EmbeddedReportRunner(this.db, this.access.viewSchema, this.copyOut);
      this.embedded.warm();
    }
  }

  async close(): Promise<void> {
    await this.embedded?.close();
  }

  /** The application database: the report views only, as the read-only login role or on the embedded snapshot. */
  private applicationSource(): ReportSource {
    const relations = relationsOf(2);
    const access = this.access;
    if (access.kind === 'login') return postgresSource(access.url, access.viewSchema, relations);
    if (access.kind === 'unavailable') {
      return { dialect: 'postgres', relations, run: () => Promise.reject(new ReportRunFailure(access.reason)) };
    }
    const copyOut = this.copyOut;
    if (!copyOut) return { dialect: 'postgres', relations, run: () => Promise.reject(new ReportRunFailure('Reports on the embedded database are not available in this process.')) };
    this.embedded ??= new EmbeddedReportRunner(this.db, access.viewSchema, copyOut);
    const runner = this.embedded;
    return { dialect: 'postgres', relations, run: (statement, limits) => runner.run(statement, limits, timeoutText(limits)) };
  }
}

/**
 * A PostgreSQL-protocol database by URL (Redshift, PostgreSQL, or the application database as the
 * reports' login role with the report views on its search path). The statement is read through a
 * cursor so the byte cap stops the transfer, not just the answer.
 */
function postgresSource(url: string, searchPath: string | undefined, relations: RelationRule): ReportSource {
  return {
    dialect: 'postgres',
    relations,
    async run(statement, limits) {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: 10_000,
        statement_timeout: limits.timeoutMs,
        query_timeout: limits.timeoutMs + CLIENT_GRACE_MS,
        application_name: 'opencrt-report',
        ...(searchPath ? { options: `-c search_path=${quoteIdent(searchPath)}` } : {}),
      });
      const deadline = Date.now() + limits.timeoutMs;
      try {
        await client.connect();
        await client.query('begin transaction read only');
        await client.query(`set local statement_timeout = ${Math.floor(limits.timeoutMs)}`);
        await client.query({ text: `declare report_rows no scroll cursor for ${statement.text}`, values: statement.values });
        const collected = new RowCollector(limits.maxRows, limits.maxBytes);
        let columns: string[] = [];
        for (;;) {
          const remaining = deadline - Date.now();
          if (remaining <= 0) throw new ReportRunFailure(timeoutText(limits));
          await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(remaining))}`);
          const batch = await client.query<unknown[]>({ text: `fetch ${FETCH_ROWS} from report_rows`, rowMode: 'array' });
          if (columns.length === 0) columns = uniqueNames(batch.fields.map((f) => f.name));
          if (batch.rows.length === 0 || !batch.rows.every((row) => collected.add(row))) break;
        }
        await client.query('rollback');
        return { columns, rows: collected.rows, truncatedBy: collected.truncatedBy };
      } catch (error) {
        throw postgresFailure(error, limits);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

/**
 * MySQL / MariaDB by URL (mysql2). One statement per call (multipleStatements off), a read-only
 * transaction, a known sql_mode (the quoting the check assumed), the server's statement time limit
 * (MariaDB max_statement_time, MySQL max_execution_time), sql_select_limit as the row cap, and rows
 * read as they arrive: the connection is dropped once the byte cap is reached.
 */
function mysqlSource(url: string): ReportSource {
  return {
    dialect: 'mysql',
    relations: relationsOf(0),
    async run(statement, limits) {
      let conn: mysql.Connection | undefined;
      try {
        conn = await mysql.createConnection({
          uri: url, multipleStatements: false, connectTimeout: 10_000,
          decimalNumbers: true, supportBigNumbers: true, bigNumberStrings: false, dateStrings: true,
        });
        const [versionRows] = await conn.query<mysql.RowDataPacket[]>('select version() as v');
        const isMaria = /mariadb/i.test(String(versionRows[0]?.v ?? ''));
        if (isMaria) await conn.query(`set session max_statement_time = ${(limits.timeoutMs / 1000).toFixed(3)}`);
        else await conn.query(`set session max_execution_time = ${Math.floor(limits.timeoutMs)}`);
        await conn.query("set session sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'");
        await conn.query(`set session sql_select_limit = ${limits.maxRows + 1}`);
        await conn.query('set session transaction read only');
        await conn.query('start transaction read only');
        const result = await streamMysql(conn, statement, limits);
        if (!result.dropped) await conn.query('rollback');
        return result.answer;
      } catch (error) {
        throw mysqlFailure(error, limits);
      } finally {
        conn?.destroy();
      }
    },
  };
}

interface CoreQuery { on(event: string, listener: (...args: unknown[]) => void): CoreQuery }
interface CoreConnection { query(options: Record<string, unknown>): CoreQuery }

/** Reads the rows as the server sends them; drops the connection once the answer is full. */
function streamMysql(conn: mysql.Connection, statement: CheckedStatement, limits: RunLimits): Promise<{ answer: SourceResult; dropped: boolean }> {
  const core = (conn as unknown as { connection: CoreConnection }).connection;
  const collected = new RowCollector(limits.maxRows, limits.maxBytes);
  let columns: string[] = [];
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (dropped: boolean) => {
      if (settled) return;
      settled = true;
      resolve({ answer: { columns, rows: collected.rows, truncatedBy: collected.truncatedBy }, dropped });
    };
    core.query({ sql: statement.text, values: statement.values, rowsAsArray: true, timeout: limits.timeoutMs + CLIENT_GRACE_MS })
      .on('fields', (fields) => { columns = uniqueNames(((fields as { name: string }[] | undefined) ?? []).map((f) => f.name)); })
      .on('result', (row) => {
        if (settled || collected.add(row as unknown[])) return;
        conn.destroy();
        finish(true);
      })
      .on('error', (error) => { if (!settled) { settled = true; reject(error); } })
      .on('end', () => finish(false));
  });
}

interface DriverError { code?: string | number; errno?: number; message?: string }

function postgresFailure(error: unknown, limits: RunLimits): ReportRunFailure {
  if (error instanceof ReportRunFailure) return error;
  const e = (error ?? {}) as DriverError;
  if (e.code === '57014' || /query read timeout/i.test(e.message ?? '')) return new ReportRunFailure(timeoutText(limits));
  if (e.code === '25006') return new ReportRunFailure(`A report cannot change data: ${e.message}`);
  if (e.code === '42501') return new ReportRunFailure(`A report may read only the report views: ${e.message}`);
  return new ReportRunFailure(e.message ?? String(error));
}

function mysqlFailure(error: unknown, limits: RunLimits): ReportRunFailure {
  const e = (error ?? {}) as DriverError;
  // 1969 MariaDB max_statement_time, 3024 MySQL max_execution_time, PROTOCOL_SEQUENCE_TIMEOUT client side.
  if (e.errno === 1969 || e.errno === 3024 || e.code === 'PROTOCOL_SEQUENCE_TIMEOUT') return new ReportRunFailure(timeoutText(limits));
  if (e.errno === 1792) return new ReportRunFailure(`A report cannot change data: ${e.message}`);
  return new ReportRunFailure(e.message ?? String(error));
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
