/** Loans screen calls (spec 002 §7 "Collateral history / report / remit history"). */
import { CollateralHistorySchema, CollateralReportSchema, DealNamesSchema, type CollateralGroupBy } from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';

const deal = (name: string) => encodeURIComponent(name);
export const loadDealNames = (api: ApiClient) => api.get('/deals/userDealsNames', DealNamesSchema);
export const loadCollateralHistory = (api: ApiClient, dealName: string) => api.get(`/deals/${deal(dealName)}/collateral/history`, CollateralHistorySchema);
export const loadCollateralReport = (api: ApiClient, dealName: string, month: number, group: CollateralGroupBy) =>
  api.get(`/deals/${deal(dealName)}/collateral/${month}/report?group=${group}`, CollateralReportSchema);
