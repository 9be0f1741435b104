import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../bootstrap.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { TEST_PASSWORDS, testConfig } from '../test/test-config.ts';
import { QueueRunService } from './queue-run-service.ts';
import { dropPrefix, eventually, freshPrefix, queueTestsEnabled, redisReachable, startWorker, TEST_REDIS_URL, type WorkerProcess } from './queue-test-support.ts';

const DNA1 = { DealName: 'STACR 2026-DNA1', SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0.005], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };

/**
 * Issue 12 §5: two API replicas and two `npm run worker` processes on one PostgreSQL and one
 * Redis take a mixed load with no error, and a worker killed with kill -9 in the middle of it
 * costs no request (its runs go to the other worker).
 */
describe.skipIf(!queueTestsEnabled)('scale: two API replicas + two workers on one PostgreSQL and Redis', () => {
  const prefix = freshPrefix();
  const workers: WorkerProcess[] = [];
  let a: TestApp;
  let b: { app: FastifyInstance; handle: DatabaseHandle };
  const urls: string[] = [];
  const queues: QueueRunService[] = [];
  const queue = () => {
    const q = new QueueRunService({ redisUrl: TEST_REDIS_URL, prefix, timeoutMs: 120_000, parallelism: 2 }, { perUser: 64, maxAdmitted: 256 });
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    if (!(await redisReachable())) throw new Error(`Redis is not reachable at ${TEST_REDIS_URL} (set TEST_REDIS_URL): the scale test needs it.`);
    for (let i = 0; i < 2; i += 1) workers.push(startWorker(prefix, { OPENCRT_WORKER_LOCK_MS: '10000' }));
    a = await createTestApp({ runs: queue() });
    const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: a.schema });
    const started = await startApp(handle, testConfig(), { runs: queue() });
    b = { app: started.app, handle };
    for (const app of [a.app, b.app]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    await Promise.all(workers.map((w) => w.ready));
  }, 180_000);

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await b?.app.close();
    await b?.handle.close();
    await a?.close();
    await dropPrefix(prefix);
  }, 60_000);

  it('serves a mixed load on both replicas with no error, through a worker kill -9', async () => {
    // Sign in on replica A; the token works on B (shared database and secret).
    const res = await fetch(`${urls[0]}/api/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=analyst&password=${encodeURIComponent(TEST_PASSWORDS.analyst)}&grant_type=password`,
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const mix: { path: string; body?: unknown }[] = [
      { path: '/api/deals' },
      { path: '/api/simulate?useShallowResponse=true', body: DNA1 },
      { path: '/api/simulate/yield', body: { ...DNA1, BondName: 'M-2B', Price: 100 } },
      { path: '/api/simulate/yield/matrix', body: { ...DNA1, BondName: 'M-2B', Price: 100, MatrixCpr: [0, 10, 20], MatrixCdr: [0, 1, 2] } },
      { path: '/api/simulate', body: DNA1 },
    ];
    const failures: string[] = [];
    let done = 0;
    const client = async (c: number) => {
      for (let round = 0; round < 6; round += 1) {
        const step = mix[(c + round) % mix.length] as (typeof mix)[number];
        const url = `${urls[(c + round) % 2]}${step.path}`;
        const r = step.body === undefined
          ? await fetch(url, { headers: json })
          // A CPR of its own per request: every run reaches a worker (identical runs answer from the API's result cache).
          : await fetch(url, { method: 'POST', headers: json, body: JSON.stringify({ ...step.body as object, Cpr: [0, 0.1 + (c * 6 + round) / 1000] }) });
        const text = await r.text();
        if (r.status !== 200) failures.push(`${r.status} ${step.path}: ${text.slice(0, 200)}`);
        // The full answer crosses the queue as the worker's JSON bytes: it must arrive whole.
        else if (step.path === '/api/simulate' && !((JSON.parse(text) as { BondsCashflows?: unknown[] }).BondsCashflows?.length)) failures.push(`no bonds in ${text.slice(0, 200)}`);
        done += 1;
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, c) => client(c)));
    // Once both workers have taken runs, kill one in the middle of the load.
    await eventually(() => workers.every((w) => w.started.length > 0) || done >= 40, 120_000);
    const victim = workers[0] as WorkerProcess;
    victim.child.kill('SIGKILL');
    await load;
    expect(failures).toEqual([]);
    expect(done).toBe(48);
    // The surviving worker ran the rest.
    expect((workers[1] as WorkerProcess).started.length).toBeGreaterThan(0);
  }, 300_000);
});
