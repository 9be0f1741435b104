import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { RunCancelled, ThreadPoolRunService, USER_BUSY } from './run-service.ts';

const DNA1 = 'STACR 2026-DNA1';
const run = { DealName: DNA1, SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };
const axis = (n: number, step: number) => Array.from({ length: n }, (_, i) => Math.round(i * step * 1000) / 1000);

/** Resolves when `condition` holds (checked every 20 ms), or fails after `ms`. */
async function until(condition: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('run service over HTTP (engine off the event loop)', () => {
  let t: TestApp;
  let runs: ThreadPoolRunService;
  let base: string;
  beforeAll(async () => {
    runs = new ThreadPoolRunService({ threads: 1, perUser: 1, maxAdmitted: 8 });
    t = await createTestApp({ runs });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => { await t?.close(); });

  const post = (url: string, token: string, body: unknown, signal?: AbortSignal) => fetch(`${base}${url}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body), ...(signal ? { signal } : {}),
  });

  it('answers a trivial GET while a 50×50 yield matrix runs', async () => {
    const token = await t.token('analyst');
    let matrixDone = false;
    const matrix = post('/api/simulate/yield/matrix', token, { ...run, BondName: 'M-2B', Price: 100, MatrixCpr: axis(50, 1), MatrixCdr: axis(50, 0.1) })
      .then(async (res) => { matrixDone = true; return { status: res.status, body: await res.json() as { Wal: unknown[][]; Metric: unknown[][] } }; });
    // Wait until the matrix is on the workers, then ask for something cheap.
    await until(() => runs.queued > 0 || matrixDone);
    const roles = await fetch(`${base}/api/roles`, { headers: { authorization: `Bearer ${token}` } });
    expect(roles.status).toBe(200);
    // On the event loop (before this service) the GET could only answer after the matrix.
    expect(matrixDone).toBe(false);
    const answer = await matrix;
    expect(answer.status).toBe(200);
    expect(answer.body.Wal).toHaveLength(50);
    expect(answer.body.Metric.every((row) => row.length === 50)).toBe(true);
  }, 300_000);

  it('drops the queued work of a client that disconnects', async () => {
    const token = await t.token('user');
    const admin = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    // Another user's long run holds the only thread.
    let spinDone = false;
    const spin = runs.run('spin', { ms: 8_000 }, { userId: admin.id }).finally(() => { spinDone = true; });
    const controller = new AbortController();
    const request = post('/api/simulate/yield/matrix', token, { ...run, BondName: 'M-2B', Price: 100 }, controller.signal).catch((e: unknown) => e);
    await until(() => runs.queued > 0);
    controller.abort();
    await request;
    await until(() => runs.queued === 0);
    // The queue emptied while the long run still held the thread: the work was dropped, not run.
    expect(spinDone).toBe(false);
    await spin;
  }, 60_000);

  it('refuses a second concurrent run of one user with 429 and a Message', async () => {
    const token = await t.token('user');
    const user = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'user').executeTakeFirstOrThrow();
    const spin = runs.run('spin', { ms: 3_000 }, { userId: user.id });
    const res = await post('/api/simulate/yield', token, { ...run, BondName: 'M-2B', Price: 100 });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ Message: USER_BUSY });
    await spin;
    // The slot is given back: the same request now runs.
    const again = await post('/api/simulate/yield', token, { ...run, BondName: 'M-2B', Price: 100 });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { IsSuccessful: boolean }).IsSuccessful).toBe(true);
  }, 60_000);
});

describe('ThreadPoolRunService', () => {
  it('lets a task cancelled on its thread run to its end (the thread, its deal cache and its optimised code stay)', async () => {
    const runs = new ThreadPoolRunService({ threads: 1, perUser: 4, maxAdmitted: 8 });
    try {
      await runs.run('spin', { ms: 1 }, { userId: 1 });
      const completed = runs.completed;
      const controller = new AbortController();
      const cancelled = runs.run('spin', { ms: 400 }, { userId: 1, signal: controller.signal });
      await new Promise((r) => setTimeout(r, 100));
      controller.abort();
      await expect(cancelled).rejects.toBeInstanceOf(RunCancelled);
      // The next task waits for the thread, which finishes the cancelled spin: completed, not terminated.
      await expect(runs.run('spin', { ms: 1 }, { userId: 1 })).resolves.toBeGreaterThan(0);
      expect(runs.completed).toBe(completed + 2);
    } finally {
      await runs.close();
    }
  }, 30_000);

  it('rejects with RunCancelled when the signal aborts a queued task', async () => {
    const runs = new ThreadPoolRunService({ threads: 1, perUser: 4, maxAdmitted: 8 });
    try {
      const first = runs.run('spin', { ms: 1_500 }, { userId: 1 });
      const controller = new AbortController();
      const second = runs.run('spin', { ms: 10 }, { userId: 1, signal: controller.signal });
      await until(() => runs.queued > 0);
      controller.abort();
      await expect(second).rejects.toBeInstanceOf(RunCancelled);
      await expect(first).resolves.toBeGreaterThan(0);
    } finally {
      await runs.close();
    }
  }, 30_000);
});
