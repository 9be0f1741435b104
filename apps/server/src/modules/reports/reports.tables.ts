/** Kysely types of the report tables (migrations db/migrations/0008-reports.ts, 0032-report-creator.ts). */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { CalculationTables } from '../../db/calculation-tables.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type ReportsTable = {
  id: Generated<number>;
  name: string;
  source: number;
  query: string;
  historical: ColumnType<string, string | undefined, string>;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  updated_by: number | null;
  /** Who created the report (its owner for the per-user quota); null for the demo reports. */
  created_by: ColumnType<number | null, number | null | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type ReportParametersTable = {
  id: Generated<number>;
  report_id: number;
  ord: number;
  db_name: string;
  name: string;
  type: string;
  sub_type: string | null;
  value: string | null;
  default_value: string | null;
};

export type ReportColumnsTable = {
  id: Generated<number>;
  report_id: number;
  ord: number;
  db_name: string;
  name: string;
  total: boolean;
  data_type: string;
};

export type ReportRunsTable = {
  id: Generated<number>;
  report_id: number | null;
  report_name: string;
  user_id: number | null;
  username: string;
  /** jsonb: written as JSON text, read back parsed. */
  parameters: ColumnType<unknown, string, string>;
  row_count: number | null;
  elapsed_ms: number;
  error: string | null;
  started_at: ColumnType<Date, Date | string, never>;
};

// A type alias (not an interface) so it satisfies withTables' Record constraint.
export type ReportTables = {
  reports: ReportsTable;
  report_parameters: ReportParametersTable;
  report_columns: ReportColumnsTable;
  report_runs: ReportRunsTable;
} & CalculationTables;

export type ReportsDb = Kysely<Database & ReportTables>;

export function reportsDb(db: Db): ReportsDb {
  return db.withTables<ReportTables>();
}
