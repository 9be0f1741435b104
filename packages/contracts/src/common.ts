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
