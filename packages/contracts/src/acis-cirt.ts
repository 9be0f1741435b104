import { z } from 'zod';
import { MAX_AMOUNT, MAX_DATE, boundedInt, boundedNumber } from './common.ts';
import { IndexRateInput, MATRIX_AXIS, SimulationRequestSchema } from './simulation.ts';

/**
 * ACIS and CIRT runs (spec 001 §3.5–§3.8, §7). The request is the simulation request plus the
 * reinsurance settings; amounts may arrive as text with thousands separators (spec 001 §5.2),
 * so these fields stay permissive and the server checks them with the spec's
 * 'Missing required: …' / 'Missing valid: …' messages (Initial Limit, Collateral, Interest Rate).
 */
const Amount = z.union([boundedNumber(0, MAX_AMOUNT), z.string().max(50), z.null()]).optional();

export const ReinsuranceFields = {
  /** The user's Initial Limit (dollars): their participation at the start of the run. */
  OwnedFaceAmt: Amount.describe('Initial Limit, DOLLARS (thousands separators allowed in text), above 0.'),
  /** Collateral % of the limit, as a fraction (20 % → 0.2). */
  Margin: Amount.describe('Collateral, a FRACTION of the limit from 0 to 1 (20 % = 0.2).'),
  /** Annual interest earned by the collateral trust account, as a fraction. */
  InterestRate: Amount.describe("Collateral trust account's annual interest rate, a FRACTION from 0 to 1 (1 % = 0.01)."),
  /** Cancellation month (YYYYMM, or YYYYMMDD: the day is ignored) used when Cancellation is on; default the optional cancellation date. CIRT: Fannie cancels; ACIS: the call. */
  CancellationDate: z.union([boundedInt(190001, MAX_DATE), z.string().regex(/^\d{6}(\d{2})?$/, 'CancellationDate must be YYYYMM or YYYYMMDD')]).optional().nullable(),
  Libor: IndexRateInput,
};

const MatrixAxes = {
  /** Matrix axes in PERCENT; default CPR 0..35 step 5 and CDR 0,0.25,0.5,1,1.5,2,2.5,3,5. */
  MatrixCpr: z.array(z.number().min(0).max(99.9999)).max(50).optional().describe(MATRIX_AXIS('CPR')),
  MatrixCdr: z.array(z.number().min(0).max(99.9999)).max(50).optional().describe(MATRIX_AXIS('CDR')),
};

/** POST /simulate/acis: one ACIS bond (BondName = the ACIS bond, e.g. 'M-1'). */
export const AcisRequestSchema = SimulationRequestSchema.extend({ ...ReinsuranceFields, BondName: z.string().trim().min(1, 'Bond name is required.').max(100) });
export type AcisRequestBody = z.infer<typeof AcisRequestSchema>;
export const AcisMatrixRequestSchema = AcisRequestSchema.extend(MatrixAxes);
export type AcisMatrixRequestBody = z.infer<typeof AcisMatrixRequestSchema>;

/** POST /simulate/cirt: the deal's insured layer. */
export const CirtRequestSchema = SimulationRequestSchema.extend(ReinsuranceFields);
export type CirtRequestBody = z.infer<typeof CirtRequestSchema>;
export const CirtMatrixRequestSchema = CirtRequestSchema.extend(MatrixAxes);
export type CirtMatrixRequestBody = z.infer<typeof CirtMatrixRequestSchema>;

export const CirtQuery = z.object({ includeHistorical: z.enum(['true', 'false']).optional() });

/** Message of a CIRT single run that failed without a server message (spec 001 §8). */
export const CIRT_RUN_FAILED = 'Failed to generate CIRT cashflow.';

/** Insurance cashflow row (spec 001 §3.8); rates are fractions, Period 0 is the start. */
export const InsuranceRowSchema = z.object({
  Period: z.number(),
  // The spec (001 §3.8) names the field, not its format: insurance rows carry ISO text, the one format of this contract.
  PaymentDate: z.string().describe('Payment date as ISO text YYYY-MM-DD (period 0: the start of the cover, the settlement or CIRT activity date).'),
  RemainingLiability: z.number(), ReductionInLiability: z.number(), InsurerPaidLosses: z.number(), InsurancePremium: z.number(),
  CollateralTrustAccount: z.number(), CollateralAccountChange: z.number(), CollateralAccountInterest: z.number(), NetInsuranceCashflow: z.number(),
  CollateralBalance: z.number(), CollateralLosses: z.number(),
  CprRate: z.number(), CdrRate: z.number(), LossSeverityRate: z.number(), DelinquencyRate: z.number(),
  IsHistorical: z.boolean(),
});
export type InsuranceRowDto = z.infer<typeof InsuranceRowSchema>;

export const InsuranceTotalsSchema = z.object({
  ReductionInLiability: z.number(), InsurerPaidLosses: z.number(), InsurancePremium: z.number(),
  CollateralAccountChange: z.number(), NetInsuranceCashflow: z.number(), CollateralLosses: z.number(),
});

/** Annualised line metrics on limit-years, fractions (RateOnLine − LossOnLine = ReturnOnLine, the margin on line). */
export const LineMetricsSchema = z.object({ RateOnLine: z.number().nullable(), LossOnLine: z.number().nullable(), ReturnOnLine: z.number().nullable() });

/** ROI: Value = 12 × the monthly IRR of NetInsuranceCashflow (a fraction); silent "Can't compute Yield." when undefined. */
export const InsuranceYieldSchema = z.object({ IsSuccessful: z.boolean(), Value: z.number().nullable(), ErrorMessage: z.string().nullable() });

export const AcisResponse = z.object({
  AcisCashflow: z.array(InsuranceRowSchema),
  MiscVariables: z.record(z.string(), z.unknown()),
  Wal: z.number(),
  ReductionInLiabilityWindow: z.string(),
  InsurerPaidLosses: z.number(),
  FirstLossPeriod: z.number().nullable(),
  AcisCashflowTotals: InsuranceTotalsSchema,
  LineMetrics: LineMetricsSchema,
  Yield: InsuranceYieldSchema,
  RunTime: z.number().optional(),
});
export type AcisResponse = z.infer<typeof AcisResponse>;

export const PolicyInformationSchema = z.object({
  LiabilityLimit: z.number(), LiabilityLimitPct: z.number(), RetentionLimit: z.number(), RetentionLimitPct: z.number(),
  InitialCollateral: z.number(), InitialCollateralPct: z.number(), InitialPremium: z.number(), InitialPremiumPct: z.number(),
  Ownership: z.number(), OwnershipPct: z.number(),
});

export const CirtResponse = z.object({
  CirtCashflow: z.array(InsuranceRowSchema),
  MiscVariables: z.record(z.string(), z.unknown()),
  PolicyInformation: PolicyInformationSchema,
  Wal: z.number(),
  LossWindow: z.string(),
  WritedownPct: z.number(),
  FirstLossPeriod: z.number().nullable(),
  CirtCashflowTotals: InsuranceTotalsSchema,
  LineMetrics: LineMetricsSchema,
  Yield: InsuranceYieldSchema,
  RunTime: z.number().optional(),
});
export type CirtResponse = z.infer<typeof CirtResponse>;

const Grid = z.array(z.array(z.number().nullable()));
/** Matrix answer: grids indexed [cdr][cpr] (spec: "by CDR then CPR"); fractions, null = undefined. */
export const ReinsuranceMatrixResponse = z.object({
  Cpr: z.array(z.number()),
  Cdr: z.array(z.number()),
  Yield: Grid,
  LineMetrics: z.object({ RateOnLine: Grid, LossOnLine: Grid, ReturnOnLine: Grid }),
  RunTime: z.number().optional(),
});
export type ReinsuranceMatrixResponse = z.infer<typeof ReinsuranceMatrixResponse>;
