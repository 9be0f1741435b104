import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { QueueRunService, RUNS_UNREACHABLE, RunUnavailable } from './queue-run-service.ts';
import { dropPrefix, eventually, freshPrefix, queueTestsEnabled, startWorker, TEST_REDIS_URL } from './queue-test-support.ts';
import { withRequestId } from '../ops/request-context.ts';
import type { RunLogger } from './run-service.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A throw-away Redis on `port` (no persistence); resolves once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); if (/Ready to accept connections/i.test(output)) resolve(); });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

function collectingLogger() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: object, msg: string) => { lines.push({ level, msg }); };
  const log: RunLogger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

describe.skipIf(!queueTestsEnabled)('queue mode when Redis is down, and workers stopping (issue 26)', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => { for (const step of cleanup.reverse()) await step(); }, 60_000);

  it('answers /readyz 503 and runs 503 while Redis is unreachable, logs each change once, and recovers when Redis starts', async () => {
    const port = await freePort();
    const redisUrl = `redis://127.0.0.1:${port}`;
    const prefix = freshPrefix();
    const timeoutMs = 8_000;
    const queue = new QueueRunService({ redisUrl, prefix, timeoutMs, parallelism: 1 }, { perUser: 4, maxAdmitted: 16 });
    const t: TestApp = await createTestApp({ runs: queue });
    cleanup.push(() => t.close());
    const { log, lines } = collectingLogger();
    t.ctx.runs.useLogger?.(log);

    // Several reconnect attempts go by (one every 2 s at most) before the checks.
    await new Promise((r) => setTimeout(r, 3_000));
    const down = await t.request({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect((down.json() as { Message: string }).Message).toMatch(new RegExp(`runs: Redis at 127\\.0\\.0\\.1:${port} is unreachable`));

    const started = Date.now();
    const error = await t.ctx.runs.run('spin', { ms: 10 }, { userId: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunUnavailable);
    expect(error).toMatchObject({ statusCode: 503, message: RUNS_UNREACHABLE });
    expect(Date.now() - started).toBeLessThan(timeoutMs);

    // Redis comes up; a worker starts on it.
    const redis = await startRedis(port);
    cleanup.push(async () => { if (redis.exitCode === null) { redis.kill('SIGKILL'); await new Promise((r) => redis.once('exit', r)); } });
    const worker = startWorker(prefix, { REDIS_URL: redisUrl });
    cleanup.push(async () => { if (worker.child.exitCode === null) worker.child.kill('SIGKILL'); await worker.exited; });
    await worker.ready;
    let ready = await t.request({ method: 'GET', url: '/readyz' });
    for (let i = 0; i < 100 && ready.statusCode !== 200; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      ready = await t.request({ method: 'GET', url: '/readyz' });
    }
    // The report sources' states ride along under "reports" (issue 32).
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', runs: 'ok' } });
    await expect(t.ctx.runs.run('spin', { ms: 20 }, { userId: 1 })).resolves.toBeGreaterThan(0);

    // Redis goes away again: 503 at once, not after the run timeout.
    redis.kill('SIGTERM');
    await new Promise((r) => redis.once('exit', r));
    await eventually(() => lines.filter((l) => /unreachable/.test(l.msg)).length === 2, 20_000);
    const again = Date.now();
    await expect(t.ctx.runs.run('spin', { ms: 10 }, { userId: 1 })).rejects.toMatchObject({ statusCode: 503, message: RUNS_UNREACHABLE });
    expect(Date.now() - again).toBeLessThan(timeoutMs);
    // A batch (matrix, grid) as a whole, not cell by cell.
    await expect(t.ctx.runs.runBatch('spin', [{ ms: 10 }, { ms: 10 }], { userId: 1 })).rejects.toMatchObject({ statusCode: 503, message: RUNS_UNREACHABLE });
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

    // One line per change of state, however many reconnect attempts failed in between.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(lines.filter((l) => l.level !== 'debug').map((l) => `${l.level}: ${l.msg}`)).toEqual([
      'error: run queue: Redis unreachable; runs answer 503 until it is back',
      'warn: run queue: Redis reachable again',
      'error: run queue: Redis unreachable; runs answer 503 until it is back',
    ]);
  }, 120_000);

  it('a worker stopped with SIGTERM finishes the job in hand and exits 0; its lines carry the request id', async () => {
    const prefix = freshPrefix();
    cleanup.push(() => dropPrefix(prefix));
    const api = new QueueRunService({ redisUrl: TEST_REDIS_URL, prefix, timeoutMs: 60_000, parallelism: 1 }, { perUser: 4, maxAdmitted: 16 });
    cleanup.push(() => api.close());
    const worker = startWorker(prefix);
    cleanup.push(async () => { if (worker.child.exitCode === null) worker.child.kill('SIGKILL'); await worker.exited; });
    await worker.ready;
    const result = withRequestId('req-outage-7', () => api.run('spin', { ms: 3_000 }, { userId: 1 }));
    await eventually(() => worker.started.length === 1);
    worker.child.kill('SIGTERM');
    await expect(result).resolves.toBeGreaterThan(0);
    await worker.exited;
    expect(worker.child.exitCode).toBe(0);
    const job = worker.started[0];
    expect(worker.lines).toContainEqual(expect.objectContaining({ event: 'run-started', job, requestId: 'req-outage-7' }));
    expect(worker.lines).toContainEqual(expect.objectContaining({ event: 'run-finished', job, requestId: 'req-outage-7' }));
    expect(worker.lines.at(-1)).toMatchObject({ event: 'worker-stopped' });
  }, 120_000);

  it('a worker still busy when its grace period ends hands the job back to the queue, and another worker runs it', async () => {
    const prefix = freshPrefix();
    cleanup.push(() => dropPrefix(prefix));
    const api = new QueueRunService({ redisUrl: TEST_REDIS_URL, prefix, timeoutMs: 90_000, parallelism: 1 }, { perUser: 4, maxAdmitted: 16 });
    cleanup.push(() => api.close());
    const first = startWorker(prefix, { OPENCRT_SHUTDOWN_GRACE_MS: '1000' });
    cleanup.push(async () => { if (first.child.exitCode === null) first.child.kill('SIGKILL'); await first.exited; });
    await first.ready;
    const result = api.run('spin', { ms: 6_000 }, { userId: 1 });
    await eventually(() => first.started.length === 1);
    const job = first.started[0];
    first.child.kill('SIGTERM');
    await first.exited;
    expect(first.child.exitCode).toBe(0);
    const second = startWorker(prefix);
    cleanup.push(async () => { if (second.child.exitCode === null) second.child.kill('SIGKILL'); await second.exited; });
    await expect(result).resolves.toBeGreaterThan(0);
    // Handed back at once (waiting again), not found later as a stalled job.
    expect(second.started).toEqual([job]);
  }, 120_000);
});
