import { StochasticResponse } from '@opencrt/contracts';
import type { ApiClient } from '../../api/client.ts';
import type { StochasticEvent } from './stochastic-model.ts';

/**
 * Runs POST /simulate/stochastic?progress=true, calling `onProgress` as batches finish, and resolves
 * with the answer. Aborting `signal` closes the connection: the server drops the batches not yet run.
 */
export async function runStochastic(api: ApiClient, body: Record<string, unknown>, signal: AbortSignal, onProgress: (done: number, total: number) => void): Promise<StochasticResponse> {
  const response = await api.request('/simulate/stochastic?progress=true', { method: 'POST', json: body, signal });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('The stochastic answer has no body.');
  const decoder = new TextDecoder();
  let pending = '';
  let result: StochasticResponse | null = null;
  const read = (line: string) => {
    const event = JSON.parse(line) as StochasticEvent;
    if (event.type === 'progress') onProgress(event.done, event.total);
    else if (event.type === 'error') throw new Error(event.Message);
    else result = StochasticResponse.parse(event.result);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (value) pending += decoder.decode(value, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) read(line);
      newline = pending.indexOf('\n');
    }
    if (done) break;
  }
  if (pending.trim()) read(pending.trim());
  if (!result) throw new Error('The stochastic run ended without an answer.');
  return result;
}
