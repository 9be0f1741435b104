import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueRunService, RUN_TIMED_OUT, RunUnavailable } from './queue-run-service.ts';
import {
  dropPrefix, eventually, freshPrefix, queueTestsEnabled, redisReachable, startWorker, TEST_REDIS_URL, type WorkerProcess,
} from './queue-test-support.ts';
import { USER_BUSY } from './run-service.ts';

describe.skipIf(!queueTestsEnabled)('QueueRunService (REDIS_URL mode: BullMQ jobs run by `npm run worker`)', () => {
  const prefix = freshPrefix();
  const workers: WorkerProcess[] = [];
  const services: QueueRunService[] = [];
  const service = (timeoutMs = 60_000, perUser = 1) => {
    const s = new QueueRunService({ redisUrl: TEST_REDIS_URL, prefix, timeoutMs, parallelism: 2 }, { perUser, maxAdmitted: 16 });
    services.push(s);
    return s;
  };

  beforeAll(async () => {
    if (!(await redisReachable())) throw new Error(`Redis is not reachable at ${TEST_REDIS_URL} (set TEST_REDIS_URL): the queue tests need it.`);
    // Short locks so a killed worker is noticed within seconds.
    for (let i = 0; i < 2; i += 1) workers.push(startWorker(prefix, { OPENCRT_WORKER_LOCK_MS: '3000' }));
    await Promise.all(workers.map((w) => w.ready));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await dropPrefix(prefix);
  }, 60_000);

  it('runs a task on a worker process and returns its result', async () => {
    await expect(service().run('spin', { ms: 50 }, { userId: 1 })).resolves.toBeGreaterThan(0);
  }, 60_000);

  it('caps a user\'s runs across two API replicas (429 with a Message on the second)', async () => {
    const [a, b] = [service(), service()];
    const before = workers.reduce((n, w) => n + w.started.length, 0);
    const first = a.run('spin', { ms: 3_000 }, { userId: 42 });
    // Admitted once a worker has it (a fixed pause could end before a loaded machine admits it).
    await eventually(() => workers.reduce((n, w) => n + w.started.length, 0) > before);
    await expect(b.run('spin', { ms: 10 }, { userId: 42 })).rejects.toMatchObject({ statusCode: 429, message: USER_BUSY });
    await first;
    await expect(b.run('spin', { ms: 10 }, { userId: 42 })).resolves.toBeGreaterThan(0);
  }, 60_000);

  it('hands the run of a worker killed with kill -9 to another worker', async () => {
    const api = service();
    const before = workers.map((w) => w.started.length);
    const result = api.run('spin', { ms: 5_000 }, { userId: 7 });
    await eventually(() => workers.some((w, i) => w.started.length > (before[i] ?? 0)));
    const victim = workers.find((w, i) => w.started.length > (before[i] ?? 0)) as WorkerProcess;
    const job = victim.started.at(-1);
    victim.child.kill('SIGKILL');
    await victim.exited;
    await expect(result).resolves.toBeGreaterThan(0);
    const survivor = workers.find((w) => w !== victim) as WorkerProcess;
    expect(survivor.started).toContain(job);
  }, 120_000);

  it('answers 503 with a Message, not a hang, when the last worker dies mid-run', async () => {
    const api = service(8_000);
    const survivor = workers.find((w) => w.child.exitCode === null && w.child.signalCode === null) as WorkerProcess;
    const before = survivor.started.length;
    const result = api.run('spin', { ms: 30_000 }, { userId: 8 }).catch((e: unknown) => e);
    await eventually(() => survivor.started.length > before);
    survivor.child.kill('SIGKILL');
    const error = await result;
    expect(error).toBeInstanceOf(RunUnavailable);
    expect(error).toMatchObject({ statusCode: 503, message: RUN_TIMED_OUT });
  }, 120_000);
});
