// POST /api/loan-data/deals (issue 33 #4): a GSE population or reference pool becomes a deal with its reported history.
import { z } from 'zod';
import { LoanFilterSchema } from './vintages.ts';

/** One bond of the deal's stack, senior first: it takes losses above AttachmentPct of the pool. */
export const GseDealBondSchema = z.object({
  BondName: z.string().trim().regex(/^[A-Za-z0-9-]{1,12}$/, 'BondName is 1 to 12 letters, digits or dashes'),
  AttachmentPct: z.number({ message: 'AttachmentPct must be a number' }).min(0, 'AttachmentPct must be between 0 and 99.99').max(99.99, 'AttachmentPct must be between 0 and 99.99'),
  SpreadPct: z.number({ message: 'SpreadPct must be a number' }).min(0, 'SpreadPct must be between 0 and 20').max(20, 'SpreadPct must be between 0 and 20'),
});

export const GseDealRequestSchema = z.object({
  Name: z.string().trim().min(5, 'Name has 5 to 40 characters').max(40, 'Name has 5 to 40 characters')
    .regex(/^(STACR|CAS) [A-Za-z0-9 .-]+$/, 'Name starts with STACR or CAS and a space (the Loans screen lists those deals), then letters, digits, spaces, dots or dashes'),
  /** The loans: a Fannie reference pool (source fannie + referencePool) or any population the vintage filters choose. */
  Population: LoanFilterSchema,
  Bonds: z.array(GseDealBondSchema).min(2, 'Bonds has 2 to 8 bonds').max(8, 'Bonds has 2 to 8 bonds'),
}).superRefine((d, ctx) => {
  const names = new Set<string>();
  d.Bonds.forEach((b, i) => {
    if (names.has(b.BondName.toUpperCase())) ctx.addIssue({ code: 'custom', path: ['Bonds', i, 'BondName'], message: `BondName ${b.BondName} is used twice` });
    names.add(b.BondName.toUpperCase());
    const above = d.Bonds[i - 1];
    if (above && b.AttachmentPct >= above.AttachmentPct) ctx.addIssue({ code: 'custom', path: ['Bonds', i, 'AttachmentPct'], message: 'AttachmentPct must fall from the senior bond down' });
  });
  if (d.Bonds.at(-1)?.AttachmentPct !== 0) ctx.addIssue({ code: 'custom', path: ['Bonds', d.Bonds.length - 1, 'AttachmentPct'], message: 'the last bond attaches at 0 (it takes the first loss)' });
});
export type GseDealRequest = z.infer<typeof GseDealRequestSchema>;

/** A senior/mezzanine/first-loss stack the screen offers by default (STACR-like: 4 % credit enhancement). */
export const DEFAULT_GSE_DEAL_BONDS: GseDealRequest['Bonds'] = [
  { BondName: 'A-H', AttachmentPct: 4, SpreadPct: 0 },
  { BondName: 'M-1', AttachmentPct: 2.5, SpreadPct: 1.5 },
  { BondName: 'M-2', AttachmentPct: 1, SpreadPct: 3 },
  { BondName: 'B-1', AttachmentPct: 0, SpreadPct: 6 },
];

export const GseDealCreatedSchema = z.object({
  DealName: z.string().max(40),
  Loans: z.number().int().min(0).max(1e9),
  /** Reporting months of the history (YYYYMM), first and last: runs start after the last. */
  FirstPeriod: z.number().int().min(190001).max(210012),
  LastPeriod: z.number().int().min(190001).max(210012),
  Months: z.number().int().min(1).max(1200),
  OriginalBalance: z.number().min(0).max(1e15),
  CurrentBalance: z.number().min(0).max(1e15),
  CumulativeNetLoss: z.number().min(-1e15).max(1e15),
  /** Loans in the tape of the last month (balance above zero). */
  TapeLoans: z.number().int().min(0).max(1e9),
});
export type GseDealCreated = z.infer<typeof GseDealCreatedSchema>;
