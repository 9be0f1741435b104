/**
 * Long batch runs (portfolio grids, vendor grids, ADco sheets) answered as a stream of NDJSON
 * lines, one per finished piece, so the client shows progress and a disconnect cancels the rest.
 *
 * Use in a route (the inputs are prepared and checked first, so bad input is still a plain 400):
 *
 *   api.post('/simulate/portfolio/grid', { config: { permission: 'session' }, schema: { body } }, async (request, reply) => {
 *     const user = requireUser(request);
 *     const inputs = await prepareGrid(ctx, user, request.body);          // DB reads, checks → 400/404
 *     return streamBatch(ctx.runs, request, reply, 'simulate', inputs, {
 *       piece: (index, value) => ({ Deal: names[index], Wal: value.BondsCashflows[0]?.Wal }),  // what one line carries
 *       summary: (outcomes) => ({ Failed: outcomes.filter((o) => !o.ok).length }),             // optional last line
 *     });
 *   });
 *
 * Lines (Content-Type application/x-ndjson):
 *   {"type":"piece","index":3,"done":1,"total":40,"ok":true,"value":{...}}     (finishing order)
 *   {"type":"piece","index":7,"done":2,"total":40,"ok":false,"Message":"..."}
 *   {"type":"done","total":40,"failed":1,"summary":{...}}
 *   {"type":"error","Message":"..."}    (the batch failed after the stream began)
 * Admission is checked before anything is written: a full user or queue is a normal 429 with
 * { Message }. The client reads lines with `response.body` and a TextDecoder (or fetch + split).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/authenticate.ts';
import type { TaskInput, TaskName, TaskOutput } from './engine-tasks.ts';
import type { BatchOutcome, RunService } from './run-service.ts';
import { RunCancelled } from './run-service.ts';

export interface StreamBatchOptions<T> {
  /** The JSON a successful piece's line carries (default: the task output as is). */
  piece?: (index: number, value: T) => unknown;
  /** Extra fields of the last line, from every piece's outcome in input order. */
  summary?: (outcomes: BatchOutcome<T>[]) => unknown;
}

/**
 * Runs `inputs` as one batch of task `name` for the signed-in user and streams each piece's
 * outcome as it finishes. Resolves once the stream has ended (Fastify must not send a reply).
 */
export async function streamBatch<N extends TaskName>(
  runs: RunService, request: FastifyRequest, reply: FastifyReply, name: N, inputs: TaskInput<N>[], options: StreamBatchOptions<TaskOutput<N>> = {},
): Promise<FastifyReply> {
  const controller = new AbortController();
  reply.raw.once('close', () => { if (!reply.raw.writableFinished) controller.abort(); });
  const lines: string[] = [];
  let started = false;
  let done = 0;
  const write = (line: unknown) => {
    const text = `${JSON.stringify(line)}\n`;
    if (started) reply.raw.write(text); else lines.push(text);
  };
  let admitted: () => void = () => {};
  const admission = new Promise<null>((resolve) => { admitted = () => resolve(null); });
  const batch = runs.runBatch(name, inputs, {
    userId: requireUser(request).id,
    signal: controller.signal,
    onAdmitted: () => admitted(),
    onResult: (index, outcome) => {
      done += 1;
      write(outcome.ok
        ? { type: 'piece', index, done, total: inputs.length, ok: true, value: options.piece ? options.piece(index, outcome.value) : outcome.value }
        : { type: 'piece', index, done, total: inputs.length, ok: false, Message: outcome.message });
    },
  });
  // Wait for admission before writing anything: a refusal (429) is then a normal error reply.
  const refused = await Promise.race([batch.then(() => null, (error: unknown) => error), admission]);
  if (refused) throw refused;

  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  started = true;
  for (const text of lines.splice(0)) reply.raw.write(text);
  try {
    const outcomes = await batch;
    write({ type: 'done', total: inputs.length, failed: outcomes.filter((o) => !o.ok).length, ...(options.summary ? { summary: options.summary(outcomes) } : {}) });
  } catch (error) {
    if (!(error instanceof RunCancelled)) write({ type: 'error', Message: error instanceof Error ? error.message : String(error) });
  }
  reply.raw.end();
  return reply;
}
