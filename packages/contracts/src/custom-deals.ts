/**
 * Custom (online) deal contracts, spec 001 §3.11 and §7 "Custom deals": the save payloads of the
 * CIRT, paired STACR + ACIS and Python-template editors, the stored deal and the list. Dates are
 * YYYYMMDD numbers; fields ending in `Pct`, Wac, coupons, spreads and premiums are percent.
 * Editor fields may be sent empty (null): the validation below answers 'Field is required.' for
 * them, on the client under the field and on the server in the 400 message.
 */
import { z } from 'zod';
import { pageQuerySchema } from './common.ts';

/** A number typed in an editor: null when the field is empty. Bounds keep nonsense out of storage. */
const Num = z.number().min(-1e13).max(1e13).nullable();
const Ymd = z.number().int().min(0).max(99991231).nullable();
const Name = z.string().max(100);

export const CustomDealTypeSchema = z.enum(['CIRT', 'STACR_ACIS', 'PYTHON']);
export type CustomDealType = z.infer<typeof CustomDealTypeSchema>;

/** CIRT liability step-down row. Reassess: 0 = Monthly, 1 = Annual. */
export const CirtStepDownSchema = z.object({
  StartPeriod: Num, EndPeriod: Num, Reassess: Num, BalanceMultiplier: Num, DelinquentMultiplier: Num, Detachment: Num,
});
export type CirtStepDown = z.infer<typeof CirtStepDownSchema>;

export const CirtDealSchema = z.object({
  Type: z.literal('CIRT'),
  Name,
  ReferencePoolBalance: Num, Wac: Num, Wam: Num,
  AnnualPremiumRatePct: Num, RetentionPct: Num, LimitOfLiabilityPct: Num,
  EffectiveDate: Ymd, FirstPayDate: Ymd, MaturityDate: Ymd, EarlyRedemptionDate: Ymd,
  CancellationPct: Num,
  UseLiability: z.boolean(),
  LiabilityStepDowns: z.array(CirtStepDownSchema).max(50),
});
export type CirtDeal = z.infer<typeof CirtDealSchema>;

export const StacrCollateralSchema = z.object({ ReferencePoolBalance: Num, Wac: Num, Wam: Num, Wala: Num });
export const StacrBondSchema = z.object({
  BondName: Name, Detachment: Num, Thickness: Num, Balance: Num, Coupon: Num, Spread: Num.describe('Spread over the index, PERCENT (1.5 % = 1.5).'),
});
export type StacrBond = z.infer<typeof StacrBondSchema>;
export const StacrDealSchema = z.object({
  Name,
  CollateralInformation: z.array(StacrCollateralSchema).min(1).max(5),
  ContractInformation: z.object({ ClosingDate: Ymd, FirstPayDate: Ymd, MaturityDate: Ymd, EarlyRedemptionDate: Ymd, CancellationPct: Num }),
  Structure: z.object({ CETarget: Num, DlqTarget: Num, DlqMonthsAverage: Num, UseCumLossTest: z.boolean() }),
  Liability: z.array(StacrBondSchema).min(1).max(30),
});
export type StacrDeal = z.infer<typeof StacrDealSchema>;

export const AcisBondSchema = z.object({ BondName: Name, OfferedPct: Num, Balance: Num, Premium: Num, CallMultiplier: Num });
export type AcisBond = z.infer<typeof AcisBondSchema>;
export const AcisDealSchema = z.object({
  Name,
  Structure: z.object({ EffectiveDate: Ymd, MaturityDate: Ymd, MonthsToCall: Num }),
  /** One row per STACR bond after the first (the A bond has no ACIS counterpart). */
  Liability: z.array(AcisBondSchema).max(29),
});
export type AcisDeal = z.infer<typeof AcisDealSchema>;

export const StacrAcisDealSchema = z.object({
  Type: z.literal('STACR_ACIS'),
  Name,
  DependantNames: z.array(Name).max(5),
  STACR: StacrDealSchema,
  ACIS: AcisDealSchema,
});
export type StacrAcisDeal = z.infer<typeof StacrAcisDealSchema>;

export const PythonTemplateSchema = z.enum(['FHLMC 5005', 'NQM GENERIC']);
export type PythonTemplate = z.infer<typeof PythonTemplateSchema>;
export const PythonDealTypeSchema = z.enum(['NQM', 'REMIC', 'AOMT']);
export type PythonDealType = z.infer<typeof PythonDealTypeSchema>;

/** Custom value of one bond of a template deal: balance in dollars, coupon in percent. */
export const PythonCustomFieldSchema = z.object({ balance: Num.optional(), coupon: Num.optional() });
export const PythonDealSchema = z.object({
  Type: z.literal('PYTHON'),
  Name,
  /** The template deal. */
  DealName: PythonTemplateSchema,
  DealType: PythonDealTypeSchema.default('REMIC'),
  CustomFields: z.record(z.string().max(40), PythonCustomFieldSchema).refine((r) => Object.keys(r).length <= 40, 'at most 40 bonds'),
});
export type PythonDeal = z.infer<typeof PythonDealSchema>;

export const CustomDealPayloadSchema = z.discriminatedUnion('Type', [CirtDealSchema, StacrAcisDealSchema, PythonDealSchema]);
export type CustomDealPayload = z.infer<typeof CustomDealPayloadSchema>;

export const CustomDealIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_000_000_000) });
export const CustomDealGetQuerySchema = z.object({
  /** true: download the stored deal as an OpenDocument spreadsheet (Admin, spec 001 "Export to ODF"). */
  export: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});

/** Stored custom deal (spec 001 §3.11): Structure is the saved payload as JSON text. */
export const StoredCustomDealSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Structure: z.string(),
  StructureAsObject: CustomDealPayloadSchema,
  LastModified: z.string(),
  /** Catalog deals the custom deal produced (CIRT: one; STACR_ACIS: the STACR and ACIS deals; PYTHON: one). */
  CatalogNames: z.array(z.string()),
});
export type StoredCustomDeal = z.infer<typeof StoredCustomDealSchema>;

/** GET /deals/custom/: Item1 = name, Item2 = { Id, LastModified, StructureAsObject: { Type } }. */
export const CustomDealListSchema = z.array(z.object({
  Item1: z.string(),
  Item2: z.object({ Id: z.number().int(), LastModified: z.string(), StructureAsObject: z.object({ Type: CustomDealTypeSchema }) }),
}));
export type CustomDealList = z.infer<typeof CustomDealListSchema>;
/**
 * GET /deals/custom/?limit&offset (issue 32 #6): every creator's deals are one list, so it is paged;
 * the default page (1,000, by id) is what the deal editor's list reads.
 */
export const CustomDealListQuery = pageQuerySchema(1_000, 1_000);

export const CustomDealCreatedSchema = z.object({ Id: z.number().int(), Name: z.string(), CatalogNames: z.array(z.string()) });
export type CustomDealCreated = z.infer<typeof CustomDealCreatedSchema>;

/** The spec's toast texts (§5.7) and notifications (§8). */
export const CUSTOM_DEAL_MESSAGES = {
  invalid: 'Invalid data, Deal cannot be created.',
  valid: 'Deal validation succeeded.',
  required: 'Field is required.',
  invalidDate: 'Invalid Date',
} as const;

export * from './custom-deal-validation.ts';

/** Template deal details (spec 001 §3.11 "Python deal structure"): the bonds a Python deal edits. */
export const PythonDealStructureSchema = z.object({
  DealName: z.string(),
  DealType: z.string(),
  Bonds: z.array(z.object({
    BondName: z.string(), Cusip: z.string().nullable(), CollateralGroups: z.array(z.number().int()), BondType: z.string(),
    OriginalBalance: z.number(), CurrentBalance: z.number(),
    /** Percent: the fixed rate, or the margin of a floater. */
    Coupon: z.number().nullable(),
  })),
  Custom: z.boolean(),
});
export type PythonDealStructure = z.infer<typeof PythonDealStructureSchema>;
export const PythonTemplateQuerySchema = z.object({ name: PythonTemplateSchema });
