// GET /api/vintages, GET /api/vintages/strats, GET /api/loan-data/files, POST /api/loan-data/uploads (issue 33).
import { z } from 'zod';

const intIn = (name: string, min: number, max: number) =>
  z.coerce.number().int(`${name} must be a whole number between ${min} and ${max}`)
    .min(min, `${name} must be between ${min} and ${max}`).max(max, `${name} must be between ${min} and ${max}`);

/** A comma-separated list of codes in a query string (purpose=P,C), each one of `values`. */
const codeList = (name: string, values: readonly [string, ...string[]]) =>
  z.string().max(200, `${name} is too long`).transform((s) => s.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values, { message: `${name} takes ${values.join(', ')}` })).max(values.length));

const STATE_CODE = /^[A-Z]{2}$/;

/** Filters on the loans' origination attributes (all optional; ranges inclusive). */
export const LoanFilterSchema = z.object({
  source: z.enum(['freddie', 'fannie'], { message: 'source is freddie or fannie' }).optional(),
  referencePool: z.string().trim().min(1).max(40, 'referencePool has at most 40 characters').optional(),
  yearFrom: intIn('yearFrom', 1990, 2100).optional(),
  yearTo: intIn('yearTo', 1990, 2100).optional(),
  ficoMin: intIn('ficoMin', 300, 850).optional(),
  ficoMax: intIn('ficoMax', 300, 850).optional(),
  ltvMin: intIn('ltvMin', 0, 200).optional(),
  ltvMax: intIn('ltvMax', 0, 200).optional(),
  cltvMin: intIn('cltvMin', 0, 200).optional(),
  cltvMax: intIn('cltvMax', 0, 200).optional(),
  dtiMin: intIn('dtiMin', 0, 100).optional(),
  dtiMax: intIn('dtiMax', 0, 100).optional(),
  upbMin: intIn('upbMin', 0, 100_000_000).optional(),
  upbMax: intIn('upbMax', 0, 100_000_000).optional(),
  purpose: codeList('purpose', ['P', 'C', 'N', 'R']).optional(),
  occupancy: codeList('occupancy', ['P', 'S', 'I']).optional(),
  propertyType: codeList('propertyType', ['SF', 'CO', 'PU', 'MH', 'CP']).optional(),
  channel: codeList('channel', ['R', 'B', 'C', 'T']).optional(),
  state: z.string().max(200, 'state is too long').transform((s) => s.split(',').map((v) => v.trim().toUpperCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(STATE_CODE, 'state takes two-letter codes, e.g. CA,TX')).max(60)).optional(),
  firstTimeBuyer: z.enum(['Y', 'N'], { message: 'firstTimeBuyer is Y or N' }).optional(),
  mi: z.enum(['Y', 'N'], { message: 'mi is Y (insured) or N' }).optional(),
  seller: z.string().trim().min(1).max(100, 'seller has at most 100 characters').optional(),
});
export type LoanFilter = z.infer<typeof LoanFilterSchema>;

export const VintageQuerySchema = LoanFilterSchema.extend({
  by: z.enum(['year', 'quarter'], { message: 'by is year or quarter' }).default('year'),
});
export type VintageQuery = z.infer<typeof VintageQuerySchema>;

const pct = z.number().min(-1000).max(1000);
const upb = z.number().min(0).max(1e15);

export const VintageMonthSchema = z.object({
  MonthOnBook: z.number().int().min(0).max(600),
  CumulativeDefaultPct: pct,
  CumulativeNetLossPct: pct,
  Cpr: pct,
  Cdr: pct,
  Dq90PlusPct: pct,
});

export const VintageSchema = z.object({
  Vintage: z.string().max(8),
  Loans: z.number().int().min(0).max(1e9),
  OriginalUpb: upb,
  DefaultedLoans: z.number().int().min(0).max(1e9),
  DefaultedUpb: upb,
  CumulativeDefaultPct: pct,
  CumulativeNetLossPct: pct,
  /** Null when no defaulted loan has been liquidated yet. */
  SeverityPct: pct.nullable(),
  Months: z.array(VintageMonthSchema).max(600),
});
export type Vintage = z.infer<typeof VintageSchema>;
export const VintageListSchema = z.array(VintageSchema).max(500);

export const STRAT_DIMENSIONS = ['fico', 'ltv', 'cltv', 'dti', 'loanSize', 'purpose', 'occupancy', 'propertyType', 'channel', 'state', 'firstTimeBuyer', 'mi', 'seller'] as const;
export const StratQuerySchema = LoanFilterSchema.extend({
  dimension: z.enum(STRAT_DIMENSIONS, { message: `dimension takes ${STRAT_DIMENSIONS.join(', ')}` }).default('fico'),
});
export type StratQuery = z.infer<typeof StratQuerySchema>;

export const StratRowSchema = z.object({
  Bucket: z.string().max(120),
  Loans: z.number().int().min(0).max(1e9),
  OriginalUpb: upb,
  SharePct: pct,
  WaFico: z.number().min(0).max(900).nullable(),
  WaLtv: z.number().min(0).max(1000).nullable(),
  WaDti: z.number().min(0).max(1000).nullable(),
  WaRatePct: z.number().min(0).max(100).nullable(),
  DefaultedUpb: upb,
  CumulativeDefaultPct: pct,
  CumulativeNetLossPct: pct,
  SeverityPct: pct.nullable(),
});
export const StratListSchema = z.array(StratRowSchema).max(200);
export type StratRow = z.infer<typeof StratRowSchema>;

export const GseFileSchema = z.object({
  Name: z.string().max(500),
  Layout: z.enum(['freddie-origination', 'freddie-performance', 'fannie-crt']),
  SizeBytes: z.number().int().min(0).max(1e15),
  Loans: z.number().int().min(0).max(1e10),
  PerformanceRows: z.number().int().min(0).max(1e12),
  RejectedLines: z.number().int().min(0).max(1e12),
  ImportedAt: z.string().max(40),
});
export const GseFileListSchema = z.array(GseFileSchema).max(10_000);

export const ImportProblemSchema = z.object({ File: z.string().max(500), Line: z.number().int().min(0).max(1e12), Field: z.string().max(200), Message: z.string().max(500) });
export const ImportOutcomeSchema = z.object({
  Files: z.number().int().min(0).max(1e6),
  Loans: z.number().int().min(0).max(1e10),
  PerformanceRows: z.number().int().min(0).max(1e12),
  RejectedLines: z.number().int().min(0).max(1e12),
  Skipped: z.array(z.string().max(500)).max(10_000),
  Problems: z.array(ImportProblemSchema).max(100),
});
export type ImportOutcome = z.infer<typeof ImportOutcomeSchema>;

/** An upload's import, polled by the admin screen for its progress bar. */
export const ImportJobSchema = z.object({
  Id: z.string().max(40),
  File: z.string().max(500),
  State: z.enum(['uploading', 'importing', 'done', 'failed']),
  Percent: z.number().min(0).max(100),
  Outcome: ImportOutcomeSchema.nullable(),
  Message: z.string().max(1000).nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;
export const ImportJobParamsSchema = z.object({ id: z.string().regex(/^[a-f0-9]{8,40}$/, 'id is an import job id') });

// GET /api/vintages/backtest, GET /api/vintages/calibrations (issue 33 #5: the model meets the data).
export const BACKTEST_MODELS = ['LDM', 'LDM_3', 'AFT'] as const;
/** A calibration's name: letters, digits, '.', '-' and '_' (it is a key in URLs and on the command line). */
export const CALIBRATION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/;

export const VintageBacktestQuerySchema = LoanFilterSchema.extend({
  vintage: z.string().trim().regex(/^\d{4}(Q[1-4])?$/, 'vintage is an origination year (2007) or quarter (2007Q3)'),
  model: z.enum(BACKTEST_MODELS, { message: `model takes ${BACKTEST_MODELS.join(', ')}` }).default('LDM_3'),
  calibration: z.string().trim().regex(CALIBRATION_NAME, 'calibration is a saved calibration\'s name (letters, digits, . - _; at most 60)').optional(),
  maxLoans: intIn('maxLoans', 100, 50_000).default(20_000),
});
export type VintageBacktestQuery = z.infer<typeof VintageBacktestQuerySchema>;

/** The model's month: the actual curves' definitions, except 90+ delinquency (the model tracks 60+ only). */
export const ModelMonthSchema = VintageMonthSchema.omit({ Dq90PlusPct: true });
export type ModelMonth = z.infer<typeof ModelMonthSchema>;

const tune = z.number().positive().max(10);
/** How far the model's curves lie from the actual ones (points, over the months both have). */
export const FitErrorSchema = z.object({
  Months: z.number().int().min(0).max(600),
  RmseCumulativeDefaultPct: z.number().min(0).max(1000),
  RmseCumulativeNetLossPct: z.number().min(0).max(1000),
  RmseCpr: z.number().min(0).max(1000),
  /** The fit's objective: the three errors, each over the actual curve's own scale, squared and summed. */
  Objective: z.number().min(0).max(1e9),
});
export type FitError = z.infer<typeof FitErrorSchema>;

export const VintageBacktestSchema = z.object({
  Vintage: z.string().max(8),
  Model: z.enum(BACKTEST_MODELS),
  Calibration: z.string().max(60).nullable(),
  TuneCpr: tune,
  TuneCdr: tune,
  TuneSeverity: tune,
  /** Loans in the vintage (after the filters) and the ones the model ran (a seeded sample beyond maxLoans). */
  PopulationLoans: z.number().int().min(0).max(1e9),
  ModelLoans: z.number().int().min(0).max(1e9),
  /** Origination cohorts by first payment month, each on the macro path from that month. */
  Cohorts: z.number().int().min(0).max(600),
  MacroPath: z.string().max(200),
  CumulativeDefaultPct: pct,
  CumulativeNetLossPct: pct,
  SeverityPct: pct.nullable(),
  Months: z.array(ModelMonthSchema).max(600),
  /** Against the vintage's actual curves (GET /api/vintages with the same filters). */
  Error: FitErrorSchema,
  /** Why the model's months stop before the actual ones (the macro path ends), or null. */
  Note: z.string().max(500).nullable(),
});
export type VintageBacktest = z.infer<typeof VintageBacktestSchema>;

/** A model calibration fitted to an imported population (`npm run model:fit -- --population … --save NAME`). */
export const ModelCalibrationSchema = z.object({
  Name: z.string().max(60),
  Model: z.enum(BACKTEST_MODELS),
  TuneCpr: tune,
  TuneCdr: tune,
  TuneSeverity: tune,
  /** The population's filters (query-string form) and vintages it was fitted on. */
  Population: z.string().max(2000),
  Vintages: z.array(z.string().max(8)).max(500),
  Loans: z.number().int().min(0).max(1e9),
  Error: FitErrorSchema,
  CreatedAt: z.string().max(40),
});
export type ModelCalibration = z.infer<typeof ModelCalibrationSchema>;
export const ModelCalibrationListSchema = z.array(ModelCalibrationSchema).max(1000);
