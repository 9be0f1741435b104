/** Vintages screen calls (issue 33): GET /vintages, /vintages/strats, /vintages/backtest, /vintages/calibrations, /loan-data/files. */
import { GseFileListSchema, ModelCalibrationListSchema, StratListSchema, VintageBacktestSchema, VintageListSchema } from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';

export const loadVintages = (api: ApiClient, query: string) => api.get(`/vintages?${query}`, VintageListSchema);
export const loadStrats = (api: ApiClient, query: string) => api.get(`/vintages/strats?${query}`, StratListSchema);
export const loadGseFiles = (api: ApiClient) => api.get('/loan-data/files', GseFileListSchema);
export const loadBacktest = (api: ApiClient, query: string) => api.get(`/vintages/backtest?${query}`, VintageBacktestSchema);
export const loadCalibrations = (api: ApiClient) => api.get('/vintages/calibrations', ModelCalibrationListSchema);
