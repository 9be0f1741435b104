/**
 * Portfolios (spec 001 §3.4 "Portfolio created from ACIS", spec 002 "Portfolio", "Portfolio entry",
 * §5 validation, §7 calls GET/POST /portfolios/, /portfolios/bulk, PUT /portfolios/{id},
 * DELETE /portfolios/bulk). Stored entries keep amounts in dollars, Margin in percent (collateral
 * % for Reinsurance, price for Bonds), InterestRate in percent, per-period vectors in percent.
 */
import { z } from 'zod';
import { IdParamSchema, IdSchema, MAX_AMOUNT, MAX_DATE, MIN_DATE, boundedInt, boundedNumber, pageQuerySchema } from './common.ts';
import { UserCashflowLabelSchema } from './user-cashflows.ts';

export const PORTFOLIO_NAME_EMPTY = "Portfolio name mustn't be empty.";
export const portfolioNameTaken = (name: string): string => `Portfolio named ${name} already exists.`;
export const PORTFOLIO_TYPES = ['Reinsurance', 'Bonds'] as const;
export type PortfolioType = (typeof PORTFOLIO_TYPES)[number];
/** Deal names starting with these are reinsurance deals (spec 002 §1). */
export const isReinsuranceDealName = (name: string): boolean => /^(ACIS|CIRT)/i.test(name.trim());
export const portfolioEntryTypeMismatch = (line: number): string =>
  `Line ${line}: reinsurance deals (ACIS, CIRT) go only into Reinsurance portfolios, other deals only into Bonds portfolios.`;
export const portfolioDealEmpty = (line: number): string => `Line ${line}: Deal Name mustn't be empty`;
export const portfolioBondEmpty = (line: number): string => `Line ${line}: Bond Name mustn't be empty`;
export const portfolioDealMissing = (line: number): string => `Line ${line}: deal doesn't exist`;
export const portfolioBondMissing = (line: number, bond: string, deal: string): string => `Line ${line}: bond ${bond} doesn't exist in ${deal}`;
export const PORTFOLIO_NOT_FOUND = 'Portfolio was not found.';
export const PORTFOLIOS_UNSAVED = 'You have unsaved portfolios. Please save them or reload portfolios.';
export const PORTFOLIO_MESSAGES = {
  updated: 'Succesfully updated portfolio.',
  bulkSaved: 'Saved portfolios in the database.',
  bulkFailed: 'Failed to save portfolios in the database.',
  saved: (name: string) => `Successfully save the ${name} portfolio.`,
  removed: 'Successfully removed portfolios.',
  noneFound: 'No portfolios found.',
  dealLoadFailed: (deal: string) => `Failed to load deal ${deal}.`,
  failed: 'Failed.',
  reviewXlsx: 'Please review the input XLSX file.',
} as const;

/** Per-period percent vectors: CPR, CDR, severity and delinquency are shares (0–100); the index rate may dip below 0. */
const percentList = (label: string) => z.array(boundedNumber(0, 100)).max(1200).optional().default([0])
  .describe(`${label}, PERCENT from 0 to 100 per period (10 % = 10).`);
const indexRateList = z.array(boundedNumber(-10, 100)).max(1200).optional().default([0]).describe('Index rate, PERCENT from -10 to 100 per period (4 % = 4).');

/** One entry as sent by the ACIS screen (spec 001 §3.4); amounts in dollars, Margin in percent. */
export const PortfolioEntryInputSchema = z.object({
  OrdinalNumber: boundedInt(1, 10_000),
  DealName: z.string().max(100).nullable().optional().transform((v) => (v ?? '').trim()),
  BondName: z.string().max(100).nullable().optional().transform((v) => (v ?? '').trim()),
  OwnedFaceAmt: boundedNumber(0, MAX_AMOUNT),
  /** Collateral % for Reinsurance entries, price for Bonds entries (spec 002). */
  Margin: boundedNumber(0, 1000).describe('Collateral Hold, PERCENT from 0 to 100 (Reinsurance), or price, PERCENT of face from 0 to 1,000 (Bonds).'),
  AnnualPremium: boundedNumber(0, 100).optional().default(0).describe('Annual premium, PERCENT from 0 to 100.'),
  Cpr: percentList('CPR'),
  Cdr: percentList('CDR'),
  LossSeverity: percentList('Loss severity'),
  Delinquency: percentList('Delinquency'),
  Libor: indexRateList,
  /** Collateral trust-account interest, percent (Reinsurance entries). */
  InterestRate: boundedNumber(0, 100).nullable().optional().default(null).describe('Trust-account interest rate, PERCENT from 0 to 100 (Reinsurance).'),
  /** Cancellation month of the entry (YYYYMMDD, day ignored); null = the deal's own. */
  CancellationDate: z.union([boundedInt(MIN_DATE, MAX_DATE), z.string().regex(/^\d{8}$/)]).nullable().optional().transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
    .refine((v) => v === null || (v >= 19000101 && v <= 21001231), 'CancellationDate must be YYYYMMDD'),
  CleanupCall: z.boolean().nullable().optional().default(null),
  /** A saved scenario chosen for the entry: its vectors replace CPR, CDR, severity and delinquency. */
  ScenarioId: IdSchema.nullable().optional().default(null),
  /** A saved user collateral cashflow (its label) run as the entry's collateral instead of the speeds. */
  UserCashflowLabel: UserCashflowLabelSchema.nullable().optional().default(null),
});
export type PortfolioEntryInput = z.input<typeof PortfolioEntryInputSchema>;
export type PortfolioEntry = z.output<typeof PortfolioEntryInputSchema>;

/** POST /portfolios/ body. */
export const PortfolioCreateRequestSchema = z.object({
  /** Ignored: the owner is the caller (spec 002 sends it). */
  Owner: z.string().max(200).nullable().optional(),
  Name: z.string().max(200).nullable().optional().transform((v) => (v ?? '').trim()),
  PortfolioType: z.enum(PORTFOLIO_TYPES),
  PortfolioEntries: z.array(PortfolioEntryInputSchema).max(500),
});
export type PortfolioCreateRequest = z.input<typeof PortfolioCreateRequestSchema>;

/** POST /portfolios/bulk: new portfolios saved together (one transaction). */
export const PortfolioBulkRequestSchema = z.array(PortfolioCreateRequestSchema).min(1).max(100);
/** PUT /portfolios/{id}: the entries replace the stored ones. */
export const PortfolioUpdateRequestSchema = z.object({ PortfolioEntries: z.array(PortfolioEntryInputSchema).max(500) });
/** DELETE /portfolios/bulk: ids of portfolios to delete (all or nothing). */
export const PortfolioDeleteRequestSchema = z.array(IdSchema).min(1).max(500);
export const PortfolioIdParams = z.object({ id: IdParamSchema });

/** A stored entry as answered (no input transforms, so the response serializer can use it). */
export const PortfolioEntryOutSchema = z.object({
  OrdinalNumber: z.number().int(), DealName: z.string(), BondName: z.string(), OwnedFaceAmt: z.number(),
  Margin: z.number(), AnnualPremium: z.number(), Cpr: z.array(z.number()), Cdr: z.array(z.number()),
  LossSeverity: z.array(z.number()), Delinquency: z.array(z.number()), Libor: z.array(z.number()),
  InterestRate: z.number().nullable(), CancellationDate: z.number().int().nullable(), CleanupCall: z.boolean().nullable(),
  ScenarioId: z.number().int().nullable(),
  /** Always sent by the server; optional so clients building entries need not name it. */
  UserCashflowLabel: z.string().nullable().optional(),
});
export type PortfolioEntryOut = z.infer<typeof PortfolioEntryOutSchema>;

export const PortfolioSchema = z.object({
  Id: z.number().int(),
  Owner: z.string(),
  Name: z.string(),
  PortfolioType: z.enum(PORTFOLIO_TYPES),
  PortfolioEntries: z.array(PortfolioEntryOutSchema),
});
export type Portfolio = z.infer<typeof PortfolioSchema>;

/** GET /portfolios/: the caller's portfolios keyed by name (admins: everyone's; another owner's clash gets " (owner)"). */
export const PortfolioListSchema = z.record(z.string(), PortfolioSchema);
export type PortfolioList = z.infer<typeof PortfolioListSchema>;
/**
 * GET /portfolios/?limit&offset: a page of the list, the caller's own first (issue 32 #6: an admin's
 * list holds every user's). The default page holds 1,000, above the per-user quota's default (500),
 * so a user's own list arrives whole.
 */
export const PortfolioListQuery = pageQuerySchema(1_000, 1_000);

/**
 * A scenario offered to a portfolio's grid (GET /portfolios/{id}/scenarios). Spec 002 "Scenario
 * (vendor grid)": either the four vectors of a saved scenario (Id = scenario id) or one of the
 * caller's uploaded collateral cashflows of that deal (UserCashflowLabel set; Id = the cashflow's
 * row; ScenarioName = 'Deal / Month / Scenario', the vendor apart).
 */
export const PortfolioScenarioSchema = z.object({
  Id: z.number().int(), ScenarioName: z.string(), DealName: z.string().nullable(), Vendor: z.string().nullable(),
  UserCashflowLabel: z.string().nullable().optional(),
});
export type PortfolioScenario = z.infer<typeof PortfolioScenarioSchema>;
/** Keyed by deal name (catalogue spelling); the '' key holds the common (deal-less) scenarios. */
export const PortfolioScenariosSchema = z.record(z.string(), z.array(PortfolioScenarioSchema));
export type PortfolioScenarios = z.infer<typeof PortfolioScenariosSchema>;
/** vendor: absent/'' /'All' = every vendor; 'Default' = not vendor specific (no vendor); else that vendor. */
export const PortfolioScenariosQuery = z.object({ vendor: z.string().max(200).optional() });
