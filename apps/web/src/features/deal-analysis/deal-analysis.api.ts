import { DealDetailSchema, DealRemitHistorySchema, type CreditModelRun, type DealDetail, type DealRemitHistoryRow } from '@opencrt/contracts';
import type { SimulationResponse } from '@opencrt/engine';
import type { ApiClient } from '../../api/client.ts';
import { cutSimulationRows } from '../../components/cashflow-table/cut-after-payoff.ts';

/** Deal details at the factor date (GET /deals/{name}) or as of a settlement date YYYYMMDD (…/details). */
export function fetchDealDetails(api: ApiClient, dealName: string, settlementDate: number | null): Promise<DealDetail> {
  const path = `/deals/${encodeURIComponent(dealName)}`;
  return api.get(settlementDate ? `${path}/details?settlementDate=${settlementDate}` : path, DealDetailSchema);
}

export function fetchDealHistory(api: ApiClient, dealName: string): Promise<DealRemitHistoryRow[]> {
  return api.get(`/deals/${encodeURIComponent(dealName)}/collateral/remitHistory`, DealRemitHistorySchema);
}

/** CreditModel: a credit-model run's loan-level and rep-line vectors (issue 24). */
export type SimulationResult = SimulationResponse & { RunTime?: number; CreditModel?: CreditModelRun };

/** POST /simulate; rows after each pay-off are cut (spec 000 §4) before the screen sees them. */
export async function runSimulation(api: ApiClient, body: Record<string, unknown>): Promise<SimulationResult> {
  return cutSimulationRows(await api.post<SimulationResult>('/simulate', body));
}

/** POST /simulate/save_scenario/{name}: runs like /simulate and stores the run's vectors as the user's scenario. */
export function storeRunScenario(api: ApiClient, name: string, body: Record<string, unknown>): Promise<SimulationResult> {
  return api.post(`/simulate/save_scenario/${encodeURIComponent(name)}`, body);
}
