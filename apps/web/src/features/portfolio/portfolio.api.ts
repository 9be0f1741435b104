import {
  DealDetailSchema, DealNamesSchema, PortfolioListSchema, PortfolioSchema, PortfolioRunResponseSchema,
  type Portfolio, type PortfolioCreateRequest, type PortfolioList, type PortfolioRunRequest, type PortfolioRunResponse,
} from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';
import type { DealLookup } from './portfolio-xlsx.ts';

export const listPortfolios = (api: ApiClient): Promise<PortfolioList> => api.get('/portfolios/', PortfolioListSchema);
export const createPortfolio = (api: ApiClient, body: PortfolioCreateRequest): Promise<Portfolio> => api.post('/portfolios/', body, PortfolioSchema);
export const savePortfolios = (api: ApiClient, body: PortfolioCreateRequest[]): Promise<Portfolio[]> => api.post('/portfolios/bulk', body);
export const updatePortfolio = (api: ApiClient, id: number, entries: PortfolioCreateRequest['PortfolioEntries']): Promise<Portfolio> =>
  api.put(`/portfolios/${id}`, { PortfolioEntries: entries }, PortfolioSchema);
export const deletePortfolios = (api: ApiClient, ids: number[]): Promise<{ Deleted: number }> => api.delete('/portfolios/bulk', ids);
export const runPortfolio = (api: ApiClient, body: PortfolioRunRequest): Promise<PortfolioRunResponse> =>
  api.post('/simulate/portfolio', body, PortfolioRunResponseSchema);

/** Bond names of a deal (GET /deals/{deal}; ?type=acis for ACIS deals). */
export async function dealBonds(api: ApiClient, deal: string): Promise<{ dealName: string; bonds: string[] }> {
  const acis = /^ACIS/i.test(deal) ? '?type=acis' : '';
  const d = await api.get(`/deals/${encodeURIComponent(deal)}${acis}`, DealDetailSchema);
  return { dealName: d.DealName, bonds: d.Bonds.map((b) => b.BondName) };
}

/** The import's catalogue lookup: the user's deals, bonds fetched once per deal. */
export async function dealLookup(api: ApiClient): Promise<DealLookup> {
  const names = await api.get('/deals/userDealsNames', DealNamesSchema);
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const cache = new Map<string, { dealName: string; bonds: string[] }>();
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
