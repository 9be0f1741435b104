import { ROLE_NAMES, type RoleName } from '@opencrt/contracts';

/**
 * The one permission table: permission → roles that hold it. Every API route declares one
 * permission in `config.permission`; a route without one refuses to register (deny by default).
 * `public` routes need no token; `session` means any signed-in user.
 */
export const PERMISSION_ROLES = {
  public: null,
  session: ROLE_NAMES,
  /** Admin menu: users, reports, models, catalogue loading, scenario sharing, run time display. */
  admin: ['Admin'],
  /** Deal catalog, deal details and histories (only deals assigned to the user). */
  'deals:read': ROLE_NAMES,
  /** Deal catalog CSV export (spec 000 §6). */
  'deals:export': ['Admin'],
  /** Documentation pages. */
  'docs:read': ['DocReader'],
  /** Stored reports screen. */
  'reports:run': ['Reports_Consumer', 'Admin'],
  /** Custom (online) deal editor. */
  'deals:create': ['OnlineDeals_Creator', 'Admin'],
  /** Loan-level runs and the LDM models. */
  'models:ldm': ['LDM_User'],
  /** AFT model. */
  'models:aft': ['AFT_User'],
  /** Loan-level runs: LDM or AFT users (spec 000 §6). */
  'runs:loan-level': ['LDM_User', 'AFT_User'],
  /** Vintage curves and strats of the imported GSE loan-level data (public data: any signed-in user). */
  'loan-data:read': ROLE_NAMES,
  /** Importing GSE files into the loan-data store (uploads write to the server's disk). */
  'loan-data:import': ['Admin'],
  /** Collateral_User: what it gates is not shown in the spec; kept so the role has a home. */
  collateral: ['Collateral_User'],
} as const satisfies Record<string, readonly RoleName[] | null>;

export type Permission = keyof typeof PERMISSION_ROLES;

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(PERMISSION_ROLES, value);
}

/** True when any of the roles holds the permission. */
export function rolesGrant(roles: readonly string[], permission: Permission): boolean {
  const allowed: readonly string[] | null = PERMISSION_ROLES[permission];
  if (allowed === null) return true;
  return roles.some((role) => allowed.includes(role));
}
