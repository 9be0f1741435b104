import {
  ScenarioDeleteRequestSchema,
  ScenarioDeleteResponseSchema,
  ScenarioIdParamsSchema,
  ScenarioInputSchema,
  ScenarioListQuerySchema,
  ScenarioNamesSchema,
  ScenarioSaveRequestSchema,
  ScenarioSaveResponseSchema,
  ScenarioSchema,
  ScenarioShareRequestSchema,
  ScenarioShareResponseSchema,
  ScenarioSummaryListSchema,
} from '@opencrt/contracts';
import { requireUser } from '../../auth/authenticate.ts';
import type { ApiModule } from '../module.ts';
import { createScenariosService } from './scenarios.service.ts';

const tags = ['scenarios'];
const session = { permission: 'session' as const };

/** Saved scenarios (spec 000 §7 "Scenarios and vectors"); rules in scenarios.service.ts. */
export const scenariosModule: ApiModule = {
  name: 'scenarios',
  register(api, ctx) {
    const service = createScenariosService(ctx);

    api.get('/scenarios', {
      config: session,
      schema: { tags, summary: 'Visible scenarios of a deal and/or vendor', querystring: ScenarioListQuerySchema, response: { 200: ScenarioSummaryListSchema } },
    }, (request) => service.list(requireUser(request), request.query));

    api.get('/scenarios/list', {
      config: session,
      schema: { tags, summary: 'Every scenario visible to the user', response: { 200: ScenarioSummaryListSchema } },
    }, (request) => service.list(requireUser(request)));

    api.get('/scenarios/names', {
      config: session,
      schema: { tags, summary: 'Distinct names of visible scenarios', response: { 200: ScenarioNamesSchema } },
    }, (request) => service.names(requireUser(request)));

    api.get('/scenarios/vendors', {
      config: session,
      schema: { tags, summary: 'Distinct vendors of visible scenarios', response: { 200: ScenarioNamesSchema } },
    }, (request) => service.vendors(requireUser(request)));

    api.get('/scenarios/:id', {
      config: session,
      schema: { tags, summary: 'One scenario with its vectors', params: ScenarioIdParamsSchema, response: { 200: ScenarioSchema } },
    }, (request) => service.get(requireUser(request), request.params.id));

    api.post('/scenarios/:id', {
      config: session,
      schema: { tags, summary: 'Clone a visible scenario into the caller\'s own list', params: ScenarioIdParamsSchema, response: { 200: ScenarioSchema } },
    }, (request) => service.clone(requireUser(request), request.params.id));

    api.put('/scenarios/:id', {
      config: session,
      schema: { tags, summary: 'Update an owned scenario', params: ScenarioIdParamsSchema, body: ScenarioInputSchema, response: { 200: ScenarioSchema } },
    }, (request) => service.update(requireUser(request), request.params.id, request.body));

    api.post('/scenarios/bulk', {
      config: session,
      schema: { tags, summary: 'Save new scenarios (SaveMode skip or override for duplicates)', body: ScenarioSaveRequestSchema, response: { 200: ScenarioSaveResponseSchema } },
    }, (request) => service.save(requireUser(request), request.body.Scenarios, request.body.SaveMode));

    api.delete('/scenarios/bulk', {
      config: session,
      schema: { tags, summary: 'Delete owned scenarios (list of Ids)', body: ScenarioDeleteRequestSchema, response: { 200: ScenarioDeleteResponseSchema } },
    }, (request) => service.remove(requireUser(request), request.body));

    api.post('/scenarios/bulk/share', {
      config: { permission: 'admin' },
      schema: { tags, summary: 'Share scenarios with users (admin)', body: ScenarioShareRequestSchema, response: { 200: ScenarioShareResponseSchema } },
    }, (request) => service.share(requireUser(request), request.body.scenarioIds, request.body.userIds));
  },
};
