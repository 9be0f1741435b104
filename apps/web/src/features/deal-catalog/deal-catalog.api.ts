/**
 * Calls of the catalog screen, typed by the contracts. `request` is the shell's authenticated
 * fetch (bearer token, API base); failures become CatalogApiError with the server's Message.
 */
import { type DealCatalogRow, DealCatalogSchema, type IdByCusipResponse, IdByCusipResponseSchema } from '@opencrt/contracts';

export type ApiRequest = (path: string, init?: RequestInit) => Promise<Response>;

export class CatalogApiError extends Error {
  constructor(readonly status: number, readonly reason: string, message: string) {
    super(message);
  }
}

/** Message of a failed response: its Message field (the body may be a JSON string), else the status text. */
async function failure(res: Response): Promise<CatalogApiError> {
  let message = '';
  try {
    const text = await res.text();
    const body: unknown = text ? JSON.parse(text) : null;
    const parsed = typeof body === 'string' ? (JSON.parse(body) as unknown) : body;
    if (parsed && typeof parsed === 'object' && 'Message' in parsed) message = String((parsed as { Message: unknown }).Message);
  } catch {
    // not JSON: fall back to the status text
  }
  return new CatalogApiError(res.status, res.statusText || 'Error', message || res.statusText || 'Unexpected REST-call error');
}

export async function loadCatalog(request: ApiRequest): Promise<DealCatalogRow[]> {
  const res = await request('/deals');
  if (!res.ok) throw await failure(res);
  return DealCatalogSchema.parse(await res.json());
}

export async function findDealByCusip(request: ApiRequest, cusip: string): Promise<IdByCusipResponse> {
  const res = await request(`/deals/idByCusip/${encodeURIComponent(cusip.trim())}`);
  if (!res.ok) throw await failure(res);
  return IdByCusipResponseSchema.parse(await res.json());
}

/** The admin CSV export as a Blob (file name deals_catalog.csv). */
export async function exportCatalogCsv(request: ApiRequest): Promise<Blob> {
  const res = await request('/deals?export=true');
  if (!res.ok) throw await failure(res);
  return res.blob();
}

/** Save a Blob through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
