/** GET and POST /usercollcashflow (spec 002 "User collateral cashflows"). */
import {
  SaveUserCashflowsResponseSchema, UserCollateralCashflowListSchema,
  type UserCollateralCashflow,
} from '@opencrt/contracts';
import type { ApiClient } from './client.ts';

/** The caller's saved cashflows; `dealName` narrows them to one deal (the analysis screens' picker). */
export const loadUserCashflows = (api: ApiClient, dealName?: string): Promise<UserCollateralCashflow[]> =>
  api.get(dealName ? `/usercollcashflow?dealName=${encodeURIComponent(dealName)}` : '/usercollcashflow', UserCollateralCashflowListSchema);

/** Replaces the caller's saved cashflows with the list. */
export const saveUserCashflows = (api: ApiClient, list: UserCollateralCashflow[]) =>
  api.post('/usercollcashflow/', list, SaveUserCashflowsResponseSchema);
