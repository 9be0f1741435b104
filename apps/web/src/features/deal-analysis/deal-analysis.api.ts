import { DealDetailSchema, DealRemitHistorySchema, type DealDetail, type DealRemitHistoryRow } from '@opencrt/contracts';
import type { SimulationResponse } from '@opencrt/engine';
import type { ApiClient } from '../../api/client.ts';

/** Deal details at the factor date (GET /deals/{name}) or as of a settlement date YYYYMMDD (…/details). */
export function fetchDealDetails(api: ApiClient, dealName: string, settlementDate: number | null): Promise<DealDetail> {
  const path = `/deals/${encodeURIComponent(dealName)}`;
  return api.get(settlementDate ? `${path}/details?settlementDate=${settlementDate}` : path, DealDetailSchema);
}

export function fetchDealHistory(api: ApiClient, dealName: string): Promise<DealRemitHistoryRow[]> {
  return api.get(`/deals/${encodeURIComponent(dealName)}/collateral/remitHistory`, DealRemitHistorySchema);
}

export type SimulationResult = SimulationResponse & { RunTime?: number };

export function runSimulation(api: ApiClient, body: Record<string, unknown>): Promise<SimulationResult> {
  return api.post('/simulate', body);
}

/** POST /simulate/save_scenario/{name}: runs like /simulate and stores the run's vectors as the user's scenario. */
export function storeRunScenario(api: ApiClient, name: string, body: Record<string, unknown>): Promise<SimulationResult> {
  return api.post(`/simulate/save_scenario/${encodeURIComponent(name)}`, body);
}
