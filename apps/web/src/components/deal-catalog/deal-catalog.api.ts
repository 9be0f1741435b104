/** Calls of the catalog screen through the shell's ApiClient, typed by the contracts. */
import { type DealCatalogRow, DealCatalogSchema, type IdByCusipResponse, IdByCusipResponseSchema } from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';

export function loadCatalog(api: ApiClient): Promise<DealCatalogRow[]> {
  return api.get('/deals', DealCatalogSchema);
}

export function findDealByCusip(api: ApiClient, cusip: string): Promise<IdByCusipResponse> {
  return api.get(`/deals/idByCusip/${encodeURIComponent(cusip.trim())}`, IdByCusipResponseSchema);
}

/** The admin CSV export (deals_catalog.csv). */
export async function exportCatalogCsv(api: ApiClient): Promise<Blob> {
  return (await api.request('/deals?export=true')).blob();
}
