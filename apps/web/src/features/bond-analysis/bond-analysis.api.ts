import {
  BondRemitHistorySchema, BondRunResponse, MatrixResponse,
  type BondRemitHistoryRow, type BondRunResponse as BondRun, type MatrixResponse as Matrix,
} from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';
import { cutAfterPayoff } from '../../components/cashflow-table/cut-after-payoff.ts';
import type { PricingTab } from './bond-inputs.ts';

const loanLevelQuery = (loanLevel: boolean) => (loanLevel ? '?loanLevel=true' : '');

/** POST /simulate/{price|yield|spread}: one scenario's metric and the bond's cashflows. */
export async function runBond(api: ApiClient, tab: PricingTab, body: Record<string, unknown>, loanLevel: boolean): Promise<BondRun> {
  const run = await api.post(`/simulate/${tab}${loanLevelQuery(loanLevel)}`, body, BondRunResponse);
  // Rows after the bond's pay-off are cut (spec 000 §4) for the table and the export alike.
  return { ...run, Simulation: { ...run.Simulation, BondsCashflows: run.Simulation.BondsCashflows.map((b) => ({ ...b, BondCashflow: cutAfterPayoff(b.BondCashflow) })) } };
}

/** POST /simulate/{type}/matrix: metric, WAL and write-down grids indexed [cdr][cpr]. */
export function runMatrix(api: ApiClient, tab: PricingTab, body: Record<string, unknown>, loanLevel: boolean): Promise<Matrix> {
  return api.post(`/simulate/${tab}/matrix${loanLevelQuery(loanLevel)}`, body, MatrixResponse);
}

export function fetchBondHistory(api: ApiClient, dealName: string, bondName: string): Promise<BondRemitHistoryRow[]> {
  return api.get(`/deals/${encodeURIComponent(dealName)}/bonds/${encodeURIComponent(bondName)}/remitHistory`, BondRemitHistorySchema);
}
