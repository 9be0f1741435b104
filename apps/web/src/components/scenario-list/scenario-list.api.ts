/** Calls of the Saved Scenarios screen through the shell's ApiClient, typed by the contracts. */
import {
  DealNamesSchema,
  ScenarioDeleteResponseSchema,
  ScenarioSaveResponseSchema,
  ScenarioSchema,
  ScenarioShareResponseSchema,
  ScenarioSummaryListSchema,
  UsersSchema,
  type SaveMode,
  type Scenario,
  type ScenarioInput,
  type ScenarioSaveResponse,
  type ScenarioSummary,
  type UserDirectoryEntry,
} from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';

export const listScenarios = (api: ApiClient): Promise<ScenarioSummary[]> => api.get('/scenarios/list', ScenarioSummaryListSchema);
export const getScenario = (api: ApiClient, id: number): Promise<Scenario> => api.get(`/scenarios/${id}`, ScenarioSchema);
export const cloneScenario = (api: ApiClient, id: number): Promise<Scenario> => api.post(`/scenarios/${id}`, undefined, ScenarioSchema);
export const updateScenario = (api: ApiClient, id: number, body: ScenarioInput): Promise<Scenario> => api.put(`/scenarios/${id}`, body, ScenarioSchema);
export const saveScenarios = (api: ApiClient, list: ScenarioInput[], mode: SaveMode): Promise<ScenarioSaveResponse> =>
  api.post('/scenarios/bulk', { Scenarios: list, SaveMode: mode }, ScenarioSaveResponseSchema);
export const removeScenarios = (api: ApiClient, ids: number[]) => api.delete('/scenarios/bulk', ids, ScenarioDeleteResponseSchema);
export const shareScenarios = (api: ApiClient, scenarioIds: number[], userIds: number[]) =>
  api.post('/scenarios/bulk/share', { scenarioIds, userIds }, ScenarioShareResponseSchema);
/** The share dialog lists enabled users only (GET /users also answers disabled ones, for /admin). */
export const listUsers = async (api: ApiClient): Promise<UserDirectoryEntry[]> =>
  (await api.get('/users', UsersSchema)).filter((u) => u.IsEnabled).map((u) => ({ Id: u.Id, Username: u.Username }));
/** Every catalog deal name: the known deals of the import and update checks. */
export const listDealNames = (api: ApiClient): Promise<string[]> => api.get('/deals/names', DealNamesSchema);
