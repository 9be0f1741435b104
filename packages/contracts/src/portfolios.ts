/**
 * Portfolios (spec 001 §3.4 "Portfolio created from ACIS", spec 002 entity "Portfolio entry").
 * Only creation (POST /portfolios/) exists so far; the entry carries every field of spec 002 that
 * a stored entry needs, so the later portfolio screen can read and update the same rows.
 */
import { z } from 'zod';

export const PORTFOLIO_NAME_EMPTY = "Portfolio name mustn't be empty.";
export const portfolioNameTaken = (name: string): string => `Portfolio named ${name} already exists.`;
export const PORTFOLIO_TYPES = ['Reinsurance', 'Bonds'] as const;
export type PortfolioType = (typeof PORTFOLIO_TYPES)[number];
/** Deal names starting with these are reinsurance deals (spec 002 §1). */
export const isReinsuranceDealName = (name: string): boolean => /^(ACIS|CIRT)/i.test(name.trim());
export const portfolioEntryTypeMismatch = (line: number): string =>
  `Line ${line}: reinsurance deals (ACIS, CIRT) go only into Reinsurance portfolios, other deals only into Bonds portfolios.`;
export const portfolioDealEmpty = (line: number): string => `Line ${line}: Deal Name mustn't be empty`;

const percentList = z.array(z.number().finite()).max(1200).optional().default([0]);

/** One entry as sent by the ACIS screen (spec 001 §3.4); amounts in dollars, Margin in percent. */
export const PortfolioEntryInputSchema = z.object({
  OrdinalNumber: z.number().int().min(1),
  DealName: z.string().max(100).nullable().optional().transform((v) => (v ?? '').trim()),
  BondName: z.string().max(100).nullable().optional().transform((v) => (v ?? '').trim()),
  OwnedFaceAmt: z.number().finite().min(0),
  /** Collateral % for Reinsurance entries, price for Bonds entries (spec 002). */
  Margin: z.number().finite(),
  AnnualPremium: z.number().finite().optional().default(0),
  Cpr: percentList,
  Cdr: percentList,
  LossSeverity: percentList,
  Delinquency: percentList,
  Libor: percentList,
});
export type PortfolioEntryInput = z.input<typeof PortfolioEntryInputSchema>;
export type PortfolioEntry = z.output<typeof PortfolioEntryInputSchema>;

/** POST /portfolios/ body. */
export const PortfolioCreateRequestSchema = z.object({
  Name: z.string().max(200).nullable().optional().transform((v) => (v ?? '').trim()),
  PortfolioType: z.enum(PORTFOLIO_TYPES),
  PortfolioEntries: z.array(PortfolioEntryInputSchema).max(500),
});
export type PortfolioCreateRequest = z.input<typeof PortfolioCreateRequestSchema>;

/** A stored entry as answered (no input transforms, so the response serializer can use it). */
export const PortfolioEntryOutSchema = z.object({
  OrdinalNumber: z.number().int(), DealName: z.string(), BondName: z.string(), OwnedFaceAmt: z.number(),
  Margin: z.number(), AnnualPremium: z.number(), Cpr: z.array(z.number()), Cdr: z.array(z.number()),
  LossSeverity: z.array(z.number()), Delinquency: z.array(z.number()), Libor: z.array(z.number()),
});

export const PortfolioSchema = z.object({
  Id: z.number().int(),
  Owner: z.string(),
  Name: z.string(),
  PortfolioType: z.enum(PORTFOLIO_TYPES),
  PortfolioEntries: z.array(PortfolioEntryOutSchema),
});
export type Portfolio = z.infer<typeof PortfolioSchema>;
