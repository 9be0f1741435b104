/**
 * The one entry to a report's SQL check: each dialect with its database's own grammar
 * (postgres-report-sql.ts: PostgreSQL's parser; mysql-report-sql.ts: node-sql-parser's MariaDB
 * grammar), the allow-lists in report-allow-lists.ts.
 */
import type { BindValue, SqlDialect } from '@opencrt/contracts';
import { checkMysqlReport, mysqlParameterNames } from './mysql-report-sql.ts';
import { checkPostgresReport, loadPostgresParser, postgresParameterNames } from './postgres-report-sql.ts';
import type { CheckedStatement, RelationRule } from './report-sql-types.ts';

export { ReportSqlError, type CheckedStatement, type RelationRule } from './report-sql-types.ts';
export { loadPostgresParser };

/**
 * Checks a report query for a source and prepares the statement that runs: values bound to
 * placeholders, at most `rowLimit` rows asked of PostgreSQL-protocol sources (MySQL's row cap is
 * the session's sql_select_limit). Throws ReportSqlError naming what is refused and why.
 */
export function checkReportSql(query: string, dialect: SqlDialect, relations: RelationRule, values: ReadonlyMap<string, BindValue>, rowLimit: number): CheckedStatement {
  return dialect === 'mysql' ? checkMysqlReport(query, values) : checkPostgresReport(query, values, relations, rowLimit);
}

/** The query's distinct `@name` parameters as its source's grammar reads them. */
export function reportParameterNames(query: string, dialect: SqlDialect): string[] {
  return dialect === 'mysql' ? mysqlParameterNames(query) : postgresParameterNames(query);
}
