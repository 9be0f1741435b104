import { SIMULATION_LAYOUTS } from './simulation-columns.ts';
import { z } from 'zod';
import { IdSchema, MAX_DATE, MIN_DATE, boundedInt, boundedNumber } from './common.ts';
import { isCalendarYyyymmdd } from './deals.ts';
import { PrerunCashflowSchema } from './user-cashflows.ts';
import { presetCheckedRate } from './rate-presets.ts';
import { LossTimingFields } from './loss-timing.ts';

/** OpenAPI notes of the standard-curve presets the CPR and CDR fields take (issue 25 #6; checked in rate-presets.ts, expanded by the server). */
const PRESET_NOTE = {
  CPR: ' Or a PSA preset: "150 PSA" (percent of the PSA curve, 0 to 10,000), by each loan\'s age as SIFMA defines it (the pool\'s WALA at settlement; per loan in loan-level runs), or from age 1 at settlement with CurveAge "Settlement".',
  CDR: ' Or an SDA preset: "100 SDA" (percent of the SDA curve, 0 to 10,000), by each loan\'s age as SIFMA defines it (the pool\'s WALA at settlement; per loan in loan-level runs), or from age 1 at settlement with CurveAge "Settlement".',
} as const;

/** How a PSA/SDA preset ages (issue 34 #5): by the loans' own age (SIFMA), or from age 1 at settlement. */
export const CURVE_AGE_BASES = ['LoanAge', 'Settlement'] as const;
export const CurveAgeInput = z.enum(CURVE_AGE_BASES, 'CurveAge must be LoanAge or Settlement.').optional().nullable()
  .describe('Age a "150 PSA" / "100 SDA" preset is read at: "LoanAge" (default; the SIFMA definition: each loan\'s age, the rep line\'s WALA at settlement, per loan in loan-level runs) or "Settlement" (the curve from age 1 in the first period after settlement, as for a new pool).');

/**
 * A request rate (spec 000 §3): a fraction, a list of fractions (period-indexed with the leading
 * period-0 element), or — for CPR and CDR — the name of a user vector. Numbers sent as text are
 * accepted; the range and blank checks with the spec's 'Missing required/valid' messages are the
 * engine's (validateSimulationRequest), so this schema stays permissive on purpose.
 */
export const RequestRate = rateOrVector(-1000, 1000);

/**
 * A RequestRate whose numbers lie in [min, max]: far wider than any sensible rate, so the engine's
 * spec messages still answer a merely wrong value, while 1e308 (Infinity in results) is refused here.
 */
function rateOrVector(min: number, max: number) {
  return z.union([
    boundedNumber(min, max),
    z.string().max(200),
    z.array(z.union([boundedNumber(min, max), z.string().max(50), z.null()])).max(1200),
    z.null(),
  ]).optional();
}

/** The index rate (fraction): a negative SOFR/LIBOR of a few percent has happened, −50 % has not. */
export const IndexRateInput = rateOrVector(-0.1, 1)
  .describe('Index rate (SOFR/LIBOR), a FRACTION from -0.1 to 1 (4 % = 0.04): a number or a period-indexed list with the leading period-0 element.');

/** Index curve bounds (issue 25 #1): fractions, −5 % to 25 %; 1 to 480 monthly rates (40 years). */
export const INDEX_CURVE_MIN = -0.05;
export const INDEX_CURVE_MAX = 0.25;
export const INDEX_CURVE_MAX_PERIODS = 480;
export const INDEX_CURVE_LIMITS = {
  Length: `Index Curve must have 1 to ${INDEX_CURVE_MAX_PERIODS} monthly rates.`,
  Rate: 'Index Curve rates must be from -5% to 25% (fractions -0.05 to 0.25 on the wire).',
} as const;

/**
 * A forward index curve (issue 25 #1): one rate per month, period 1 (the first projected period)
 * first, FRACTIONS. When given it replaces the flat index (Libor) for floater coupons and the
 * discount margin is measured over it; a curve shorter than the run carries its last rate forward.
 */
export const IndexCurveInput = z.array(
  z.number(INDEX_CURVE_LIMITS.Rate).min(INDEX_CURVE_MIN, INDEX_CURVE_LIMITS.Rate).max(INDEX_CURVE_MAX, INDEX_CURVE_LIMITS.Rate),
  INDEX_CURVE_LIMITS.Length,
).min(1, INDEX_CURVE_LIMITS.Length).max(INDEX_CURVE_MAX_PERIODS, INDEX_CURVE_LIMITS.Length).optional().nullable()
  .describe('Forward index curve: monthly index rates (SOFR/LIBOR), FRACTIONS from -0.05 to 0.25 (4 % = 0.04), period 1 first, 1 to 480 entries (no leading period-0 element). Period 1 (IndexCurve[0]) is the first payment date after SettlementDate, also when settlement is on or after the deal’s first payment date; the cashflows and the discount margin both use this alignment. Replaces Libor for floater coupons and the discount margin; a curve shorter than the run extends its last rate.');

/** OpenAPI descriptions of the request rates (issue 23 #5): each says its unit. */
export const rateDescription = (label: string, max: string, example: string, named = false): string =>
  `${label}, a FRACTION from 0 to ${max} (${example}): a number or a period-indexed list with the leading period-0 element${named ? ", or the name of one of the caller's vectors (whose values are percent)" : ''}.`;
export type RequestRate = z.infer<typeof RequestRate>;

/**
 * An economic path of the credit models (fractions: rates 0.045, annual HPI/HPA growth 0.03):
 * a flat value or a period-indexed list with the leading period-0 element, like the vectors.
 */
const MacroPath = z.union([
  z.number().min(-1, 'Economic inputs are fractions between -1 and 1.').max(1, 'Economic inputs are fractions between -1 and 1.'),
  z.array(z.number().min(-1, 'Economic inputs are fractions between -1 and 1.').max(1, 'Economic inputs are fractions between -1 and 1.')).max(1200),
]).optional().nullable();

/** POST /simulate and the bond runs (spec 000 §3 "Simulation request"). */
export const SimulationRequestSchema = z.object({
  DealName: z.string().trim().min(1, 'Deal file could not be opened').max(200),
  SettlementDate: z.union([boundedInt(MIN_DATE, MAX_DATE), z.string().regex(/^\d{8}$/, 'SettlementDate must be YYYYMMDD')])
    .refine((v) => isCalendarYyyymmdd(Number(v)), 'SettlementDate must be a calendar date (YYYYMMDD)')
    // Numbers are range-checked by their branch; text needs the same range here.
    .refine((v) => typeof v === 'number' || (Number(v) >= MIN_DATE && Number(v) <= MAX_DATE), `SettlementDate must be between ${MIN_DATE} and ${MAX_DATE}.`).optional().nullable(),
  RunLoanLevel: z.boolean().optional().default(false),
  CleanupCall: z.boolean().optional().default(false),
  UseMortgageInsurance: z.boolean().optional().default(false),
  /** 0 or absent = every group; deals have a handful of groups at most. */
  CollateralGroup: boundedInt(0, 20).optional().nullable(),
  Cpr: presetCheckedRate(RequestRate, 'CPR').describe(rateDescription('CPR (annual prepayment rate)', '0.999999', '10 % = 0.1', true) + PRESET_NOTE.CPR),
  Cdr: presetCheckedRate(RequestRate, 'CDR').describe(rateDescription('CDR (annual default rate)', '0.999999', '0.5 % = 0.005', true) + PRESET_NOTE.CDR),
  LossSeverity: RequestRate.describe(rateDescription('Loss severity', '1', '25 % = 0.25')),
  Delinquency: RequestRate.describe(rateDescription('Delinquency', '1', '2 % = 0.02')),
  Libor: IndexRateInput,
  IndexCurve: IndexCurveInput,
  PrepaymentModel: z.enum(['UserDefined', 'LDM', 'LDM_3', 'AFT']).optional().nullable(),
  Cancellation: z.boolean().optional(),
  /**
   * How Cpr is read (OpenCRT extension): 'CPR' (default) an annual constant prepayment rate,
   * 'ABS' the auto-ABS speed — monthly prepayments as a share of the original loan count
   * (SIFMA Standard Formulas); an ABS speed is a single value, the first of a vector.
   */
  PrepaymentConvention: z.enum(['CPR', 'ABS']).optional(),
  CurveAge: CurveAgeInput,
  /** A cumulative loss and its timing by year (issue 25 #6): together they replace the CDR. */
  ...LossTimingFields,
  /** Months from default to liquidation (OpenCRT extension; default: the deal's convention). */
  RecoveryLagMonths: z.number().int('Recovery lag must be whole months.').min(0).max(60).optional().nullable(),
  /** Servicer advances P&I of delinquent loans (OpenCRT extension; default: the deal's convention). */
  ServicerAdvancing: z.boolean().optional().nullable(),
  BondName: z.string().max(100).optional().nullable(),
  Mtg30Year: MacroPath, Mtg15Year: MacroPath, Hpa: MacroPath, Hpi: MacroPath,
  NationalUnemploymentForecast: MacroPath, Tsy2Year: MacroPath, Tsy10Year: MacroPath,
  TuneCpr: z.number().positive().max(10).optional().nullable(),
  TuneCdr: z.number().positive().max(10).optional().nullable(),
  TuneSeverity: z.number().positive().max(10).optional().nullable(),
  /** A saved user collateral cashflow to run as prerun collateral (spec 002), replacing the speeds. */
  UserCollateralCashflow: PrerunCashflowSchema.optional().nullable(),
  /** A saved scenario's id to run instead of the four vectors (spec 000 §4 selectedScenario). */
  SelectedScenarioId: IdSchema.optional().nullable(),
});
export type SimulationRequestBody = z.infer<typeof SimulationRequestSchema>;

export const SimulationQuery = z.object({
  useShallowResponse: z.enum(['true', 'false']).optional(),
  loanLevel: z.enum(['true', 'false']).optional(),
  /** POST /simulate only: 'columns' answers the compact layout (simulation-columns.ts); default 'rows'. */
  layout: z.enum(SIMULATION_LAYOUTS).optional(),
});

/** Bond run types: a metric from a quote (spec 001 §3.9); 'wal' = the matrix without a metric. */
export const BondRunType = z.enum(['price', 'yield', 'spread']);
export type BondRunType = z.infer<typeof BondRunType>;
export const MatrixType = z.enum(['price', 'yield', 'spread', 'wal']);
export type MatrixType = z.infer<typeof MatrixType>;

/** Spec 001 §5.1 tab messages (also the server's, so API clients read the same text). */
export const PRICE_TAB_REQUIRED = 'Either Yield or both Spread and Benchmark Rate are required.';
export const YIELD_TAB_REQUIRED = 'Price is required.';
export const SPREAD_TAB_REQUIRED = ' Price and Benchmark Rate are required.';

/**
 * Quote limits in the units the user types (issue 18 #10: not 'Yield: Too big: expected number
 * to be <=10'): rates are fractions on the wire, −1..10, i.e. −100 % to 1,000 %; the price is
 * percent of face, above 0 and at most 1,000. The screens check the same ranges before a run.
 */
export const QUOTE_LIMITS = {
  Price: 'Price must be above 0 and at most 1,000 (percent of face).',
  Yield: 'Yield must be between -100% and 1,000%.',
  Spread: 'Spread must be between -100% and 1,000%.',
  ReferenceCurve: 'Benchmark Rate must be between -100% and 1,000%.',
  DiscountMargin: 'Discount Margin must be between -1,000 and 10,000 bp.',
} as const;

/** Discount margin bounds, basis points (issue 25 #2): −10 % to 100 % over the index. */
export const DM_BP_MIN = -1000;
export const DM_BP_MAX = 10_000;
/** The price tab's message when DM is given for a class that does not float. */
export const dmNotFloatingMessage = (bondName: string): string => `Discount Margin applies to floating-rate classes only: ${bondName} does not float.`;
const quoteRate = (message: string, label: string) => z.number(message).min(-1, message).max(10, message).optional().nullable()
  .describe(`${label}, a FRACTION from -1 to 10 (5 % = 0.05).`);

/**
 * The "spec body" of a bond run (spec 001 §3.9): Yield, ReferenceCurve and Spread for price;
 * Price for yield; Price and ReferenceCurve for spread. Price is percent of face (100 = par);
 * Yield, Spread and ReferenceCurve (the benchmark rate) are fractions.
 */
const QuoteFields = {
  BondName: z.string({ error: 'Missing required: Bond' }).trim().min(1, 'Missing required: Bond').max(100),
  Price: z.number().positive(QUOTE_LIMITS.Price).max(1000, QUOTE_LIMITS.Price).optional().nullable()
    .describe('Price, PERCENT of face (100 = par), above 0 and at most 1,000.'),
  Yield: quoteRate(QUOTE_LIMITS.Yield, 'Yield'),
  Spread: quoteRate(QUOTE_LIMITS.Spread, 'Spread over the benchmark'),
  ReferenceCurve: quoteRate(QUOTE_LIMITS.ReferenceCurve, 'Benchmark rate'),
  /** Price from DM (issue 25 #2): the price tab values a floating class at this discount margin. */
  DiscountMargin: z.number(QUOTE_LIMITS.DiscountMargin).min(DM_BP_MIN, QUOTE_LIMITS.DiscountMargin).max(DM_BP_MAX, QUOTE_LIMITS.DiscountMargin).optional().nullable()
    .describe('Discount margin over the index, BASIS POINTS from -1,000 to 10,000 (150 = 1.5 %); price runs of floating classes only.'),
};

/** POST /simulate/{price|yield|spread}: one bond, one scenario, one metric. */
export const BondRunRequestSchema = SimulationRequestSchema.extend(QuoteFields);
export type BondRunRequestBody = z.infer<typeof BondRunRequestSchema>;

/** OpenAPI description of a matrix axis: PERCENT, unlike the request's rates. */
export const MATRIX_AXIS = (label: string): string => `${label} axis of the matrix, PERCENT from 0 to 99.9999 (10 % = 10).`;

/** POST /simulate/{type}/matrix: a bond over the CPR × CDR grid (spec 001 §9). */
export const MatrixRequestSchema = SimulationRequestSchema.extend({
  ...QuoteFields,
  /** Matrix axes in PERCENT; default CPR 0..35 step 5 and CDR 0,0.25,0.5,1,1.5,2,2.5,3,5. */
  MatrixCpr: z.array(z.number().min(0).max(99.9999)).max(50).optional().describe(MATRIX_AXIS('CPR')),
  MatrixCdr: z.array(z.number().min(0).max(99.9999)).max(50).optional().describe(MATRIX_AXIS('CDR')),
});
export type MatrixRequestBody = z.infer<typeof MatrixRequestSchema>;

/** Matrix response: grids indexed [cdr][cpr] (spec: "by CDR then CPR"); null = no value. */
export const MatrixResponse = z.object({
  Cpr: z.array(z.number()),
  Cdr: z.array(z.number()),
  Wal: z.array(z.array(z.number().nullable())),
  WritedownPct: z.array(z.array(z.number().nullable())),
  Metric: z.array(z.array(z.number().nullable())).nullable(),
  /**
   * Discount margin of a floating-rate class per cell (fraction, over the run's index), at the
   * cell's price: the tab's price (yield and spread matrices) or the price the cell solved (price
   * matrix). Null for a class that does not float and for the WAL matrix; absent from older servers.
   */
  DiscountMargin: z.array(z.array(z.number().nullable())).nullable().optional(),
  /** Server run time in milliseconds (admins only). */
  RunTime: z.number().optional(),
});
export type MatrixResponse = z.infer<typeof MatrixResponse>;

const BondCashflowRowSchema = z.object({
  Period: z.number(), PaymentDate: z.number().describe('Payment date as a YYYYMMDD number (spec 000 §9 API dates); period 1 is the first payment date after the settlement.'), Balance: z.number(), Principal: z.number(), Interest: z.number(), Rate: z.number(),
  Cash: z.number(), ActualWriteDown: z.number(), CprRate: z.number(), CdrRate: z.number(), LossSeverityRate: z.number(), DelinquencyRate: z.number(),
});
export type BondCashflowRowDto = z.infer<typeof BondCashflowRowSchema>;

/** A floating-rate class's discount margin at a price (fractions). */
export const BondDiscountMarginSchema = z.object({
  Margin: z.number(),
  Value: z.number().nullable(),
  IsSuccessful: z.boolean(),
  ErrorMessage: z.string().nullable(),
});
export type BondDiscountMarginDto = z.infer<typeof BondDiscountMarginSchema>;

/** Bond run answer (spec 001 §3.9): Value, IsSuccessful, ErrorMessage and the bond's Simulation. */
export const BondRunResponse = z.object({
  Value: z.number().nullable(),
  IsSuccessful: z.boolean(),
  ErrorMessage: z.string().nullable(),
  Simulation: z.object({
    BondsCashflows: z.array(z.object({
      BondName: z.string(), BondCashflow: z.array(BondCashflowRowSchema), Wal: z.number(), PrincipalWindow: z.string(),
      WritedownPct: z.number(), FirstLossPeriod: z.number(),
    })),
    MiscVariables: z.record(z.string(), z.unknown()),
  }),
  /**
   * Floater conventions (issue 18 #18): the class's quoted Margin over the index and its discount
   * margin (Value) at the run's price, fractions; IsSuccessful false with the solver's message when
   * no DM reproduces the price. Null for a class that does not float; absent from older servers.
   */
  DiscountMargin: BondDiscountMarginSchema.nullable().optional(),
  /**
   * Accrued interest at settlement per 100 of face (issue 25 #3), in the class's day count
   * (AccrualDayCount: act/360 floaters, 30/360 fixed) from the last payment date on or before
   * settlement (the record-date convention: that date's coupon went to the holder of record), over
   * AccrualDays. CleanPrice is the run's price (given, or solved), DirtyPrice = CleanPrice +
   * AccruedInterest. Null when the price could not be computed; absent from older servers.
   */
  AccruedInterest: z.number().nullable().optional(),
  CleanPrice: z.number().nullable().optional(),
  DirtyPrice: z.number().nullable().optional(),
  AccrualDays: z.number().nullable().optional(),
  AccrualDayCount: z.enum(['act/360', '30/360']).nullable().optional(),
  /** Server run time in milliseconds (admins only, spec 001 §2.1). */
  RunTime: z.number().optional(),
});
export type BondRunResponse = z.infer<typeof BondRunResponse>;

/** Yield table limits (issue 25 #4), in the screen's words. */
export const YIELD_TABLE_LIMITS = {
  Scenarios: 'The yield table needs 1 to 20 scenarios.',
  Name: 'Each yield table scenario needs a Name of at most 100 characters.',
  Prices: 'The yield table needs 1 to 20 prices.',
  Price: 'Yield table prices must be above 0 and at most 1,000 (percent of face).',
  DiscountMargins: 'The yield table needs 1 to 20 discount margins.',
  DiscountMargin: 'Yield table discount margins must be between -1,000 and 10,000 bp.',
  OneAxis: 'The yield table needs either Prices or Discount Margins (not both).',
} as const;

/**
 * One row of a yield table: a scenario typed on the screen (CPR, CDR, severity and delinquency as
 * the run request takes them: fractions or period-indexed vectors; CPR/CDR may name a user vector)
 * or a saved scenario (SelectedScenarioId, whose vectors replace the four).
 */
export const YieldTableScenarioSchema = z.object({
  Name: z.string(YIELD_TABLE_LIMITS.Name).trim().min(1, YIELD_TABLE_LIMITS.Name).max(100, YIELD_TABLE_LIMITS.Name),
  Cpr: presetCheckedRate(RequestRate, 'CPR').describe(rateDescription('CPR (annual prepayment rate)', '0.999999', '10 % = 0.1', true) + PRESET_NOTE.CPR),
  Cdr: presetCheckedRate(RequestRate, 'CDR').describe(rateDescription('CDR (annual default rate)', '0.999999', '0.5 % = 0.005', true) + PRESET_NOTE.CDR),
  LossSeverity: RequestRate.describe(rateDescription('Loss severity', '1', '25 % = 0.25')),
  Delinquency: RequestRate.describe(rateDescription('Delinquency', '1', '2 % = 0.02')),
  SelectedScenarioId: IdSchema.optional().nullable(),
  /** This row's forward index curve (else the request's IndexCurve or Libor). */
  IndexCurve: IndexCurveInput,
});
export type YieldTableScenario = z.infer<typeof YieldTableScenarioSchema>;

/**
 * POST /simulate/yield-table (issue 25 #4): the bond inputs, scenarios (rows) and prices or
 * discount margins (columns). Every cell is the single price/yield run of its scenario and column.
 */
export const YieldTableRequestSchema = SimulationRequestSchema.extend({
  BondName: z.string({ error: 'Missing required: Bond' }).trim().min(1, 'Missing required: Bond').max(100),
  Scenarios: z.array(YieldTableScenarioSchema, YIELD_TABLE_LIMITS.Scenarios).min(1, YIELD_TABLE_LIMITS.Scenarios).max(20, YIELD_TABLE_LIMITS.Scenarios),
  Prices: z.array(z.number(YIELD_TABLE_LIMITS.Price).positive(YIELD_TABLE_LIMITS.Price).max(1000, YIELD_TABLE_LIMITS.Price), YIELD_TABLE_LIMITS.Prices)
    .min(1, YIELD_TABLE_LIMITS.Prices).max(20, YIELD_TABLE_LIMITS.Prices).optional().nullable()
    .describe('Column prices, PERCENT of face (100 = par), above 0 and at most 1,000; 1 to 20.'),
  DiscountMargins: z.array(z.number(YIELD_TABLE_LIMITS.DiscountMargin).min(DM_BP_MIN, YIELD_TABLE_LIMITS.DiscountMargin).max(DM_BP_MAX, YIELD_TABLE_LIMITS.DiscountMargin), YIELD_TABLE_LIMITS.DiscountMargins)
    .min(1, YIELD_TABLE_LIMITS.DiscountMargins).max(20, YIELD_TABLE_LIMITS.DiscountMargins).optional().nullable()
    .describe('Column discount margins, BASIS POINTS from -1,000 to 10,000 (floating classes only); 1 to 20. Give Prices or DiscountMargins.'),
});
export type YieldTableRequestBody = z.infer<typeof YieldTableRequestSchema>;

/**
 * One cell: Scenario (its Name), Price (clean, percent of face), Yield (fraction, bond-equivalent),
 * DiscountMargin (basis points; null for a class that does not float), Wal (years), PrincipalWindow,
 * WritedownPct (percent of the balance at settlement) and PrincipalLoss (dollars written down).
 * A metric the solver cannot compute is null.
 */
export const YieldTableCellSchema = z.object({
  Scenario: z.string(),
  Price: z.number().nullable(),
  Yield: z.number().nullable(),
  DiscountMargin: z.number().nullable(),
  Wal: z.number(),
  PrincipalWindow: z.string(),
  WritedownPct: z.number(),
  PrincipalLoss: z.number(),
});
export type YieldTableCell = z.infer<typeof YieldTableCellSchema>;

/** Cells row by row (scenario), column by column (price or DM) within a row. */
export const YieldTableResponse = z.object({
  Cells: z.array(YieldTableCellSchema),
  RunTime: z.number().optional(),
});
export type YieldTableResponse = z.infer<typeof YieldTableResponse>;

/** Most months a credit-model run projects (the engine's horizon cap). */
export const CREDIT_MODEL_MAX_MONTHS = 480;
/** A model vector by projection month (month 1 first, no period-0 element), FRACTIONS from 0 to 1. */
const ModelMonthlyRates = z.array(z.number().min(0).max(1)).max(CREDIT_MODEL_MAX_MONTHS);

/** One run's CPR, CDR and loss severity by month (fractions: 0.12 = 12 %). */
export const CreditModelVectorsSchema = z.object({
  Cpr: ModelMonthlyRates.describe('Annual prepayment rate by month, a FRACTION from 0 to 1, month 1 first.'),
  Cdr: ModelMonthlyRates.describe('Annual default rate (default events, 180 days delinquent) by month, a FRACTION from 0 to 1.'),
  Severity: ModelMonthlyRates.describe('Loss severity of the month\'s default events, a FRACTION from 0 to 1.'),
});
export type CreditModelVectorsDto = z.infer<typeof CreditModelVectorsSchema>;

/**
 * The credit model's own output in a /simulate answer (issue 24; credit-model runs only, absent from
 * shallow answers and older servers): LoanLevel = the vectors the waterfall ran on (the model on
 * each loan of the deal's tape); RepLine = the same inputs on the deal's rep lines carrying the
 * tape's balance-weighted averages (no dispersion), so the two differ where convexity makes them
 * differ. RepLine is null when the deal has no loan tape (the model already ran on its rep lines).
 */
export const CreditModelRunSchema = z.object({
  Model: z.enum(['LDM', 'LDM_3', 'AFT']),
  /** Loans of the tape the loan-level run projected (0 without a tape). */
  Loans: z.number().int().min(0),
  /** Rep lines of the rep-line run. */
  RepLines: z.number().int().min(0),
  LoanLevel: CreditModelVectorsSchema,
  RepLine: CreditModelVectorsSchema.nullable(),
});
export type CreditModelRun = z.infer<typeof CreditModelRunSchema>;
