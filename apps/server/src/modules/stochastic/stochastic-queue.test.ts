import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueRunService } from '../../runs/queue-run-service.ts';
import { dropPrefix, eventually, freshPrefix, queueTestsEnabled, redisReachable, startWorker, TEST_REDIS_URL, type WorkerProcess } from '../../runs/queue-test-support.ts';
import { ThreadPoolRunService, type RunService } from '../../runs/run-service.ts';
import { dna1Batches } from './stochastic-fixture.ts';

const PATHS = 24;

/** A stochastic run's answer through a run service: its batches, then the summary task. */
async function answer(runs: RunService, key: string): Promise<string> {
  const outcomes = await runs.runBatch('stochasticBatch', dna1Batches(PATHS, 4, key, 11), { userId: 5, concurrency: runs.parallelism });
  const batches = outcomes.map((o) => { if (!o.ok) throw new Error(o.message); return o.value; });
  return JSON.stringify(await runs.run('stochasticSummary', { paths: PATHS, seed: 11, batches }, { userId: 5 }));
}

describe('stochastic runs give one answer however they are spread (issue 35 #3)', () => {
  let reference: string;
  beforeAll(async () => {
    const one = new ThreadPoolRunService({ threads: 1, perUser: 2, maxAdmitted: 8 });
    try { reference = await answer(one, 'dna1-one-thread'); } finally { await one.close(); }
  }, 300_000);

  it('two engine threads answer bit for bit what one does', async () => {
    const two = new ThreadPoolRunService({ threads: 2, perUser: 2, maxAdmitted: 8 });
    try { expect(await answer(two, 'dna1-two-threads')).toBe(reference); } finally { await two.close(); }
    expect(JSON.parse(reference).Classes.length).toBeGreaterThan(3);
  }, 300_000);

  describe.skipIf(!queueTestsEnabled)('queue mode: two `npm run worker` processes', () => {
    const prefix = freshPrefix();
    const workers: WorkerProcess[] = [];
    let queue: QueueRunService;
    beforeAll(async () => {
      if (!(await redisReachable())) throw new Error(`Redis is not reachable at ${TEST_REDIS_URL} (set TEST_REDIS_URL): the queue tests need it.`);
      for (let i = 0; i < 2; i += 1) workers.push(startWorker(prefix, { OPENCRT_WORKER_LOCK_MS: '3000' }));
      await Promise.all(workers.map((w) => w.ready));
      queue = new QueueRunService({ redisUrl: TEST_REDIS_URL, prefix, timeoutMs: 240_000, parallelism: 2 }, { perUser: 2, maxAdmitted: 16 });
    }, 120_000);
    afterAll(async () => {
      await queue?.close();
      for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
      await Promise.all(workers.map((w) => w.exited));
      await dropPrefix(prefix);
    }, 60_000);

    it('answer the same bit for bit, even when one is killed mid-run (its batch runs again elsewhere)', async () => {
      expect(await answer(queue, 'dna1-queue')).toBe(reference);
      const before = workers.map((w) => w.started.length);
      const run = answer(queue, 'dna1-queue-kill');
      await eventually(() => workers.some((w, i) => w.started.length > (before[i] ?? 0)));
      const victim = workers.find((w, i) => w.started.length > (before[i] ?? 0)) as WorkerProcess;
      victim.child.kill('SIGKILL');
      await victim.exited;
      expect(await run).toBe(reference);
    }, 300_000);
  });
});
