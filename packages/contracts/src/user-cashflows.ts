import { z } from 'zod';
import { MAX_AMOUNT } from './common.ts';
import { mustBeFrom } from './field-messages.ts';

/**
 * User collateral cashflows (spec 002 "User collateral cashflow"; screen /cashflows): parallel
 * per-period lists where index 0 is the starting point (only Balance is meaningful there) and
 * index k the k-th month. Amounts in dollars, Delinquency and Libor fractions.
 */
export const USER_CASHFLOW_MAX_PERIODS = 720;
/**
 * The most cashflows one save carries (a save sends the user's whole list). The server's quota
 * (OPENCRT_MAX_CASHFLOWS_PER_USER, default 60) answers 429 below it.
 */
export const USER_CASHFLOW_MAX_COUNT = 200;

/**
 * A column's out-of-range message as the /cashflows table and the upload file title it, with unit
 * and range (issue 23 #4: a refused save read '0.CollateralCashflow.Balance.0 must be at most
 * 1000000000000'). It ends with a period, so the server passes it on as written.
 */
export const cashflowColumnRange = (title: string, fraction: boolean): string => (fraction
  ? `${mustBeFrom(title, title === 'Libor' ? -1 : 0, 1)} (a fraction: 1 % is 0.01).`
  : `${mustBeFrom(`${title} ($)`, 0, MAX_AMOUNT)}.`);
const amounts = (title: string) => z.array(z.number().min(0, cashflowColumnRange(title, false)).max(MAX_AMOUNT, cashflowColumnRange(title, false))).max(USER_CASHFLOW_MAX_PERIODS + 1);
const fractions = (title: string, min: number) => z.array(z.number().min(min, cashflowColumnRange(title, true)).max(1, cashflowColumnRange(title, true))).max(USER_CASHFLOW_MAX_PERIODS + 1);

export const CollateralCashflowListsSchema = z.object({
  Balance: amounts('Balance').min(2, 'Balance needs a starting value and at least one period'),
  Interest: amounts('Gross Interest'), PassThru: amounts('Net Interest'), ScheduledPrincipal: amounts('Scheduled Principal'),
  PrepaidPrincipal: amounts('Prepaid Principal'), Defaults: amounts('Defaults'), Losses: amounts('Losses'), Recoveries: amounts('Recoveries'),
  Delinquency: fractions('Delinquency', 0).describe('Delinquency per period, a FRACTION from 0 to 1 (2 % = 0.02).'),
  Libor: fractions('Libor', -1).describe('Index rate per period, a FRACTION from -1 to 1 (4 % = 0.04).'),
}).refine((c) => Object.values(c).every((list) => list.length === c.Balance.length), 'Every column needs as many values as Balance.');
export type CollateralCashflowLists = z.infer<typeof CollateralCashflowListsSchema>;

/** Collateral month as YYYYMM (the file name's second part; YYYY-MM is accepted and normalised). */
export const CollateralMonthSchema = z.string().max(20).trim()
  .transform((s) => s.replace(/^(\d{4})-(\d{2})$/, '$1$2'))
  .refine((s) => /^\d{4}(0[1-9]|1[0-2])$/.test(s), 'CollateralMonth must be a month as YYYYMM');

const label = (what: string) => z.string().trim().min(1, `${what} is required`).max(100).refine((s) => !s.includes('/') && !s.includes('.'), `${what} cannot contain "/" or "."`);

export const UserCollateralCashflowSchema = z.object({
  DealName: z.string().trim().min(1, 'DealName is required').max(200),
  CollateralMonth: CollateralMonthSchema,
  ScenarioName: label('ScenarioName'),
  Vendor: z.union([label('Vendor'), z.literal(''), z.null()]).optional().transform((v) => v || ''),
  CollateralCashflow: CollateralCashflowListsSchema,
});
export type UserCollateralCashflow = z.infer<typeof UserCollateralCashflowSchema>;

/** As the server answers it (already normalised, so no transforms: responses are serialised, not parsed). */
export const StoredUserCollateralCashflowSchema = z.object({
  DealName: z.string(), CollateralMonth: z.string(), ScenarioName: z.string(), Vendor: z.string(),
  CollateralCashflow: z.object(Object.fromEntries(
    ['Balance', 'Interest', 'PassThru', 'ScheduledPrincipal', 'PrepaidPrincipal', 'Defaults', 'Losses', 'Recoveries', 'Delinquency', 'Libor'].map((k) => [k, z.array(z.number())]),
  ) as Record<keyof CollateralCashflowLists, z.ZodArray<z.ZodNumber>>),
});
export const UserCollateralCashflowListSchema = z.array(StoredUserCollateralCashflowSchema);
export const SaveUserCashflowsSchema = z.array(UserCollateralCashflowSchema)
  .max(USER_CASHFLOW_MAX_COUNT, `At most ${USER_CASHFLOW_MAX_COUNT} cashflows can be kept.`);
export const SaveUserCashflowsResponseSchema = z.object({ Saved: z.number().int() });

export const UserCashflowQuerySchema = z.object({
  dealName: z.string().trim().max(200).optional(),
  vendor: z.string().trim().max(100).optional(),
  collateralMonth: z.string().trim().max(7).optional(),
  scenarioName: z.string().trim().max(100).optional(),
});

/** The label a cashflow is shown and told apart by: 'Deal / Month / Scenario[ / Vendor]'. */
export function userCashflowLabel(c: Pick<UserCollateralCashflow, 'DealName' | 'CollateralMonth' | 'ScenarioName'> & { Vendor?: string | null | undefined }): string {
  return [c.DealName, c.CollateralMonth, c.ScenarioName, ...(c.Vendor ? [c.Vendor] : [])].join(' / ');
}

/** A cashflow's label as a reference (portfolio entries, run entries). */
export const UserCashflowLabelSchema = z.string().trim().min(1).max(420);

/** Answer when a label names none of the caller's cashflows. */
export const userCashflowMissing = (label: string) => `The "${label}" cashflow was not found.`;

/** Spec 002 messages of the /cashflows Save (spelling as the spec gives it). */
export const USER_CASHFLOWS_SAVED = 'Saved casfhlows in the database.';
export const USER_CASHFLOWS_SAVE_FAILED = 'Failed to save in the database. Please verify your cashflows.';

/** Spec 002 duplicate message. */
export const duplicateCashflow = (label: string) => `The "${label}" cashflow already exists.`;

/** A prerun cashflow in a run request: the saved entity, of which only CollateralCashflow is needed. */
export const PrerunCashflowSchema = z.object({
  DealName: z.string().max(200).optional(),
  CollateralMonth: z.string().max(7).optional(),
  ScenarioName: z.string().max(100).optional(),
  Vendor: z.string().max(100).optional().nullable(),
  CollateralCashflow: CollateralCashflowListsSchema,
});
export type PrerunCashflow = z.infer<typeof PrerunCashflowSchema>;
