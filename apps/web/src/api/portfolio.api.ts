import {
  DealDetailSchema, DealNamesSchema, PortfolioListSchema, ScenarioSummaryListSchema, type ScenarioSummary, PortfolioSchema, PortfolioRunResponseSchema,
  type Portfolio, type PortfolioCreateRequest, type PortfolioList, type PortfolioRunRequest, type PortfolioRunResponse,
} from '@opencrt/contracts';
import type { ApiClient } from './client.ts';

export const listPortfolios = (api: ApiClient): Promise<PortfolioList> => api.get('/portfolios/', PortfolioListSchema);
export const getPortfolio = (api: ApiClient, name: string): Promise<Portfolio> => api.get(`/portfolios/${encodeURIComponent(name)}`, PortfolioSchema);
export const createPortfolio = (api: ApiClient, body: PortfolioCreateRequest): Promise<Portfolio> => api.post('/portfolios/', body, PortfolioSchema);
export const savePortfolios = (api: ApiClient, body: PortfolioCreateRequest[]): Promise<Portfolio[]> => api.post('/portfolios/bulk', body);
export const updatePortfolio = (api: ApiClient, id: number, entries: PortfolioCreateRequest['PortfolioEntries']): Promise<Portfolio> =>
  api.put(`/portfolios/${id}`, { PortfolioEntries: entries }, PortfolioSchema);
export const deletePortfolios = (api: ApiClient, ids: number[]): Promise<{ Deleted: number }> => api.delete('/portfolios/bulk', ids);
export const runPortfolio = (api: ApiClient, body: PortfolioRunRequest): Promise<PortfolioRunResponse> =>
  api.post('/simulate/portfolio', body, PortfolioRunResponseSchema);

/** What an entry needs of its deal: catalogue spelling, bond names, optional cancellation date (YYYYMMDD, null when none). */
export interface DealChoices { dealName: string; bonds: string[]; optionalCancellation: number | null }

/** Bond choices of a deal (GET /deals/{deal}; ?type=acis for ACIS deals). */
export async function dealBonds(api: ApiClient, deal: string): Promise<DealChoices> {
  const acis = /^ACIS/i.test(deal) ? '?type=acis' : '';
  const d = await api.get(`/deals/${encodeURIComponent(deal)}${acis}`, DealDetailSchema);
  // The catalogue writes 101 (or 0) for "no date".
  return { dealName: d.DealName, bonds: d.Bonds.map((b) => b.BondName), optionalCancellation: d.OptionalCancellationDate > 19000101 ? d.OptionalCancellationDate : null };
}

/** The user's deal names (the entries' deal choices). */
export const userDealNames = (api: ApiClient): Promise<string[]> => api.get('/deals/userDealsNames', DealNamesSchema);

/** Every scenario the user may run (the entries' scenario choices are filtered per deal on the client). */
export const scenarioChoices = (api: ApiClient): Promise<ScenarioSummary[]> => api.get('/scenarios/list', ScenarioSummaryListSchema);

/** What the portfolio workbook import needs to know about the catalogue: deal names (any case) → catalogue spelling and bonds. */
export interface DealLookup { find(name: string): Promise<{ dealName: string; bonds: string[] } | undefined> }

/** The import's catalogue lookup: the user's deals, bonds fetched once per deal. */
export async function dealLookup(api: ApiClient): Promise<DealLookup> {
  const names = await api.get('/deals/userDealsNames', DealNamesSchema);
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const cache = new Map<string, DealChoices>();
  return {
    async find(name) {
      const real = byLower.get(name.trim().toLowerCase());
      if (!real) return undefined;
      const hit = cache.get(real) ?? await dealBonds(api, real);
      cache.set(real, hit);
      return hit;
    },
  };
}
