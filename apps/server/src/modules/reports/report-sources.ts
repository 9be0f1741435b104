/**
 * Where a report's SQL runs (spec 002 §9 "Report sources: 0 MySQL, 1 RedShift", plus 2 = this
 * application's database). Every run is one read-only transaction with a statement timeout and a
 * row cap; external sources get a fresh connection per run so no session setting leaks between
 * runs. Rows come back as arrays of JSON-safe cells.
 */
import { CompiledQuery, sql } from 'kysely';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { PreparedStatement, ReportCell, SqlDialect } from '@opencrt/contracts';
import type { ReportsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';

export interface RunLimits { timeoutMs: number; maxRows: number }

export interface SourceResult { columns: string[]; rows: ReportCell[][]; truncated: boolean }

export interface ReportSource {
  dialect: SqlDialect;
  run(statement: PreparedStatement, limits: RunLimits): Promise<SourceResult>;
}

/** A database refused or stopped the query; the message is safe to show to the report's user. */
export class ReportRunFailure extends Error {}

/** Extra time the client waits beyond the server-side timeout before dropping the connection. */
const CLIENT_GRACE_MS = 3000;

const timeoutText = (limits: RunLimits) => `The report ran longer than ${Math.round(limits.timeoutMs / 1000)} seconds and was stopped.`;

/** The report source for an id, or null when it is not configured on this server. */
export function reportSource(id: number, db: Db, config: ReportsConfig, readerRole: string | null): ReportSource | null {
  if (id === 2) return appDatabaseSource(db, readerRole);
  if (id === 1) return config.redshiftUrl ? postgresUrlSource(config.redshiftUrl) : null;
  if (id === 0) return config.mysqlUrl ? mysqlUrlSource(config.mysqlUrl) : null;
  return null;
}

/**
 * The application database: read-only transaction, and (when it could be set up) the reader role,
 * which only sees an allow-list of tables, so secrets (password hashes, the JWT key) stay out of
 * reach. The statement is wrapped so the row cap is a LIMIT: a wrapped data-modifying WITH or a
 * second statement is a syntax error before it could run.
 */
function appDatabaseSource(db: Db, readerRole: string | null): ReportSource {
  return {
    dialect: 'postgres',
    async run(statement, limits) {
      try {
        return await db.transaction().execute(async (trx) => {
          await sql`set transaction read only`.execute(trx);
          if (readerRole) await sql`set local role ${sql.id(readerRole)}`.execute(trx);
          // PGlite (single-threaded WebAssembly) has no timer to enforce it; PostgreSQL does.
          await sql.raw(`set local statement_timeout = ${Math.floor(limits.timeoutMs)}`).execute(trx);
          const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(
            `select * from (\n${statement.text}) as report_rows limit ${limits.maxRows + 1}`, statement.values));
          const columns = result.rows[0] ? Object.keys(result.rows[0]) : [];
          const rows = result.rows.map((row) => columns.map((c) => toCell(row[c])));
          return capped(columns, rows, limits);
        });
      } catch (error) {
        throw postgresFailure(error, limits);
      }
    },
  };
}

/** An external PostgreSQL-protocol database (Redshift, PostgreSQL) by URL. */
function postgresUrlSource(url: string): ReportSource {
  return {
    dialect: 'postgres',
    async run(statement, limits) {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: 10_000,
        statement_timeout: limits.timeoutMs,
        query_timeout: limits.timeoutMs + CLIENT_GRACE_MS,
      });
      try {
        await client.connect();
        await client.query('begin transaction read only');
        await client.query(`set local statement_timeout = ${Math.floor(limits.timeoutMs)}`);
        const result = await client.query<unknown[]>({
          text: `select * from (\n${statement.text}) as report_rows limit ${limits.maxRows + 1}`,
          values: statement.values,
          rowMode: 'array',
        });
        await client.query('rollback');
        return capped(uniqueNames(result.fields.map((f) => f.name)), result.rows.map((r) => r.map(toCell)), limits);
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
 * transaction, the server's statement time limit (MariaDB max_statement_time, MySQL
 * max_execution_time) and sql_select_limit as the row cap, so ORDER BY is left as written.
 */
function mysqlUrlSource(url: string): ReportSource {
  return {
    dialect: 'mysql',
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
        await conn.query(`set session sql_select_limit = ${limits.maxRows + 1}`);
        await conn.query('set session transaction read only');
        await conn.query('start transaction read only');
        const [rows, fields] = await conn.query<mysql.RowDataPacket[]>({
          sql: statement.text, values: statement.values, rowsAsArray: true, timeout: limits.timeoutMs + CLIENT_GRACE_MS,
        });
        await conn.query('rollback');
        const columns = uniqueNames((fields ?? []).map((f) => f.name));
        return capped(columns, (rows as unknown as unknown[][]).map((r) => r.map(toCell)), limits);
      } catch (error) {
        throw mysqlFailure(error, limits);
      } finally {
        conn?.destroy();
      }
    },
  };
}

function capped(columns: string[], rows: ReportCell[][], limits: RunLimits): SourceResult {
  const truncated = rows.length > limits.maxRows;
  return { columns, rows: truncated ? rows.slice(0, limits.maxRows) : rows, truncated };
}

/** Duplicate column names (select a.x, b.x) get a suffix so every column survives as a key. */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}_${count}`;
  });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Any driver value as a JSON-safe cell: dates as ISO text, bytes as hex, JSON as text. */
export function toCell(value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    // node-postgres reads a `date` as local midnight: give it back as the calendar day it was.
    const midnight = value.getHours() === 0 && value.getMinutes() === 0 && value.getSeconds() === 0 && value.getMilliseconds() === 0;
    return midnight ? `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}` : value.toISOString();
  }
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  return JSON.stringify(value);
}

interface DriverError { code?: string | number; errno?: number; message?: string }

function postgresFailure(error: unknown, limits: RunLimits): ReportRunFailure {
  const e = (error ?? {}) as DriverError;
  if (e.code === '57014' || /query read timeout/i.test(e.message ?? '')) return new ReportRunFailure(timeoutText(limits));
  if (e.code === '25006') return new ReportRunFailure(`A report cannot change data: ${e.message}`);
  return new ReportRunFailure(e.message ?? String(error));
}

function mysqlFailure(error: unknown, limits: RunLimits): ReportRunFailure {
  const e = (error ?? {}) as DriverError;
  // 1969 MariaDB max_statement_time, 3024 MySQL max_execution_time, PROTOCOL_SEQUENCE_TIMEOUT client side.
  if (e.errno === 1969 || e.errno === 3024 || e.code === 'PROTOCOL_SEQUENCE_TIMEOUT') return new ReportRunFailure(timeoutText(limits));
  if (e.errno === 1792) return new ReportRunFailure(`A report cannot change data: ${e.message}`);
  return new ReportRunFailure(e.message ?? String(error));
}
