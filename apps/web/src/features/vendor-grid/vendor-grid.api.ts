/**
 * Calls of the vendor grid (spec 002 §7): scenarios per portfolio and vendor, vendor lists, the
 * streaming grid run (NDJSON, runs/stream-batch.ts on the server) and the save / CSV export.
 * Portfolio list and runs come from the portfolio screen's client (../portfolio/portfolio.api.ts).
 */
import {
  PortfolioScenariosSchema, ScenarioNamesSchema,
  type GridEvent, type PortfolioGridRequest, type PortfolioSaveRequest, type PortfolioScenarios,
} from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';
import { readNdjson } from '../../api/ndjson.ts';

export const portfolioScenarios = (api: ApiClient, id: number, vendor: string): Promise<PortfolioScenarios> =>
  api.get(`/portfolios/${id}/scenarios?vendor=${encodeURIComponent(vendor)}`, PortfolioScenariosSchema);

/** Vendors of saved scenarios and of user collateral cashflows; a failing list counts as empty. */
export async function vendorLists(api: ApiClient): Promise<string[][]> {
  const one = (path: string) => api.get(path, ScenarioNamesSchema).catch(() => [] as string[]);
  return Promise.all([one('/scenarios/vendors'), one('/usercollcashflow/vendors')]);
}

/**
 * Runs the grid and calls `onEvent` for every NDJSON line as it arrives. Aborting `signal` closes
 * the connection, which cancels the server's queued work. Resolves when the stream ends.
 */
export async function streamGrid(api: ApiClient, body: PortfolioGridRequest, signal: AbortSignal, onEvent: (e: GridEvent) => void): Promise<void> {
  const response = await api.request('/simulate/portfolio/grid', { method: 'POST', json: body, signal });
  await readNdjson(response, (line) => onEvent(line as GridEvent));
}

/** POST /simulate/portfolio/save: a CSV file (Options bit 2) and/or a stored calculation (bit 1). */
export async function saveCalculation(api: ApiClient, body: PortfolioSaveRequest): Promise<{ csv: string | null; fileName: string | null; calculationId: string | null }> {
  const response = await api.request('/simulate/portfolio/save', { method: 'POST', json: body });
  const type = response.headers.get('content-type') ?? '';
  const calculationId = response.headers.get('x-calculation-id');
  if (!type.includes('text/csv')) { await response.text(); return { csv: null, fileName: null, calculationId }; }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { csv: await response.text(), fileName, calculationId };
}
