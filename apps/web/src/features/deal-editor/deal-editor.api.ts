/** Custom deal calls (spec 001 §7 "Custom deals"). */
import {
  CustomDealCreatedSchema, CustomDealListSchema, PythonDealStructureSchema, StoredCustomDealSchema,
  type CustomDealCreated, type CustomDealList, type CustomDealPayload, type PythonDealStructure, type PythonTemplate, type StoredCustomDeal,
} from '@opencrt/contracts';
import { z } from 'zod';
import type { ApiClient } from '../../api/client.ts';

const PATH: Record<CustomDealPayload['Type'], string> = { CIRT: 'cirt', STACR_ACIS: 'stacr_acis', PYTHON: 'python' };

export const listCustomDeals = (api: ApiClient): Promise<CustomDealList> => api.get('/deals/custom/', CustomDealListSchema);
export const getCustomDeal = (api: ApiClient, id: number): Promise<StoredCustomDeal> => api.get(`/deals/custom/${id}?export=false`, StoredCustomDealSchema);
export const getTemplate = (api: ApiClient, name: PythonTemplate): Promise<PythonDealStructure> =>
  api.get(`/deals/custom/template?name=${encodeURIComponent(name)}`, PythonDealStructureSchema);

export const createCustomDeal = (api: ApiClient, deal: CustomDealPayload): Promise<CustomDealCreated> =>
  api.post(`/deals/custom/${PATH[deal.Type]}`, deal, CustomDealCreatedSchema);
export const updateCustomDeal = (api: ApiClient, id: number, deal: CustomDealPayload): Promise<CustomDealCreated> =>
  api.put(`/deals/custom/${PATH[deal.Type]}/${id}`, deal, CustomDealCreatedSchema);
export const deleteCustomDeal = (api: ApiClient, id: number): Promise<{ Message: string }> =>
  api.delete(`/deals/custom/${id}`, undefined, z.object({ Message: z.string() }));

/** Export to ODF: the server's file name from content-disposition, else '{name}.ODF'. */
export async function exportOdf(api: ApiClient, id: number, name: string): Promise<{ fileName: string; blob: Blob }> {
  const res = await api.request(`/deals/custom/${id}?export=true`);
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${name}.ODF`;
  return { fileName, blob: await res.blob() };
}
