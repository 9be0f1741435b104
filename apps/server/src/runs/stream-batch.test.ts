import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../http/error-handler.ts';
import { ThreadPoolRunService, USER_BUSY } from './run-service.ts';
import { streamBatch } from './stream-batch.ts';

/** NDJSON lines of a response body. */
async function linesOf(res: Response): Promise<Record<string, unknown>[]> {
  return (await res.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('streamBatch (NDJSON progress of a batch run)', () => {
  let app: FastifyInstance;
  let runs: ThreadPoolRunService;
  let base: string;
  beforeAll(async () => {
    runs = new ThreadPoolRunService({ threads: 2, perUser: 1, maxAdmitted: 8 });
    app = Fastify();
    installErrorHandling(app);
    // A signed-in user from a header: enough to exercise the helper without the auth stack.
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => { request.user = { id: Number(request.headers['x-user'] ?? 1), username: 'u', roles: [] }; });
    app.post<{ Body: { ms: number[] } }>('/grid', async (request, reply) => streamBatch(runs, request, reply, 'spin', request.body.ms.map((ms) => ({ ms })), {
      piece: (index) => ({ Piece: index }),
      summary: (outcomes) => ({ Pieces: outcomes.length }),
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Start both threads (the first start of a thread takes a while under load).
    await Promise.all([runs.run('spin', { ms: 300 }, { userId: 100 }), runs.run('spin', { ms: 300 }, { userId: 101 })]);
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => { await app?.close(); await runs?.close(); });

  const grid = (ms: number[], user = 1, signal?: AbortSignal) => fetch(`${base}/grid`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-user': String(user) }, body: JSON.stringify({ ms }), ...(signal ? { signal } : {}),
  });

  it('streams one line per piece as it finishes, then a done line', async () => {
    const res = await grid([2_000, 10, 10, 10]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = await linesOf(res);
    const pieces = lines.filter((l) => l.type === 'piece');
    expect(pieces.map((p) => p.index).sort()).toEqual([0, 1, 2, 3]);
    expect(pieces.map((p) => p.done)).toEqual([1, 2, 3, 4]);
    expect(pieces.every((p) => p.ok === true && (p.value as { Piece: number }).Piece === p.index)).toBe(true);
    // The long piece finishes after the short ones: lines come in finishing order.
    expect(pieces.at(-1)?.index).toBe(0);
    expect(lines.at(-1)).toEqual({ type: 'done', total: 4, failed: 0, summary: { Pieces: 4 } });
  }, 60_000);

  it('answers 429 with a Message (not a stream) when the user is at the cap', async () => {
    const busy = runs.run('spin', { ms: 1_500 }, { userId: 7 });
    const res = await grid([10], 7);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ Message: USER_BUSY });
    await busy;
  }, 60_000);

  it('cancels the pieces not yet run when the client disconnects', async () => {
    const completedBefore = runs.completed;
    const controller = new AbortController();
    const res = await grid([1_500, 1_500, 1_500, 1_500, 1_500, 1_500], 9, controller.signal);
    expect(res.status).toBe(200);
    controller.abort();
    // Cancelled pieces leave the queue; the user's slot comes back without running them all.
    const until = Date.now() + 20_000;
    while (runs.queued > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(runs.queued).toBe(0);
    let admittedAgain = false;
    while (!admittedAgain && Date.now() < until) {
      admittedAgain = await runs.run('spin', { ms: 1 }, { userId: 9 }).then(() => true, () => false);
      if (!admittedAgain) await new Promise((r) => setTimeout(r, 50));
    }
    expect(admittedAgain).toBe(true);
    // At most the two pieces that were on the threads (plus the probe runs) completed, not six.
    expect(runs.completed - completedBefore).toBeLessThan(6);
  }, 60_000);
});
