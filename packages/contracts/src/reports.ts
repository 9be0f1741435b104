/**
 * Stored SQL reports (spec 002 "Report management", "Reports", entities Report, Report parameter,
 * Report column, Calculation; spec 000 historical report 'Deal Historical').
 * The same validation (reportIssues) runs in the editor, which highlights rows, and on the server.
 */
import { z } from 'zod';

/** Report sources (spec 002 §9: 0 MySQL, 1 RedShift); 2 is this application's own database. */
export const REPORT_SOURCES = [
  { Id: 0, Name: 'MySQL' },
  { Id: 1, Name: 'RedShift' },
  { Id: 2, Name: 'Application' },
] as const;
export const ReportSourceId = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type ReportSourceId = z.infer<typeof ReportSourceId>;
export const reportSourceName = (id: number): string => REPORT_SOURCES.find((s) => s.Id === id)?.Name ?? String(id);

export const REPORT_PARAMETER_TYPES = ['int', 'date', 'select'] as const;
export const REPORT_PARAMETER_SUBTYPES = ['calculations', 'deals'] as const;
/** Where a report also appears: deal screens (with the deal parameter) or bond screens. */
export const REPORT_HISTORICAL_KINDS = ['None', 'Deal', 'Bond'] as const;

/** Column formats (spec 002 entity Report column, DataType). */
export const REPORT_DATA_TYPES = [
  { Id: 'Auto', Label: 'Auto' },
  { Id: 'StringLeft', Label: 'String (left)' },
  { Id: 'StringRight', Label: 'String (right)' },
  { Id: 'StringCenter', Label: 'String (center)' },
  { Id: 'Integer', Label: 'Number (simple integer)' },
  { Id: 'Number2', Label: 'Number (commas, 2 decimals)' },
  { Id: 'Number4', Label: 'Number (commas, 4 decimals)' },
  { Id: 'Percent4', Label: 'Percent (4 decimals)' },
  { Id: 'DateShort', Label: 'Date (short)' },
  { Id: 'DateTime', Label: 'Date time' },
] as const;
export type ReportDataType = (typeof REPORT_DATA_TYPES)[number]['Id'];
const dataTypeIds = REPORT_DATA_TYPES.map((d) => d.Id) as [ReportDataType, ...ReportDataType[]];

/** A parameter or column name as it appears in SQL: `@name` / a select alias. */
const DB_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

const text = (max: number) => z.string().max(max);

export const ReportParameterSchema = z.object({
  Id: z.number().int().min(0).max(2_147_483_647).optional(),
  Order: z.number().int().min(0).max(1000),
  DbName: text(64),
  Name: text(200),
  Type: z.enum(REPORT_PARAMETER_TYPES).nullable(),
  SubType: z.enum(REPORT_PARAMETER_SUBTYPES).nullable().optional().transform((v) => v ?? null),
  /** The value Test Query runs with (kept with the report for the editor). */
  Value: text(200).nullable().optional().transform((v) => v ?? null),
  DefaultValue: text(200).nullable().optional().transform((v) => v ?? null),
  ReportId: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type ReportParameter = z.output<typeof ReportParameterSchema>;

export const ReportColumnSchema = z.object({
  Order: z.number().int().min(0).max(1000),
  DbName: text(128),
  Name: text(200),
  Total: z.boolean(),
  DataType: z.enum(dataTypeIds).nullable(),
  ReportId: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type ReportColumn = z.output<typeof ReportColumnSchema>;

/** POST /report/{id} body and GET /report/{id} answer. */
export const ReportSchema = z.object({
  Id: z.number().int().min(0).max(2_147_483_647),
  Name: text(200),
  Source: ReportSourceId.nullable(),
  Query: text(100_000),
  Historical: z.enum(REPORT_HISTORICAL_KINDS).optional().default('None'),
  Parameters: z.array(ReportParameterSchema).max(50),
  Columns: z.array(ReportColumnSchema).max(300),
});
export type Report = z.output<typeof ReportSchema>;

/** A report as answered: the same fields without input defaults or transforms (the serializer needs plain types). */
export const ReportOutSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Source: ReportSourceId.nullable(),
  Query: z.string(),
  Historical: z.enum(REPORT_HISTORICAL_KINDS),
  Parameters: z.array(z.object({
    Id: z.number().int().optional(), Order: z.number().int(), DbName: z.string(), Name: z.string(),
    Type: z.enum(REPORT_PARAMETER_TYPES).nullable(), SubType: z.enum(REPORT_PARAMETER_SUBTYPES).nullable(),
    Value: z.string().nullable(), DefaultValue: z.string().nullable(), ReportId: z.number().int().optional(),
  })),
  Columns: z.array(z.object({
    Order: z.number().int(), DbName: z.string(), Name: z.string(), Total: z.boolean(),
    DataType: z.enum(dataTypeIds).nullable(), ReportId: z.number().int().optional(),
  })),
});
export type ReportInput = z.input<typeof ReportSchema>;

export const ReportListItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Source: z.number().int(),
  SourceName: z.string(),
  Historical: z.enum(REPORT_HISTORICAL_KINDS),
});
export type ReportListItem = z.infer<typeof ReportListItemSchema>;
export const ReportListSchema = z.array(ReportListItemSchema);

export const ReportIdParamsSchema = z.object({ id: z.coerce.number().int().min(0).max(2_147_483_647) });

/** PUT /report/{id}/run body: the parameter values (matched by Id, else DbName, else Name). */
export const ReportRunParameterSchema = z.object({
  Id: z.number().int().min(0).max(2_147_483_647).optional(),
  DbName: text(64).optional(),
  Name: text(200).optional(),
  Value: z.union([text(200), z.number().min(-1e15).max(1e15)]).nullable().optional(),
});
export const ReportRunRequestSchema = z.array(ReportRunParameterSchema).max(50);
export type ReportRunRequest = z.input<typeof ReportRunRequestSchema>;

/**
 * POST /report/test body (Test Query, Admin): a report as edited, not yet saved, and the test
 * values. The server checks and runs it; the editor saves it only when the run succeeded.
 */
export const ReportTestRequestSchema = z.object({ Report: ReportSchema, Values: ReportRunRequestSchema });
export type ReportTestRequest = z.input<typeof ReportTestRequestSchema>;

export const ReportCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof ReportCellSchema>;

export const ReportRunResponseSchema = z.object({
  /** Column names in the order the query returned them. */
  Columns: z.array(z.string()),
  Rows: z.array(z.record(z.string(), ReportCellSchema)),
  /** True when the query had more rows than the server's row cap (only the first ones are sent). */
  Truncated: z.boolean(),
  RowCap: z.number().int(),
  /** Why the answer was cut (the row cap or the byte cap), in words the screen shows; absent when whole. */
  Notice: z.string().optional(),
  ElapsedMs: z.number().int(),
});
export type ReportRunResponse = z.infer<typeof ReportRunResponseSchema>;

/** GET /report/calculations item (spec 002 entity Calculation) plus its id, which a select parameter binds. */
export const ReportCalculationSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  PortfolioName: z.string(),
  SettlementDate: z.string(),
  EarlyCall: z.boolean(),
});
export const ReportCalculationListSchema = z.array(ReportCalculationSchema);
export type ReportCalculation = z.infer<typeof ReportCalculationSchema>;

// --- messages (spec 002 §5, §8) ---
export const FIELD_REQUIRED = 'Field is required';
export const REPORT_EXECUTED = 'Report is executed successfully';
export const REPORT_EXECUTED_NO_ROWS = 'Report is executed successfully, BUT NO RECORDS were RETURNED.';
export const REPORT_NOT_EXECUTED = 'Report is not executed';
export const REPORT_MODIFIED_DISCARD = 'Current Model is modified. Discard changes?';
export const parameterEmpty = (parameter: string): string => `Parameter ${parameter} is empty`;
/** Date parameters span the app's dates (common MIN_DATE..MAX_DATE): 9999-12-31 ran and answered no rows. */
export const REPORT_DATE_FIRST = '1900-01-01';
export const REPORT_DATE_LAST = '2100-12-31';
export const parameterNotWhole = (parameter: string): string => `Parameter ${parameter} must be a whole number.`;
export const parameterNotADate = (parameter: string): string => `Parameter ${parameter} must be a date from 01/01/1900 to 12/31/2100 (YYYY-MM-DD, YYYYMMDD or MM/DD/YYYY).`;
export const reportNotFound = (id: number): string => `Report ${id} was not found.`;

export interface ReportIssue {
  model: 'Report' | 'Parameter' | 'Column';
  /** Row index in Parameters / Columns (absent for the report itself). */
  index?: number;
  field: string;
  message: string;
}

export const formatReportIssue = (issue: ReportIssue): string =>
  `Error in "${issue.model}", field "${issue.field}": ${issue.message}`;

const blank = (v: string | null | undefined): boolean => v === null || v === undefined || v.trim() === '';

/**
 * Save validation (spec 002 §5): Name, Query and Source required; each column Name, DbName,
 * DataType; each parameter Name, DbName, Type. Also: DbNames must be SQL names (a parameter's is
 * what follows `@`) and unique, and a select parameter needs its subtype.
 */
export function reportIssues(report: {
  Name: string; Query: string; Source: number | null;
  Parameters: readonly { DbName: string; Name: string; Type: string | null; SubType?: string | null }[];
  Columns: readonly { DbName: string; Name: string; DataType: string | null }[];
}): ReportIssue[] {
  const issues: ReportIssue[] = [];
  if (blank(report.Name)) issues.push({ model: 'Report', field: 'Name', message: FIELD_REQUIRED });
  if (blank(report.Query)) issues.push({ model: 'Report', field: 'Query', message: FIELD_REQUIRED });
  if (report.Source === null || report.Source === undefined) issues.push({ model: 'Report', field: 'Source', message: FIELD_REQUIRED });
  const seenParams = new Set<string>();
  report.Parameters.forEach((p, index) => {
    if (blank(p.Name)) issues.push({ model: 'Parameter', index, field: 'Name', message: FIELD_REQUIRED });
    if (blank(p.DbName)) issues.push({ model: 'Parameter', index, field: 'DbName', message: FIELD_REQUIRED });
    else if (!DB_NAME_PATTERN.test(p.DbName)) issues.push({ model: 'Parameter', index, field: 'DbName', message: 'Use letters, digits and _ (the name after @ in the query)' });
    else if (seenParams.has(p.DbName.toLowerCase())) issues.push({ model: 'Parameter', index, field: 'DbName', message: 'Duplicate parameter' });
    seenParams.add(p.DbName.toLowerCase());
    if (blank(p.Type)) issues.push({ model: 'Parameter', index, field: 'Type', message: FIELD_REQUIRED });
    else if (p.Type === 'select' && blank(p.SubType)) issues.push({ model: 'Parameter', index, field: 'SubType', message: FIELD_REQUIRED });
  });
  report.Columns.forEach((c, index) => {
    if (blank(c.Name)) issues.push({ model: 'Column', index, field: 'Name', message: FIELD_REQUIRED });
    if (blank(c.DbName)) issues.push({ model: 'Column', index, field: 'DbName', message: FIELD_REQUIRED });
    if (blank(c.DataType)) issues.push({ model: 'Column', index, field: 'DataType', message: FIELD_REQUIRED });
  });
  return issues;
}

/** Historical reports (spec 000 §7): list item and run body (the deal, and for bond reports the bond). */
export const HistoricalReportRunRequestSchema = ReportRunRequestSchema;

/**
 * GET /report/sources (Admin): each report source's state. `ok`: reports run on it; `refused`: its
 * account has more rights than a report account may (Message names the privilege); `unreachable`:
 * the account could not be checked (Message says why); `not configured`; `unavailable` (source 2 on
 * PostgreSQL without a reports login role).
 */
export const REPORT_SOURCE_STATES = ['ok', 'refused', 'unreachable', 'not configured', 'unavailable'] as const;
export const ReportSourceStatusSchema = z.object({
  Source: ReportSourceId,
  SourceName: z.string().max(40),
  State: z.enum(REPORT_SOURCE_STATES),
  Message: z.string().max(2000),
});
export type ReportSourceStatus = z.infer<typeof ReportSourceStatusSchema>;
export const ReportSourceStatusListSchema = z.array(ReportSourceStatusSchema).max(REPORT_SOURCES.length);
