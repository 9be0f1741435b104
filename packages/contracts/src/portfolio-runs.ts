/**
 * Portfolio runs (spec 002 §3 "Portfolio run response", §7 "Run portfolio", "Save portfolio
 * analysis", Options bit mask, §8 vendor grid messages). A portfolio line is one entry run under
 * one scenario; the grid is lines × scenarios.
 */
import { z } from 'zod';
import { IdSchema, MAX_AMOUNT, MAX_DATE, MIN_DATE, boundedInt, boundedNumber } from './common.ts';
import { isCalendarYyyymmdd } from './deals.ts';
import { IndexCurveInput, IndexRateInput, RequestRate, rateDescription } from './simulation.ts';
import { PrerunCashflowSchema, UserCashflowLabelSchema } from './user-cashflows.ts';
import { InsuranceYieldSchema, LineMetricsSchema } from './acis-cirt.ts';

const Ymd = z.union([boundedInt(MIN_DATE, MAX_DATE), z.string().regex(/^\d{8}$/, 'SettlementDate must be YYYYMMDD')])
  .transform((v) => Number(v)).refine((v) => v >= 19000101 && v <= 21001231, 'SettlementDate must be YYYYMMDD')
  // 02/31/2026 passed as a number in range and failed every line of the run ('Line 1, Scneario
  // Baseline: SettlementDate must be a calendar date'); one field, one 400 (issue 23).
  .refine(isCalendarYyyymmdd, 'SettlementDate must be a calendar date (YYYYMMDD)');
/** Dollars, or a fraction for Margin and InterestRate: never negative, never astronomical. */
const Amount = z.union([boundedNumber(0, MAX_AMOUNT), z.string().max(50)]);

/** Run-entry payload (spec 002 §7): rates are fractions, vectors in the simulation request convention. */
export const PortfolioRunEntrySchema = z.object({
  OrdinalNumber: z.number().int().min(1).max(10_000),
  DealName: z.string().max(100).nullable().optional().transform((v) => (v ?? '').trim()),
  BondName: z.string().max(100).nullable().optional().transform((v) => (v ?? '').trim()),
  /** Initial Limit (Reinsurance) or face (Bonds), dollars; thousands separators accepted. */
  OwnedFaceAmt: Amount,
  /** Collateral % / 100 (Reinsurance). */
  Margin: Amount.nullable().optional().describe('Collateral (Reinsurance), a FRACTION of the limit from 0 to 1 (20 % = 0.2).'),
  /** Trust-account interest % / 100 (Reinsurance). */
  InterestRate: Amount.nullable().optional().describe('Trust-account interest rate (Reinsurance), a FRACTION from 0 to 1 (1 % = 0.01).'),
  /** Price per 100 of face (Bonds). */
  Price: z.number().finite().min(0).max(1000).nullable().optional().describe('Price (Bonds), PERCENT of face (100 = par), 0 to 1,000.'),
  Balance: boundedNumber(0, MAX_AMOUNT).nullable().optional(),
  Cancellation: z.boolean().nullable().optional(),
  CancellationDate: z.union([boundedInt(190001, MAX_DATE), z.string().regex(/^\d{6}(\d{2})?$/)]).nullable().optional(),
  CleanupCall: z.boolean().nullable().optional(),
  ModPct: boundedNumber(0, 100).nullable().optional(),
  SettlementDateMonthsBackAdjustment: z.number().int().min(0).max(12).optional(),
  Cpr: RequestRate.describe(rateDescription('CPR', '0.999999', '10 % = 0.1', true)),
  Cdr: RequestRate.describe(rateDescription('CDR', '0.999999', '0.5 % = 0.005', true)),
  LossSeverity: RequestRate.describe(rateDescription('Loss severity', '1', '25 % = 0.25')),
  Delinquency: RequestRate.describe(rateDescription('Delinquency', '1', '2 % = 0.02')),
  Libor: IndexRateInput,
  IndexCurve: IndexCurveInput,
  /** A saved scenario replacing the four vectors. */
  SelectedScenarioId: IdSchema.nullable().optional(),
  /** A prerun collateral cashflow (spec 002 "either UserCollateralCashflow or Cpr, Cdr, …"): replaces the speeds. */
  UserCollateralCashflow: PrerunCashflowSchema.nullable().optional(),
  /** Or the label ('Deal / Month / Scenario[ / Vendor]') of one of the caller's saved cashflows, looked up on the server. */
  UserCashflowLabel: UserCashflowLabelSchema.nullable().optional(),
});
export type PortfolioRunEntry = z.input<typeof PortfolioRunEntrySchema>;

export const PortfolioRunRequestSchema = z.object({
  SettlementDate: Ymd,
  /** Reinsurance or Bonds (checked against each entry's deal). */
  PortfolioType: z.enum(['Reinsurance', 'Bonds']).optional(),
  Entries: z.array(PortfolioRunEntrySchema).min(1, 'The portfolio has no entries.').max(500),
});
export type PortfolioRunRequest = z.input<typeof PortfolioRunRequestSchema>;

export const BondRowSchema = z.object({
  Period: z.number(), PaymentDate: z.number().describe('Payment date as a YYYYMMDD number (spec 000 §9 API dates); period 1 is the first payment date after the settlement.'), Balance: z.number(), Interest: z.number(), Principal: z.number(), Rate: z.number(),
  Cash: z.number(), ActualWriteDown: z.number(), CprRate: z.number(), CdrRate: z.number(), LossSeverityRate: z.number(), DelinquencyRate: z.number(),
});
export type BondRow = z.infer<typeof BondRowSchema>;

/** One line of a run response (spec 002 "Response entry"). */
export const PortfolioRunEntryResultSchema = z.object({
  OrdinalNumber: z.number().int(),
  DealName: z.string(),
  BondName: z.string(),
  Kind: z.enum(['ACIS', 'CIRT', 'Bond']),
  OwnedFaceAmt: z.number(),
  ProjectedLosses: z.number(),
  OriginalBalance: z.number(),
  CurrentBalance: z.number(),
  Yield: InsuranceYieldSchema,
  Spread: InsuranceYieldSchema,
  LineMetrics: LineMetricsSchema,
  Characteristics: z.object({ Wal: z.number(), WritedownPct: z.number() }),
  /** Reference-pool loss over the projection, percent of the pool at the settlement date. */
  CollateralLossesPct: z.number().nullable(),
});
export type PortfolioRunEntryResult = z.infer<typeof PortfolioRunEntryResultSchema>;

const SumsSchema = z.record(z.string(), z.number());

/** One family's (or the total's) part of the answer. */
export const PortfolioPartSchema = z.object({
  PortfolioEntries: z.array(PortfolioRunEntryResultSchema),
  /** Insurance rows (ACIS, CIRT), bond rows (Bond), or {Period, PaymentDate, Balance, Cash, Losses} (Total). */
  PortfolioCashflow: z.array(z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])))
    .describe('Rows by payment month. PaymentDate: ISO text YYYY-MM-DD in insurance rows, a YYYYMMDD number in bond and total rows. No period is dated before period 0; period 1 of bond rows is the first payment date after the settlement.'),
  PortfolioCashflowTotals: SumsSchema,
  LineMetrics: LineMetricsSchema,
  MiscVariables: z.object({
    Yield: InsuranceYieldSchema,
    OwnedFaceAmt: z.number(),
    CurrentBalance: z.number(),
    ProjectedLosses: z.number(),
    Wal: z.number(),
    WritedownPct: z.number(),
  }),
});
export type PortfolioPart = z.infer<typeof PortfolioPartSchema>;

export const PortfolioRunResponseSchema = z.object({
  TotalOwnedFaceAmt: z.number(),
  AcisPortfolio: PortfolioPartSchema.nullable(),
  CirtPortfolio: PortfolioPartSchema.nullable(),
  BondPortfolio: PortfolioPartSchema.nullable(),
  TotalPortfolio: PortfolioPartSchema,
});
export type PortfolioRunResponse = z.infer<typeof PortfolioRunResponseSchema>;

/** Silent yield/spread failures (spec 002 §5): the cell shows '-----'. */
export const SILENT_METRIC_FAILURES = [
  "Can't compute Yield.", 'Too many tries in Yield calculation.', 'Guess is too negative in Yield calculation.',
  "Can't compute Spread.", 'Too many tries in Spread calculation.',
] as const;
export const isSilentMetricFailure = (message: string | null | undefined): boolean =>
  !!message && (SILENT_METRIC_FAILURES as readonly string[]).includes(message);

/** A fraction field's refusal, with the unit (issue 23 #5): "must be a fraction from 0 to 1 (5 % is 0.05)". */
const FRACTION_RANGE = (_field: string, min: number, max: number): string => `must be a fraction from ${min} to ${max} (5 % is 0.05)`;

/** The grid and the save call share these settings (spec 002 §7 "Save portfolio analysis"). */
export const PortfolioGridRequestSchema = z.object({
  PortfolioId: IdSchema,
  SettlementDate: Ymd,
  /** '' / 'All' every vendor; 'Default' not vendor specific; else that vendor. */
  Vendor: z.string().max(200).optional().default(''),
  /** Generic scenarios (the '' key) for every entry instead of the deal's own. */
  UseGenericScenarios: z.boolean().optional().default(false),
  /** Trust-account interest % / 100 for Reinsurance lines (the grid's interest rate). */
  InterestRate: z.number().finite().min(0, FRACTION_RANGE('InterestRate', 0, 1)).max(1, FRACTION_RANGE('InterestRate', 0, 1)).optional().default(0)
    .describe('Trust-account interest rate of Reinsurance lines, a FRACTION from 0 to 1 (1 % = 0.01).'),
  /** Index % / 100 for Bonds lines. */
  Libor: z.number().finite().min(-0.1, FRACTION_RANGE('Libor', -0.1, 1)).max(1, FRACTION_RANGE('Libor', -0.1, 1)).optional().default(0)
    .describe('Index rate of Bonds lines, a FRACTION from -0.1 to 1 (4 % = 0.04).'),
  EarlyCall: z.boolean().optional().default(false),
  ScenarioNames: z.array(z.string().min(1).max(200)).min(1, 'Choose at least one scenario.').max(200),
  /** Vendor of each column (same order as ScenarioNames; null = not vendor specific). */
  ScenarioVendors: z.array(z.string().max(200).nullable()).max(200).optional(),
  /**
   * A column that is one of the caller's collateral cashflows (same order as ScenarioNames; null =
   * a saved scenario): its deal's entries run on the uploaded rows, other deals' are Missing scenario.
   */
  ScenarioCashflowLabels: z.array(UserCashflowLabelSchema.nullable()).max(200).optional(),
  SettlementDateMonthsBackAdjustment: z.number().int().min(0).max(12).optional(),
});
export type PortfolioGridRequest = z.input<typeof PortfolioGridRequestSchema>;

/** Save-analysis Options (spec 002 §7): bit 1 save to the database (admins), bit 2 CSV download. */
export const SAVE_OPTION_DATABASE = 1;
export const SAVE_OPTION_CSV = 2;
export const PortfolioSaveRequestSchema = PortfolioGridRequestSchema.extend({
  Options: z.number().int().min(1, 'Options must ask to save or export.').max(3),
});
export type PortfolioSaveRequest = z.input<typeof PortfolioSaveRequestSchema>;
export const PortfolioSaveResponseSchema = z.object({ CalculationId: z.number().int(), Name: z.string() });

/** A grid cell's outcome: metrics, 'Missing scenario', or an error message. */
export const GridCellSchema = z.object({
  OrdinalNumber: z.number().int(),
  ScenarioName: z.string(),
  Vendor: z.string().nullable(),
  Missing: z.boolean(),
  Error: z.string().nullable(),
  Yield: z.number().nullable(),
  YieldError: z.string().nullable(),
  RateOnLine: z.number().nullable(),
  LossOnLine: z.number().nullable(),
  ReturnOnLine: z.number().nullable(),
  CollateralLossesPct: z.number().nullable(),
  Wal: z.number().nullable(),
  WritedownPct: z.number().nullable(),
  Spread: z.number().nullable(),
  /** The entry's balance (bonds) or remaining limit (insurance) at the settlement date: the grid's Current column. */
  CurrentBalance: z.number().nullable().optional(),
  /** Set in a user-cashflow column (the request's ScenarioCashflowLabels): the cashflow's label. */
  UserCashflowLabel: z.string().nullable().optional(),
});
export type GridCell = z.infer<typeof GridCellSchema>;
export const MISSING_SCENARIO = 'Missing scenario';
/** Vendor grid run error (spelling as the spec gives it). */
export const gridRunError = (ordinal: number, scenario: string, text: string): string => `Line ${ordinal}, Scneario ${scenario}: ${text}`;

/** NDJSON lines of POST /simulate/portfolio/grid (the run service's stream-batch protocol). */
export type GridEvent =
  | { type: 'piece'; index: number; done: number; total: number; ok: true; value: GridCell }
  | { type: 'piece'; index: number; done: number; total: number; ok: false; Message: string }
  | { type: 'done'; total: number; failed: number; summary: { Lines: number; Scenarios: string[]; Fixed: GridCell[] } }
  | { type: 'error'; Message: string };
