import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { eventually as until } from '../../runs/queue-test-support.ts';
import { ThreadPoolRunService } from '../../runs/run-service.ts';

const DNA1 = 'STACR 2026-DNA1';
const stochastic = { DealName: DNA1, SettlementDate: 20260217, PrepaymentModel: 'LDM_3', Libor: [0, 0.0365786], Paths: 400, Seed: 3 };
const typed = { DealName: DNA1, SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };

describe('stochastic runs on the run service (issue 35 #3)', () => {
  let t: TestApp;
  let runs: ThreadPoolRunService;
  let base: string;
  beforeAll(async () => {
    runs = new ThreadPoolRunService({ threads: 1, perUser: 2, maxAdmitted: 8 });
    t = await createTestApp({ runs });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => { await t?.close(); });

  const post = (url: string, token: string, body: unknown, signal?: AbortSignal) => fetch(`${base}${url}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body), ...(signal ? { signal } : {}),
  });

  /** Starts a streamed stochastic run; resolves once `batches` progress lines beyond the first arrived. */
  async function startRun(token: string, signal: AbortSignal, batches = 1) {
    const res = await post('/api/simulate/stochastic?progress=true', token, stochastic, signal);
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    let seen = 0;
    while (seen < batches + 1) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended early');
      text += decoder.decode(value);
      seen = text.split('\n').filter((l) => l.includes('"progress"')).length;
    }
    return { reader, linesSoFar: text };
  }

  it("another user's single run answers while a stochastic run holds the thread: it waits for one batch, not the run", async () => {
    const controller = new AbortController();
    const { reader } = await startRun(await t.token('analyst'), controller.signal);
    const completedBefore = runs.completed;
    const single = await post('/api/simulate', await t.token('admin'), typed);
    expect(single.status).toBe(200);
    // The stochastic run (16 batches on one thread) is still far from done when the single run answers.
    expect(runs.completed - completedBefore).toBeLessThan(8);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await until(() => runs.queued === 0);
  }, 300_000);

  it('a client that disconnects cancels the batches not yet run', async () => {
    const controller = new AbortController();
    const { reader } = await startRun(await t.token('analyst'), controller.signal);
    const atAbort = runs.completed;
    controller.abort();
    await reader.cancel().catch(() => undefined);
    // Let whatever was on the thread finish (a batch takes seconds on a busy machine), then check
    // that nothing else runs: the thread is idle and stays so.
    const idle = async () => { for (;;) { const load = await runs.load(); if (load.running === 0 && load.queued === 0) return; await new Promise((r) => setTimeout(r, 50)); } };
    await idle();
    const after = runs.completed;
    await new Promise((r) => setTimeout(r, 1000));
    expect(runs.completed).toBe(after);
    // 16 batches: at most the one on the thread (and one handed to it as the abort landed) ran after the abort.
    expect(after - atAbort).toBeLessThanOrEqual(2);
  }, 300_000);
});
