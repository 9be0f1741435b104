import { z } from 'zod';

/**
 * A request rate (spec 000 §3): a fraction, a list of fractions (period-indexed with the leading
 * period-0 element), or — for CPR and CDR — the name of a user vector. Numbers sent as text are
 * accepted; the range and blank checks with the spec's 'Missing required/valid' messages are the
 * engine's (validateSimulationRequest), so this schema stays permissive on purpose.
 */
export const RequestRate = z.union([
  z.number(),
  z.string().max(200),
  z.array(z.union([z.number(), z.string().max(50), z.null()])).max(1200),
  z.null(),
]).optional();
export type RequestRate = z.infer<typeof RequestRate>;

const MacroPath = z.array(z.number()).max(1200).optional().nullable();

/** POST /simulate and the bond runs (spec 000 §3 "Simulation request"). */
export const SimulationRequestSchema = z.object({
  DealName: z.string().trim().min(1, 'Deal file could not be opened').max(200),
  SettlementDate: z.union([z.number().int(), z.string().regex(/^\d{8}$/, 'SettlementDate must be YYYYMMDD')]).optional().nullable(),
  RunLoanLevel: z.boolean().optional().default(false),
  CleanupCall: z.boolean().optional().default(false),
  UseMortgageInsurance: z.boolean().optional().default(false),
  CollateralGroup: z.number().int().optional().nullable(),
  Cpr: RequestRate,
  Cdr: RequestRate,
  LossSeverity: RequestRate,
  Delinquency: RequestRate,
  Libor: RequestRate,
  PrepaymentModel: z.enum(['UserDefined', 'LDM', 'LDM_3', 'AFT']).optional().nullable(),
  Cancellation: z.boolean().optional(),
  BondName: z.string().max(100).optional().nullable(),
  Mtg30Year: MacroPath, Mtg15Year: MacroPath, Hpa: MacroPath, Hpi: MacroPath,
  NationalUnemploymentForecast: MacroPath, Tsy2Year: MacroPath, Tsy10Year: MacroPath,
  TuneCpr: z.number().positive().max(10).optional().nullable(),
  TuneCdr: z.number().positive().max(10).optional().nullable(),
  TuneSeverity: z.number().positive().max(10).optional().nullable(),
  UserCollateralCashflow: z.unknown().optional(),
  /** A saved scenario's id to run instead of the four vectors (spec 000 §4 selectedScenario). */
  SelectedScenarioId: z.number().int().positive().optional().nullable(),
});
export type SimulationRequestBody = z.infer<typeof SimulationRequestSchema>;

export const SimulationQuery = z.object({
  useShallowResponse: z.enum(['true', 'false']).optional(),
  loanLevel: z.enum(['true', 'false']).optional(),
});

/** POST /simulate/{type}/matrix: a bond over the CPR × CDR grid (spec 001 §9). */
export const MatrixRequestSchema = SimulationRequestSchema.extend({
  BondName: z.string({ error: 'Missing required: Bond' }).trim().min(1, 'Missing required: Bond').max(100),
  /** Matrix axes in PERCENT; default CPR 0..35 step 5 and CDR 0,0.25,0.5,1,1.5,2,2.5,3,5. */
  MatrixCpr: z.array(z.number().min(0).max(99.9999)).max(50).optional(),
  MatrixCdr: z.array(z.number().min(0).max(99.9999)).max(50).optional(),
  /** The quote of the metric: the price for a yield matrix, the yield for a price matrix (fraction). */
  Price: z.number().positive().max(1000).optional().nullable(),
  Yield: z.number().min(-1).max(10).optional().nullable(),
  Spread: z.number().min(-1).max(10).optional().nullable(),
});
export type MatrixRequestBody = z.infer<typeof MatrixRequestSchema>;

export const MatrixType = z.enum(['price', 'yield', 'spread', 'wal']);
export type MatrixType = z.infer<typeof MatrixType>;

/** Matrix response: grids indexed [cdr][cpr] (spec: "by CDR then CPR"). */
export const MatrixResponse = z.object({
  Cpr: z.array(z.number()),
  Cdr: z.array(z.number()),
  Wal: z.array(z.array(z.number().nullable())),
  WritedownPct: z.array(z.array(z.number().nullable())),
  Metric: z.array(z.array(z.number().nullable())).nullable(),
  RunTime: z.number().optional(),
});
export type MatrixResponse = z.infer<typeof MatrixResponse>;
