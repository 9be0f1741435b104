import { StochasticResponse } from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';
import { readNdjson } from '../../api/ndjson.ts';
import type { StochasticEvent } from './stochastic-model.ts';

/**
 * Runs POST /simulate/stochastic?progress=true, calling `onProgress` as batches finish, and resolves
 * with the answer. Aborting `signal` closes the connection: the server drops the batches not yet run.
 */
export async function runStochastic(api: ApiClient, body: Record<string, unknown>, signal: AbortSignal, onProgress: (done: number, total: number) => void): Promise<StochasticResponse> {
  const response = await api.request('/simulate/stochastic?progress=true', { method: 'POST', json: body, signal });
  let result: StochasticResponse | null = null;
  const read = (line: unknown) => {
    const event = line as StochasticEvent;
    if (event.type === 'progress') onProgress(event.done, event.total);
    else if (event.type === 'error') throw new Error(event.Message);
    else result = StochasticResponse.parse(event.result);
  };
  await readNdjson(response, read);
  if (!result) throw new Error('The stochastic run ended without an answer.');
  return result;
}
