import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { QueueRunService } from './queue-run-service.ts';
import { dropPrefix, freshPrefix, queueTestsEnabled, redisReachable, startWorker, TEST_REDIS_URL, type WorkerProcess } from './queue-test-support.ts';

const axis = (n: number, step: number) => Array.from({ length: n }, (_, i) => Math.round(i * step * 1000) / 1000);

/**
 * Issue 32 §8d: a 50×50 matrix in queue mode is 32 jobs waited on at once. Each wait used to add a
 * listener to the one Queue (BullMQ's job.waitUntilFinished listens for the queue's 'closing'), so
 * Node printed MaxListenersExceededWarning into the JSON log. Now one listener serves every job.
 */
describe.skipIf(!queueTestsEnabled)('queue mode: a 50×50 matrix adds no listener per piece', () => {
  const prefix = freshPrefix();
  let worker: WorkerProcess;
  let t: TestApp;
  let queue: QueueRunService;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => { warnings.push(warning); };

  beforeAll(async () => {
    if (!(await redisReachable())) throw new Error(`Redis is not reachable at ${TEST_REDIS_URL} (set TEST_REDIS_URL): the queue tests need it.`);
    worker = startWorker(prefix, { OPENCRT_RUN_THREADS: '2' });
    // Parallelism 4: the matrix is split into 32 row groups, all waited on at once.
    queue = new QueueRunService({ redisUrl: TEST_REDIS_URL, prefix, timeoutMs: 120_000, parallelism: 4 }, { perUser: 4, maxAdmitted: 16 });
    t = await createTestApp({ runs: queue });
    await worker.ready;
    process.on('warning', onWarning);
  }, 180_000);

  afterAll(async () => {
    process.off('warning', onWarning);
    await t?.close();
    if (worker?.child.exitCode === null) worker.child.kill('SIGKILL');
    await worker?.exited;
    await dropPrefix(prefix);
  }, 60_000);

  it('answers the matrix, twice, with no MaxListenersExceededWarning', async () => {
    const token = await t.token('analyst');
    const jobs: number[] = [];
    for (const price of [100, 99]) {
      const before = worker.started.length;
      const res = await t.request({
        method: 'POST', url: '/api/simulate/yield/matrix', token,
        payload: {
          DealName: 'STACR 2026-DNA1', BondName: 'M-2B', SettlementDate: 20260217, Price: price, Cpr: [0, 0.1], Cdr: [0, 0.005],
          LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786], MatrixCpr: axis(50, 1), MatrixCdr: axis(50, 0.1),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const metric = (res.json() as { Metric: number[][] }).Metric;
      expect(metric).toHaveLength(50);
      expect(metric.every((row) => row.length === 50 && row.every(Number.isFinite))).toBe(true);
      jobs.push(worker.started.length - before);
    }
    console.log(`jobs per 50x50 matrix: ${jobs.join(', ')}`);
    // The warning is emitted on the next tick after the listener is added.
    await new Promise((r) => setTimeout(r, 50));
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
    // Each matrix really was many jobs waited on together (more than Node's limit of 10 listeners).
    for (const n of jobs) expect(n).toBeGreaterThan(10);
  }, 180_000);
});
