/**
 * Runs a stored report (PUT /report/{id}/run, PUT /report/historical/{id}/run) or one being edited
 * (POST /report/test): checks and converts the parameter values by type, checks the SQL with its
 * source's grammar and allow-lists (sql/), runs it on the source within the timeout, row cap and
 * byte cap, and logs the run (who, which report, parameters, rows, time, error).
 */
import { sql } from 'kysely';
import { parameterEmpty, parameterNotADate, parameterNotWhole, REPORT_DATE_FIRST, REPORT_DATE_LAST, reportSourceName, type BindValue, type Report, type ReportRunResponse, type SqlDialect } from '@opencrt/contracts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import type { ReportsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { Invalid } from '../../http/errors.ts';
import { relationsOf, ReportRunFailure, type ReportSources, type RunLimits } from './report-sources.ts';
import { checkReportSql, ReportSqlError } from './sql/report-sql.ts';
import { reportsDb } from './reports.tables.ts';

export interface ReportRunContext {
  db: Db;
  config: ReportsConfig;
  sources: ReportSources;
  now: () => Date;
}

export interface RunParameterInput { Id?: number | undefined; DbName?: string | undefined; Name?: string | undefined; Value?: string | number | null | undefined }

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Runs the report for the user with the given values; throws Invalid with a message the screen shows. */
export async function runReport(ctx: ReportRunContext, user: AuthUser, report: Report, input: readonly RunParameterInput[]): Promise<ReportRunResponse> {
  const logged: { Name: string; Value: string }[] = [];
  const values = new Map<string, BindValue>();
  for (const parameter of report.Parameters) {
    const given = input.find((v) => v.Id !== undefined && parameter.Id !== undefined && v.Id === parameter.Id)
      ?? input.find((v) => v.DbName !== undefined && v.DbName.toLowerCase() === parameter.DbName.toLowerCase())
      ?? input.find((v) => v.Name !== undefined && v.Name.toLowerCase() === parameter.Name.toLowerCase());
    const raw = given?.Value === null || given?.Value === undefined ? '' : String(given.Value).trim();
    if (raw === '') throw new Invalid(parameterEmpty(parameter.Name));
    values.set(parameter.DbName.toLowerCase(), await bindValue(ctx.db, user, parameter, raw));
    logged.push({ Name: parameter.DbName, Value: raw });
  }

  const source = ctx.sources.source(report.Source ?? 2);
  if (!source) throw new Invalid(`The report source ${reportSourceName(report.Source ?? -1)} is not configured on this server.`);
  const limits: RunLimits = { timeoutMs: ctx.config.timeoutSeconds * 1000, maxRows: ctx.config.maxRows, maxBytes: ctx.config.maxBytes, maxCellChars: ctx.config.maxCellChars };

  const startedAt = ctx.now();
  const started = performance.now();
  const log = (rowCount: number | null, error: string | null) => reportsDb(ctx.db).insertInto('report_runs').values({
    report_id: report.Id || null, report_name: report.Name, user_id: user.id, username: user.username,
    parameters: JSON.stringify(logged), row_count: rowCount, elapsed_ms: Math.round(performance.now() - started), error, started_at: startedAt,
  }).execute();

  let leave: (() => void) | undefined;
  try {
    const statement = checkReportSql(report.Query, source.dialect, source.relations, values, limits.maxRows + 1);
    // At most two reports per user running or waiting (429 beyond); the wait counts toward the timeout.
    leave = ctx.sources.admission.enter(user.id);
    const deadline = Date.now() + limits.timeoutMs;
    const result = await ctx.sources.schedule(report.Source ?? 2, user.id, deadline, limits, (left) => source.run(statement, left));
    const elapsedMs = Math.round(performance.now() - started);
    await log(result.rows.length, null);
    const notices = [
      result.truncatedBy === 'rows' ? `Only the first ${limits.maxRows.toLocaleString('en-US')} rows are shown (the row cap).`
        : result.truncatedBy === 'bytes' ? `The answer was cut at ${megabytes(limits.maxBytes)}: only the first ${result.rows.length.toLocaleString('en-US')} rows are shown.`
          : null,
      result.cellsCut > 0 ? `${result.cellsCut.toLocaleString('en-US')} ${result.cellsCut === 1 ? 'cell was' : 'cells were'} longer than ${megabytes(limits.maxCellChars)} and cut to that length.` : null,
    ].filter((n): n is string => n !== null);
    const notice = notices.length > 0 ? notices.join(' ') : undefined;
    return {
      Columns: result.columns,
      Rows: result.rows.map((row) => Object.fromEntries(result.columns.map((c, i) => [c, row[i] ?? null]))),
      Truncated: result.truncatedBy !== null || result.cellsCut > 0,
      RowCap: limits.maxRows,
      ...(notice ? { Notice: notice } : {}),
      ElapsedMs: elapsedMs,
    };
  } catch (error) {
    if (error instanceof ReportSqlError || error instanceof ReportRunFailure) {
      await log(null, error.message);
      throw new Invalid(error.message);
    }
    await log(null, error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    leave?.();
  }
}

/** Sample values of each parameter type, to check a query as it is saved. */
const SAMPLE: Record<string, BindValue> = { int: 0, date: '2000-01-01', select: 'x' };

/**
 * The SQL check a save runs (the database is not asked): a query its source would refuse is not
 * stored, so it never reaches the consumers. Throws Invalid with the check's message.
 */
export function checkReportForSave(report: Report): void {
  const dialect: SqlDialect = report.Source === 0 ? 'mysql' : 'postgres';
  const relations = relationsOf(report.Source ?? 2);
  const values = new Map<string, BindValue>(report.Parameters.map((p) => [p.DbName.trim().toLowerCase(), SAMPLE[p.Type ?? 'int'] ?? 0]));
  try {
    checkReportSql(report.Query, dialect, relations, values, 1);
  } catch (error) {
    if (error instanceof ReportSqlError) throw new Invalid(error.message);
    throw error;
  }
}

/** A parameter's text value as the typed value bound into the query (spec 002 parameter types). */
async function bindValue(db: Db, user: AuthUser, parameter: Report['Parameters'][number], raw: string): Promise<BindValue> {
  const name = parameter.Name;
  if (parameter.Type === 'int' || (parameter.Type === 'select' && parameter.SubType === 'calculations')) {
    if (!/^-?\d{1,15}$/.test(raw)) throw new Invalid(parameterNotWhole(name));
    const value = Number(raw);
    if (parameter.Type === 'select') {
      const found = await reportsDb(db).selectFrom('portfolio_calculations').select('id').where('id', '=', value).executeTakeFirst();
      if (!found) throw new Invalid(`Parameter ${name}: calculation ${value} was not found.`);
    }
    return value;
  }
  if (parameter.Type === 'date') {
    const iso = parseDate(raw);
    if (!iso) throw new Invalid(parameterNotADate(name));
    return iso;
  }
  if (parameter.Type === 'select' && parameter.SubType === 'deals') {
    if (raw.length > 100) throw new Invalid(`Parameter ${name}: no such deal.`);
    // Users see only their deals; the report must not become a way around that.
    const found = rolesGrant(user.roles, 'admin')
      ? await sql`select 1 from deals where deal_name = ${raw}`.execute(db)
      : await sql`select 1 from user_deals where user_id = ${user.id} and deal_name = ${raw}`.execute(db);
    if (found.rows.length === 0) throw new Invalid(`Parameter ${name}: deal ${raw} was not found.`);
    return raw;
  }
  throw new Invalid(`Parameter ${name} has no type.`);
}

/** YYYY-MM-DD, YYYYMMDD or MM/DD/YYYY as an ISO calendar date from 1900 to 2100, or null. */
export function parseDate(raw: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  let y: number, mo: number, d: number;
  if (m) { y = Number(m[1]); mo = Number(m[2]); d = Number(m[3]); } else {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
    if (!m) return null;
    mo = Number(m[1]); d = Number(m[2]); y = Number(m[3]);
  }
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  const iso = date.toISOString().slice(0, 10);
  // Outside the app's dates a report runs on nothing (9999-12-31 answered no rows, as if there were none).
  return iso < REPORT_DATE_FIRST || iso > REPORT_DATE_LAST ? null : iso;
}
