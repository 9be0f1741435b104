/**
 * Schema of one demo-catalog file, data/deals/catalog/<id>.json (see data/deals/README.md).
 * Money in dollars (exact to the cent), `*Pct` in percent, dates ISO YYYY-MM-DD.
 */
import { z } from 'zod';
import { DealSourceKindSchema, DealTypeSchema } from '@opencrt/contracts';

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD');
const Money = z.number().refine((x) => Math.abs(Math.round(x * 100) - x * 100) < 1e-3, 'money has at most 2 decimals');

export const CouponFileSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('floater'), index: z.enum(['SOFR', 'LIBOR']), marginPct: z.number() }),
  z.object({ kind: z.literal('fixed'), ratePct: z.number() }),
  /** CIRT policy layer: premium as a monthly percent of the remaining pool UPB. */
  z.object({ kind: z.literal('premium'), monthlyPctOfUpb: z.number().optional(), annualPctOfLimit: z.number().optional() }),
  z.object({ kind: z.literal('none') }),
]);
export type CouponFile = z.infer<typeof CouponFileSchema>;

export const BondFileSchema = z.object({
  name: z.string().min(1),
  cusip: z.string().length(9).nullable(),
  originalBalance: Money,
  coupon: CouponFileSchema,
  bondType: z.string(),
  layer: z.string(),
  senior: z.boolean(),
  attachmentPct: z.number().nullable(),
  detachmentPct: z.number().nullable(),
  collateralGroups: z.array(z.number().int()),
  offered: z.boolean(),
  macr: z.object({
    kind: z.enum(['principal', 'interest-only']),
    components: z.array(z.object({ bond: z.string(), share: z.number() })),
  }).nullable(),
  acis: z.object({ stacrBond: z.string(), sharePct: z.number() }).nullable(),
});
export type BondFile = z.infer<typeof BondFileSchema>;

const ReplineFileSchema = z.object({
  group: z.number().int(),
  balance: Money,
  wacPct: z.number(),
  netWacPct: z.number().nullable(),
  wam: z.number().int(),
  wala: z.number().int(),
});
const PoolFileSchema = z.object({
  group: z.number().int(),
  poolNumber: z.string(),
  balance: Money,
  origCommittedBalance: Money,
});

export const DealFileSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  dealName: z.string().min(1),
  dealId: z.number().int(),
  dealType: DealTypeSchema,
  parentDealName: z.string().nullable(),
  source: z.object({ kind: DealSourceKindSchema, reference: z.string(), notes: z.array(z.string()) }),
  /** Offering-memorandum file under data/ that supplies bonds and rep lines (STACR 2026). */
  sourceFile: z.string().nullable(),
  /** Engine DealSpec file under data/deals/. */
  structureFile: z.string().nullable(),
  /** History seed override (ACIS deals share their STACR parent's history). */
  historySeed: z.string().nullable(),
  dates: z.object({
    issue: IsoDate,
    firstPayment: IsoDate,
    maturity: IsoDate,
    earlyRedemption: IsoDate.nullable(),
    optionalCancellation: IsoDate.nullable(),
    factor: IsoDate,
  }),
  earlyRedemptionPct: z.number(),
  cleanUpCallPct: z.number().nullable(),
  index: z.object({ name: z.enum(['SOFR', 'LIBOR', 'none']), valueAtIssuePct: z.number().nullable() }),
  waterfall: z.object({ mode: z.enum(['senior-sub', 'sequential', 'cirt']), mceThresholdPct: z.number().nullable() }),
  collateral: z.object({
    originalBalance: Money,
    loanCount: z.number().int(),
    wacPct: z.number(),
    netWacPct: z.number().nullable(),
    wam: z.number().int(),
    wala: z.number().int(),
    replines: z.array(ReplineFileSchema).nullable(),
    pools: z.array(PoolFileSchema).nullable(),
  }).nullable(),
  bonds: z.array(BondFileSchema).nullable(),
  referenceTranches: z.array(BondFileSchema).nullable(),
  acis: z.object({
    stacrDealName: z.string(),
    collateralPct: z.number(),
    layers: z.array(z.object({ stacrBondName: z.string(), acisBondName: z.string(), sharePct: z.number(), premiumPct: z.number() })),
  }).nullable(),
  cirt: z.object({
    retentionPct: z.number(),
    limitPct: z.number(),
    premiumMonthlyPctOfUpb: z.number(),
    stepdowns: z.array(z.object({
      fromMonth: z.number().int(), toMonth: z.number().int().nullable(),
      balanceMultiplier: z.number(), delinquentMultiplier: z.number(),
    })),
  }).nullable(),
  performance: z.object({
    cprPct: z.number(), cdrPct: z.number(), severityPct: z.number(),
    dq30Pct: z.number(), dq60Pct: z.number(), dq90PlusPct: z.number(), modifiedPct: z.number(),
  }),
  loanTape: z.object({
    layout: z.enum(['freddie', 'fannie']),
    loans: z.number().int().positive(),
    ltvBand: z.enum(['low', 'high']),
    avgLoanSize: z.number(),
  }).nullable(),
});
export type DealFile = z.infer<typeof DealFileSchema>;
