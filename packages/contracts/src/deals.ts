/**
 * Deal catalog, deal detail and deal/bond/collateral history contracts (spec 000 §3 and §7
 * "Deals", spec 001 §3.1–3.3, spec 002 §3 and §7). Field names are the spec's (PascalCase,
 * as the client reads them). Dates in the API are YYYYMMDD numbers; money is dollars exact to
 * the cent; fields ending in `Pct` are percent.
 */
import type { ExportKind } from './export-format.ts';
import { z } from 'zod';
import { MAX_DATE, MIN_DATE } from './common.ts';

/** YYYYMMDD as a number. 101 (= 01/01/0000) means "no date" and displays as dashes. */
export const YyyymmddSchema = z.number().int().min(101).max(99991231);
export type Yyyymmdd = z.infer<typeof YyyymmddSchema>;

/** True when YYYYMMDD names a real calendar day (20261345 and 20260230 do not). */
export function isCalendarYyyymmdd(value: number): boolean {
  if (!Number.isInteger(value)) return false;
  const y = Math.floor(value / 10000);
  const m = Math.floor(value / 100) % 100;
  const d = value % 100;
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The "no date" value of the spec: 01/01/0000 as YYYYMMDD. */
export const NO_DATE: Yyyymmdd = 101;

/** Deal families; the catalog groups them in this order (spec 000 "Deal Catalog"). */
export const DealTypeSchema = z.enum(['ACIS', 'CIRT', 'STACR', 'CAS', 'ILN', 'RMBS', 'ABS', 'Agency']);
export type DealType = z.infer<typeof DealTypeSchema>;

/** Where a deal's figures come from. */
export const DealSourceKindSchema = z.enum(['offering-memorandum', 'press', 'synthetic']);
export type DealSourceKind = z.infer<typeof DealSourceKindSchema>;

/** Catalog row: GET /deals. */
export const DealCatalogRowSchema = z.object({
  DealName: z.string(),
  DealId: z.number().int().nullable(),
  DealType: DealTypeSchema,
  IssueDate: YyyymmddSchema,
  MaturityDate: YyyymmddSchema,
  OriginalBalance: z.number(),
  CurrentBalance: z.number(),
  DealFactor: z.number(),
  FactorDate: YyyymmddSchema,
  FirstProjectedDate: YyyymmddSchema,
  EarlyRedemptionPct: z.number(),
  EarlyRedemptionDate: YyyymmddSchema,
  /** Id of the custom deal this catalog deal was built from (online deal editor), null for shipped deals. */
  CustomDealId: z.number().int().nullable().optional(),
  /** Editor type of that custom deal: CIRT, STACR_ACIS or PYTHON. */
  CustomDealType: z.enum(['CIRT', 'STACR_ACIS', 'PYTHON']).nullable().optional(),
});
export type DealCatalogRow = z.infer<typeof DealCatalogRowSchema>;
export const DealCatalogSchema = z.array(DealCatalogRowSchema);

/** Column order of the catalog CSV export (deals_catalog.csv). */
export const DEAL_CATALOG_CSV_COLUMNS = [
  'DealName', 'DealId', 'DealType', 'IssueDate', 'MaturityDate', 'OriginalBalance', 'CurrentBalance',
  'DealFactor', 'FactorDate', 'FirstProjectedDate', 'EarlyRedemptionPct', 'EarlyRedemptionDate',
] as const satisfies readonly (keyof DealCatalogRow)[];

/** Kind of each catalog CSV column (the export convention, export-format.ts): dates YYYY-MM-DD, balances to the cent, factor to 8 places. */
export const DEAL_CATALOG_CSV_KINDS: Readonly<Record<(typeof DEAL_CATALOG_CSV_COLUMNS)[number], ExportKind>> = {
  DealName: 'text', DealId: 'integer', DealType: 'text', IssueDate: 'date', MaturityDate: 'date', OriginalBalance: 'money', CurrentBalance: 'money',
  DealFactor: 'number', FactorDate: 'date', FirstProjectedDate: 'date', EarlyRedemptionPct: 'percent', EarlyRedemptionDate: 'date',
};

/** Bond (class) of a deal. Result fields Wal, PrincipalWindow, WritedownPct come from runs. */
export const BondSchema = z.object({
  BondName: z.string(),
  Cusip: z.string().nullable(),
  OriginalBalance: z.number(),
  CurrentBalance: z.number(),
  Factor: z.number(),
  /** Current coupon, percent. */
  Coupon: z.number().nullable(),
  /** ACIS layers: the original premium rate, percent p.a. */
  OriginalCoupon: z.number().nullable().optional(),
  /** e.g. 'SOFR + 1.00%'; LIBOR is displayed as SOFR by the client. */
  FloaterFormula: z.string().nullable(),
  BondType: z.string(),
  OriginalEnhance: z.number().nullable(),
  OriginalThickness: z.number().nullable(),
  CurrentEnhance: z.number().nullable(),
  CurrentThickness: z.number().nullable(),
  IsMACR: z.boolean(),
  CollateralGroups: z.array(z.number().int()),
  Wal: z.number().nullable().optional(),
  PrincipalWindow: z.string().nullable().optional(),
  WritedownPct: z.number().nullable().optional(),
});
export type Bond = z.infer<typeof BondSchema>;

export const MbsDataSchema = z.object({
  CurrentBalance: z.number(),
  WAC: z.number(),
  NWAC: z.number(),
  WAM: z.number(),
  WALA: z.number(),
});
export const ReremicDataSchema = z.object({
  PoolNumber: z.string(),
  CurrentBalance: z.number(),
  OrigCommittedBalance: z.number(),
});
/** Collateral rep line: loan-level summary (mbs_data) or an underlying pool (reremic_data). */
export const ReplineSchema = z.object({
  CollateralGroup: z.number().int(),
  mbs_data: MbsDataSchema.nullable(),
  reremic_data: ReremicDataSchema.nullable(),
});
export type Repline = z.infer<typeof ReplineSchema>;

/** Collateral info panel (original/current balance, factor, WAC/WAM/WALA, projected losses). */
export const CollateralInfoSchema = z.object({
  OriginalBalance: z.number(),
  CurrentBalance: z.number(),
  DealFactor: z.number(),
  WAC: z.number(),
  WAM: z.number(),
  WALA: z.number(),
  /** Historical losses of the pool to the factor date, dollars. */
  ProjectedLosses: z.number(),
});
export type CollateralInfo = z.infer<typeof CollateralInfoSchema>;

/** Deal detail: GET /deals/{name}. */
export const DealDetailSchema = z.object({
  DealName: z.string(),
  DealId: z.number().int().nullable(),
  DealType: DealTypeSchema,
  ParentDealName: z.string().nullable(),
  IssueDate: YyyymmddSchema,
  FirstPaymentDate: YyyymmddSchema,
  SettlementDate: YyyymmddSchema,
  FactorDate: YyyymmddSchema,
  FirstProjectedDate: YyyymmddSchema,
  MaturityDate: YyyymmddSchema,
  EarlyRedemptionPct: z.number(),
  EarlyRedemptionDate: YyyymmddSchema,
  OptionalCancellationDate: YyyymmddSchema,
  Cancellation: z.boolean(),
  CollateralOriginalBalance: z.number(),
  CollateralCurrentBalance: z.number(),
  CollateralLosses: z.number(),
  DealFactor: z.number(),
  Wac: z.number(),
  Wam: z.number(),
  Wala: z.number(),
  /** Remittance months with data (YYYYMMDD, newest first), for the remittance-month select. */
  DatesOfAvailableUpdates: z.array(YyyymmddSchema),
  Bonds: z.array(BondSchema),
  Replines: z.array(ReplineSchema),
  CollateralInfo: CollateralInfoSchema,
  /** Where the figures come from. */
  Source: z.object({ Kind: DealSourceKindSchema, Reference: z.string(), Notes: z.array(z.string()) }),
  /** The engine's DealSpec document when the engine models this family yet, else null. */
  Structure: z.unknown().nullable(),
  Custom: z.boolean(),
  /**
   * The index rate (SOFR/LIBOR, percent) the deal's floating classes reset on as of the factor date
   * (issue date before the first remittance); null when the deal has no floating class. The
   * analysis screens prefill their index input with it.
   */
  IndexRate: z.object({ Name: z.string(), RatePct: z.number(), Date: YyyymmddSchema }).nullable().optional(),
});
export type DealDetail = z.infer<typeof DealDetailSchema>;

/** Deal remittance history row (spec 000 §3, spec 002 §3). Percent fields are percent. */
export const DealRemitHistoryRowSchema = z.object({
  Date: YyyymmddSchema,
  CurrentBalance: z.number(),
  Factor: z.number(),
  Cpr1Mo: z.number(),
  CurrentLossPct: z.number(),
  CumulatedLossPct: z.number(),
  Delinquency30Pct: z.number(),
  Delinquency60Pct: z.number(),
  Delinquency90PlusPct: z.number(),
  ModifiedBalancePct: z.number(),
});
export type DealRemitHistoryRow = z.infer<typeof DealRemitHistoryRowSchema>;
export const DealRemitHistorySchema = z.array(DealRemitHistoryRowSchema);

/** Bond remittance history row (spec 001 §3.3). Coupon is percent. */
export const BondRemitHistoryRowSchema = z.object({
  Date: YyyymmddSchema,
  StartingBalance: z.number(),
  Principal: z.number(),
  WriteDown: z.number(),
  CurrentBalance: z.number(),
  Factor: z.number(),
  Interest: z.number(),
  Coupon: z.number(),
});
export type BondRemitHistoryRow = z.infer<typeof BondRemitHistoryRowSchema>;
export const BondRemitHistorySchema = z.array(BondRemitHistoryRowSchema);

/** Collateral history row (spec 002 §3). Delinquency fields are percent of current balance. */
export const CollateralHistoryRowSchema = z.object({
  Date: YyyymmddSchema,
  CurrentBalance: z.number(),
  OriginalBalance: z.number(),
  Delinquency30: z.number(),
  Delinquency60: z.number(),
  Delinquency90Plus: z.number(),
  LoansCount: z.number().int(),
  /** The month's principal flows, defaults (UPB at the credit event) and net loss, dollars; null where not recorded. */
  ScheduledPrincipal: z.number().nullable().optional(),
  UnscheduledPrincipal: z.number().nullable().optional(),
  Defaults: z.number().nullable().optional(),
  NetLoss: z.number().nullable().optional(),
});
export type CollateralHistoryRow = z.infer<typeof CollateralHistoryRowSchema>;
export const CollateralHistorySchema = z.array(CollateralHistoryRowSchema);

/**
 * Loans-screen group-by fields (spec 002 "Loans screen"); MortgageInsuranceType and ForbearanceFlag
 * only for CAS deals. The credit buckets (issue 34 #3) group by origination FICO, LTV, CLTV and DTI.
 */
export const CollateralGroupBySchema = z.enum([
  'Servicer', 'State', 'PropertyType', 'LoanPurpose', 'Seller', 'MortgageInsuranceType', 'ForbearanceFlag',
  'FicoBucket', 'LtvBucket', 'CltvBucket', 'DtiBucket',
]);
export type CollateralGroupBy = z.infer<typeof CollateralGroupBySchema>;

/** One row of the grouped collateral report. */
export const CollateralReportRowSchema = z.object({
  Group: z.string(),
  OriginalBalance: z.number(),
  CurrentBalance: z.number(),
  Delinquency30Pct: z.number(),
  Delinquency60Pct: z.number(),
  Delinquency90PlusPct: z.number(),
  LoansCount: z.number().int(),
});
export type CollateralReportRow = z.infer<typeof CollateralReportRowSchema>;
export const CollateralReportSchema = z.array(CollateralReportRowSchema);

/** GET /deals/idByCusip/{cusip}. */
export const IdByCusipResponseSchema = z.object({ DealName: z.string(), BondName: z.string() });
export type IdByCusipResponse = z.infer<typeof IdByCusipResponseSchema>;

/** ACIS structure (spec 001 §3.2): GET /deals/{name}/acis. */
export const AcisStructureSchema = z.object({
  DealName: z.string(),
  StacrDealName: z.string(),
  Bonds: z.array(z.object({
    StacrBondName: z.string(),
    AcisBondName: z.string(),
    OriginalBalance: z.number(),
    CurrentBalance: z.number(),
    Factor: z.number(),
    /** Premium rate, percent per annum of the limit. */
    Premium: z.number(),
  })),
});
export type AcisStructure = z.infer<typeof AcisStructureSchema>;

export const DealNamesSchema = z.array(z.string());

/** POST /administrator/loadCatalogue answer. */
export const LoadCatalogueResponseSchema = z.object({
  Message: z.string(),
  Deals: z.number().int(),
  Loans: z.number().int(),
});
export type LoadCatalogueResponse = z.infer<typeof LoadCatalogueResponseSchema>;

// ---- request params and queries ----

/** Query booleans arrive as text. */
const QueryBoolSchema = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Deal names are catalog names ('STACR 2026-DNA1'); bounded to keep lookups cheap. */
export const DealNameSchema = z.string().trim().min(1).max(100);

export const DealsListQuerySchema = z.object({ export: QueryBoolSchema.optional() });
export const DealParamsSchema = z.object({ name: DealNameSchema });
export const DealExtraParamsSchema = z.object({ name: DealNameSchema, extra: z.string().min(1).max(100) });
export const DealQuerySchema = z.object({ type: z.enum(['acis']).optional() });
export const DealDetailsQuerySchema = z.object({
  settlementDate: z.string().regex(/^\d{8}$/, 'settlementDate must be YYYYMMDD').transform(Number)
    .refine(isCalendarYyyymmdd, 'settlementDate must be a calendar date (YYYYMMDD)')
    .refine((v) => settlementDateProblem(v) === null, `settlementDate must be between ${MIN_DATE} and ${MAX_DATE}.`),
});

/** Why a YYYYMMDD settlement date is refused (not a calendar day, or outside MIN_DATE–MAX_DATE), or null. */
export function settlementDateProblem(value: number): string | null {
  if (!isCalendarYyyymmdd(value)) return 'settlementDate must be a calendar date (YYYYMMDD)';
  if (value < MIN_DATE || value > MAX_DATE) return `settlementDate must be between ${MIN_DATE} and ${MAX_DATE}.`;
  return null;
}
export const CusipParamsSchema = z.object({ cusip: z.string().trim().min(1).max(12) });
export const BondParamsSchema = z.object({ name: DealNameSchema, bond: z.string().trim().min(1).max(40) });
export const CollateralMonthParamsSchema = z.object({
  name: DealNameSchema,
  /** Remittance month as YYYYMM or YYYYMMDD. */
  month: z.string().regex(/^\d{6}(\d{2})?$/, 'month must be YYYYMM or YYYYMMDD'),
});
export const CollateralReportQuerySchema = z.object({ group: CollateralGroupBySchema.default('Servicer') });
