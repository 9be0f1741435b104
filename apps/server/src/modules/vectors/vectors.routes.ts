import { UserVectorListSchema, UserVectorSaveRequestSchema, UserVectorSaveResponseSchema } from '@opencrt/contracts';
import { requireUser } from '../../auth/authenticate.ts';
import type { ApiModule } from '../module.ts';
import { listUserVectors, saveUserVectors } from './vectors.service.ts';

const tags = ['vectors'];

/** GET and POST /vectors (spec 001 §7). */
export const vectorsModule: ApiModule = {
  name: 'vectors',
  register(api, ctx) {
    api.get('/vectors', {
      config: { permission: 'session' },
      schema: { tags, summary: 'The caller\'s vectors and shared ones', response: { 200: UserVectorListSchema } },
    }, (request) => listUserVectors(ctx.db, requireUser(request).id));

    api.post('/vectors', {
      config: { permission: 'session' },
      schema: { tags, summary: 'Replace the caller\'s vectors with the list sent', body: UserVectorSaveRequestSchema, response: { 200: UserVectorSaveResponseSchema } },
    }, (request) => saveUserVectors(ctx.db, requireUser(request), request.body, ctx.now(), ctx.config.quotas.vectors));
  },
};
