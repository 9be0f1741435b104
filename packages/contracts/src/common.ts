import { z } from 'zod';

/** Error envelope every failing API call returns; the spec's client reads `Message`. */
export const ErrorEnvelope = z.object({ Message: z.string() });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The roles of spec 000 §6. */
export const ROLE_NAMES = [
  'Admin',
  'DocReader',
  'LDM_User',
  'AFT_User',
  'Collateral_User',
  'OnlineDeals_Creator',
  'Reports_Consumer',
  'User',
] as const;
export const RoleName = z.enum(ROLE_NAMES);
export type RoleName = z.infer<typeof RoleName>;

export const RoleItem = z.object({ Name: RoleName });
export const RolesResponse = z.array(RoleItem);
export type RolesResponse = z.infer<typeof RolesResponse>;

/** A date as the API carries it: a YYYYMMDD number. */
export const YyyyMmDd = z.number().int().min(10000101).max(99991231);

/** Public configuration the shell reads before sign-in. */
export const ConfigResponse = z.object({ EnvironmentLabel: z.string(), ContactEmail: z.string() });
export type ConfigResponse = z.infer<typeof ConfigResponse>;

/**
 * Bounds every request field carries (issue 12): ids fit PostgreSQL's int4, money a trillion
 * dollars, dates a plausible settlement window. Messages name the range; the server prefixes the field
 * ("Margin: must be between 0 and 1000000000000").
 */
export const MAX_ID = 2_147_483_647;
export const MAX_AMOUNT = 1e12;
/** Earliest and latest settlement or cancellation date accepted (YYYYMMDD). */
export const MIN_DATE = 19000101;
export const MAX_DATE = 21001231;
export const between = (min: number, max: number): string => `must be between ${min} and ${max}`;
/** A finite number in [min, max]. */
export const boundedNumber = (min: number, max: number) => z.number().min(min, between(min, max)).max(max, between(min, max));
/** A whole number in [min, max]. */
export const boundedInt = (min: number, max: number) => z.int(`must be a whole number between ${min} and ${max}`).min(min, between(min, max)).max(max, between(min, max));
/** A row id in a body. */
export const IdSchema = boundedInt(1, MAX_ID);
/** A row id in a path (text). */
export const IdParamSchema = z.coerce.number().int(`must be a whole number between 1 and ${MAX_ID}`).min(1, between(1, MAX_ID)).max(MAX_ID, between(1, MAX_ID));

/** Highest `offset` a paged list accepts (issue 32 #6): bounded like every other query number. */
export const MAX_PAGE_OFFSET = 1_000_000;
/**
 * `limit` and `offset` of a paged list (query text, so coerced). Without them the answer is the first
 * `defaultLimit` items, which the screens read as the whole list; the server says the full count in
 * the `x-total-count` header.
 */
export const pageQuerySchema = (defaultLimit: number, maxLimit: number) => z.object({
  limit: z.coerce.number().int(`must be a whole number between 1 and ${maxLimit}`).min(1, between(1, maxLimit)).max(maxLimit, between(1, maxLimit))
    .optional().default(defaultLimit).describe(`Items per page, 1 to ${maxLimit} (default ${defaultLimit}).`),
  offset: z.coerce.number().int(`must be a whole number between 0 and ${MAX_PAGE_OFFSET}`).min(0, between(0, MAX_PAGE_OFFSET)).max(MAX_PAGE_OFFSET, between(0, MAX_PAGE_OFFSET))
    .optional().default(0).describe('Items to skip (default 0).'),
});
export interface PageQuery { limit: number; offset: number }
