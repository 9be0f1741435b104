/** GET and POST /vectors (spec 001 §7). */
import { UserVectorListSchema, UserVectorSaveResponseSchema, type UserVector, type UserVectorInput } from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';

export const loadVectors = (api: ApiClient): Promise<UserVector[]> => api.get('/vectors', UserVectorListSchema);
export const saveVectors = (api: ApiClient, list: UserVectorInput[]) => api.post('/vectors', list, UserVectorSaveResponseSchema);
