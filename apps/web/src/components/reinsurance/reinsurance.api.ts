import {
  AcisStructureSchema, type AcisResponse, type AcisStructure, type CirtResponse, type ReinsuranceMatrixResponse,
} from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';

/** ACIS structure of a deal (spec 001 §3.2). */
export function fetchAcisStructure(api: ApiClient, dealName: string): Promise<AcisStructure> {
  return api.get(`/deals/${encodeURIComponent(dealName)}/acis`, AcisStructureSchema);
}

export function runAcis(api: ApiClient, body: Record<string, unknown>): Promise<AcisResponse> {
  return api.post('/simulate/acis', body);
}

export function runAcisMatrix(api: ApiClient, body: Record<string, unknown>): Promise<ReinsuranceMatrixResponse> {
  return api.post('/simulate/acis/matrix', body);
}

export function runCirt(api: ApiClient, body: Record<string, unknown>, includeHistorical: boolean): Promise<CirtResponse> {
  return api.post(`/simulate/cirt?includeHistorical=${includeHistorical}`, body);
}

export function runCirtMatrix(api: ApiClient, body: Record<string, unknown>): Promise<ReinsuranceMatrixResponse> {
  return api.post('/simulate/cirt/matrix', body);
}
