import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThreadPoolRunService } from '../runs/run-service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { testConfig } from '../test/test-config.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** One sample's value from Prometheus text, by metric name and exact label set (as written). */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /healthz, /readyz and /metrics (issue 26)', () => {
  let t: TestApp;
  let webDist: string;
  let runs: ThreadPoolRunService;
  beforeAll(async () => {
    // With the web app served: its history fallback must not answer the probes with index.html.
    webDist = mkdtempSync(path.join(tmpdir(), 'opencrt-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>OpenCRT</title>');
    runs = new ThreadPoolRunService({ threads: 1, perUser: 1, maxAdmitted: 8 });
    t = await createTestApp({ webDist, serveWeb: true, runs, ops: { ...testConfig().ops, metricsToken: METRICS_TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz at the root with JSON, not the web app', async () => {
    const health = await t.request({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    // The report sources' states ride along without deciding readiness (issue 32).
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', runs: 'ok' },
      reports: { MySQL: expect.stringMatching(/^not configured: /), RedShift: expect.stringMatching(/^not configured: /), Application: 'ok' } });
    // The screens still get index.html.
    expect((await t.request({ method: 'GET', url: '/deal_catalog' })).body).toContain('<title>OpenCRT</title>');
  });

  it('answers paths below /metrics, /healthz and /readyz (the trailing slash too) with a JSON 404, not the web app', async () => {
    for (const url of ['/metrics/', '/metrics/?x=1', '/metrics//', '/metrics/x', '/healthz/', '/readyz/', '/readyz/deep/er']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ Message: 'Not found' });
    }
    // Like an unknown API path, whatever the method.
    expect((await t.request({ method: 'POST', url: '/metrics/', payload: {} })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/nowhere/' })).json()).toEqual({ Message: 'Wrong path' });
    // The routes themselves, and screens with a trailing slash, are as before.
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/metrics?x=1' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.request({ method: 'GET', url: '/deal_catalog/' })).body).toContain('<title>OpenCRT</title>');
  });

  it('answers /readyz 503 with the reason when a migration is not applied', async () => {
    const [row] = (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.ctx.db)).rows;
    if (!row) throw new Error('no migrations recorded');
    await sql`delete from kysely_migration where name = ${row.name}`.execute(t.ctx.db);
    try {
      const res = await t.request({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      const body = res.json() as { status: string; Message: string; checks: Record<string, string> };
      expect(body.status).toBe('unavailable');
      expect(body.Message).toContain(row.name);
      expect(body.checks.runs).toBe('ok');
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(t.ctx.db);
    }
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('serves Prometheus text to loopback clients: requests by route and status, runs, 429s, caches, Node', async () => {
    const token = await t.token('admin');
    for (let i = 0; i < 2; i += 1) expect((await t.request({ method: 'GET', url: '/api/deals', token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/nowhere', token })).statusCode).toBe(404);
    // A run, and a second one while the user's only slot is taken: 429.
    const first = t.ctx.runs.run('spin', { ms: 300 }, { userId: 99 });
    await expect(t.ctx.runs.run('spin', { ms: 1 }, { userId: 99 })).rejects.toMatchObject({ statusCode: 429 });
    await first;

    const res = await t.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'opencrt_http_request_duration_seconds_count', 'method="GET",route="/api/deals",status="200"')).toBe(2);
    expect(sample(text, 'opencrt_http_request_duration_seconds_count', 'method="GET",route="unmatched",status="404"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'opencrt_run_duration_seconds_count', 'kind="spin",outcome="ok"')).toBe(1);
    expect(sample(text, 'opencrt_run_duration_seconds_count', 'kind="spin",outcome="rejected"')).toBe(1);
    expect(sample(text, 'opencrt_run_admissions_total', 'result="rejected"')).toBe(1);
    expect(sample(text, 'opencrt_run_admissions_total', 'result="admitted"')).toBe(1);
    expect(text).toMatch(/^opencrt_run_queue_depth 0$/m);
    expect(text).toMatch(/^opencrt_run_busy 0$/m);
    expect(text).toMatch(/^opencrt_run_threads 1$/m);
    // The second catalog read was a hit.
    expect(sample(text, 'opencrt_cache_requests_total', 'cache="catalog",result="hit"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'opencrt_cache_hit_ratio', 'cache="catalog"')).toBeGreaterThan(0);
    // The PostgreSQL pool's connections (the embedded database has one connection and no pool).
    if (t.handle.kind === 'postgres') expect(sample(text, 'opencrt_db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(1);
    else expect(text).not.toContain('opencrt_db_pool_connections{');
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('counts busy threads and queued tasks while runs are in flight', async () => {
    const running = [1, 2].map((userId) => t.ctx.runs.run('spin', { ms: 1_500 }, { userId }));
    let text = '';
    for (let i = 0; i < 100 && !/^opencrt_run_queue_depth 1$/m.test(text); i += 1) {
      text = (await t.request({ method: 'GET', url: '/metrics' })).body;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(text).toMatch(/^opencrt_run_busy 1$/m);
    expect(text).toMatch(/^opencrt_run_queue_depth 1$/m);
    await Promise.all(running);
  });

  it('refuses /metrics to other addresses unless they bring METRICS_TOKEN', async () => {
    const remote = { remoteAddress: '203.0.113.9' };
    const refused = await t.request({ method: 'GET', url: '/metrics', ...remote });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('Message');
    expect((await t.request({ method: 'GET', url: '/metrics', ...remote, headers: { authorization: 'Bearer wrong-token' } })).statusCode).toBe(403);
    const allowed = await t.request({ method: 'GET', url: '/metrics', ...remote, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('opencrt_http_request_duration_seconds');
  });

  it('answers a request id in X-Request-Id: the caller\'s when it is a short token, else a new one', async () => {
    const given = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'not ok\u00e9 {"a":1}' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
