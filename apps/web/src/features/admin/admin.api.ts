/** Calls of the /admin screen (spec 002 §7 user, role and administrator calls), typed by the contracts. */
import {
  CreateUserResponseSchema, DealAssignmentsSchema, DealNamesSchema, LoadCatalogueResponseSchema, MessageResponseSchema,
  OutboxSchema, RolesResponse, ScenarioAssignmentsSchema, UsersSchema,
  type CreateUserRequest, type DealAssignment, type ScenarioAssignment,
} from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';

const deal = (name: string) => encodeURIComponent(name);

export const adminApi = (api: ApiClient) => ({
  users: () => api.get('/users', UsersSchema),
  roles: async () => (await api.get('/roles', RolesResponse)).map((r) => r.Name),
  dealNames: () => api.get('/deals/names', DealNamesSchema),
  outbox: () => api.get('/administrator/outbox', OutboxSchema),
  createUser: (body: CreateUserRequest) => api.post('/users', body, CreateUserResponseSchema),
  setEnabled: (id: number, IsEnabled: boolean) => api.put(`/users/${id}`, { IsEnabled }, MessageResponseSchema),
  deleteUser: (id: number) => api.delete(`/users/${id}`, undefined, MessageResponseSchema),
  setRoles: (id: number, roles: string[]) => api.put(`/users/${id}/roles`, roles, MessageResponseSchema),
  /** Undefined when the server answers 204: the user has no confirmed e-mail address. */
  resetPassword: (id: number) => api.post('/users/reset', { UserId: id }, MessageResponseSchema.optional()),
  userDeals: (id: number) => api.get(`/administrator/user/${id}/deals`, DealAssignmentsSchema),
  changeDeals: (id: number, changes: DealAssignment[]) => api.post(`/administrator/user/${id}/deals`, changes, MessageResponseSchema),
  userScenarios: (id: number) => api.get(`/administrator/user/${id}/scenarios`, ScenarioAssignmentsSchema),
  changeScenarios: (id: number, changes: ScenarioAssignment[]) => api.post(`/administrator/user/${id}/scenarios`, changes, MessageResponseSchema),
  assignAll: (name: string) => api.put(`/administrator/deal/${deal(name)}/assign_all`, undefined, MessageResponseSchema),
  removeAll: (name: string) => api.delete(`/administrator/deal/${deal(name)}/remove_all`, undefined, MessageResponseSchema),
  loadCatalogue: () => api.post('/administrator/loadCatalogue', undefined, LoadCatalogueResponseSchema),
});
export type AdminApi = ReturnType<typeof adminApi>;
