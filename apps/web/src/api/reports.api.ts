/** Report calls (spec 002 §7, spec 000 §7 historical report). */
import {
  DealNamesSchema, ReportCalculationListSchema, ReportListSchema, ReportOutSchema, ReportRunResponseSchema, ReportSourceStatusListSchema,
  type Report, type ReportCalculation, type ReportListItem, type ReportRunResponse, type ReportSourceStatus,
} from '@opencrt/contracts';
import { z } from 'zod';
import type { ApiClient } from './client.ts';

export interface RunValue { Id?: number | undefined; DbName: string; Name: string; Value: string }

export const listAllReports = (api: ApiClient): Promise<ReportListItem[]> => api.get('/report', ReportListSchema);
export const listRunnableReports = (api: ApiClient): Promise<ReportListItem[]> => api.get('/report/list', ReportListSchema);
export const loadReport = (api: ApiClient, id: number): Promise<Report> => api.get(`/report/${id}`, ReportOutSchema);
export const saveReport = (api: ApiClient, report: Report): Promise<Report> => api.post(`/report/${report.Id}`, report, ReportOutSchema);
export const deleteReport = (api: ApiClient, id: number) => api.delete(`/report/${id}`, undefined, z.object({ Id: z.number() }));
export const runReport = (api: ApiClient, id: number, values: RunValue[]): Promise<ReportRunResponse> => api.put(`/report/${id}/run`, values, ReportRunResponseSchema);
/** Test Query: the server checks and runs the report as edited; nothing is saved. */
export const testReport = (api: ApiClient, report: Report, values: RunValue[]): Promise<ReportRunResponse> =>
  api.post('/report/test', { Report: report, Values: values }, ReportRunResponseSchema);
/** Admin: each report source's state (its account checked for least privilege). */
export const loadSourceStatus = (api: ApiClient): Promise<ReportSourceStatus[]> => api.get('/report/sources', ReportSourceStatusListSchema);
export const loadCalculations = (api: ApiClient): Promise<ReportCalculation[]> => api.get('/report/calculations', ReportCalculationListSchema);
export const loadUserDealNames = (api: ApiClient): Promise<string[]> => api.get('/deals/userDealsNames', DealNamesSchema);

export const listHistoricalReports = (api: ApiClient, kind: 'Deal' | 'Bond'): Promise<ReportListItem[]> =>
  api.get(`/report/historical/list?kind=${kind}`, ReportListSchema);
export const loadHistoricalReport = (api: ApiClient, id: number): Promise<Report> => api.get(`/report/historical/${id}`, ReportOutSchema);
export const runHistoricalReport = (api: ApiClient, id: number, values: RunValue[]): Promise<ReportRunResponse> =>
  api.put(`/report/historical/${id}/run`, values, ReportRunResponseSchema);
