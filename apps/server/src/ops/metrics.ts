import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RunService } from '../runs/run-service.ts';
import { refuseBelow } from './health.ts';

/** Hit and miss counts of one in-memory cache. */
export interface CacheStats { hits: number; misses: number }

/** Connections of the database pool (PostgreSQL); null for the embedded database (one connection). */
export interface PoolStats { total: number; idle: number; waiting: number }

export interface MetricSources {
  runs: RunService;
  /** Each cache's counts by name (catalog, run deals, results). */
  caches: () => Record<string, CacheStats>;
  pool: () => PoolStats | null;
}

/** Outcome label of a run: how it ended. */
export type RunOutcome = 'ok' | 'error' | 'rejected' | 'unavailable' | 'cancelled';

/**
 * This process's Prometheus metrics (prom-client), on a registry of its own so several apps in one
 * process (the API tests) do not collide. Node's defaults come with it: event-loop lag
 * (nodejs_eventloop_lag_*), GC pauses (nodejs_gc_duration_seconds), heap, CPU, handles.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly runDuration: Histogram<'kind' | 'outcome'>;
  readonly admissions: Counter<'result'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'opencrt_http_request_duration_seconds', help: 'HTTP requests by route template and status',
      labelNames: ['method', 'route', 'status'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120], registers,
    });
    this.runDuration = new Histogram({
      name: 'opencrt_run_duration_seconds', help: 'Engine runs (a batch counts once) by task kind and outcome, from admission to answer',
      labelNames: ['kind', 'outcome'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120], registers,
    });
    this.admissions = new Counter({
      name: 'opencrt_run_admissions_total', help: 'Runs asking for admission: admitted, or rejected with 429 (user or queue full)',
      labelNames: ['result'], registers,
    });
    const load = async () => (await sources.runs.load?.().catch(() => null)) ?? null;
    new Gauge({
      name: 'opencrt_run_queue_depth', help: 'Engine tasks waiting for a thread (thread pool) or a worker (queue mode)', registers,
      async collect() { const l = await load(); if (l) this.set(l.queued); },
    });
    new Gauge({
      name: 'opencrt_run_busy', help: 'Engine tasks running: busy threads of this process, or active jobs across the queue workers', registers,
      async collect() { const l = await load(); if (l) this.set(l.running); },
    });
    new Gauge({
      name: 'opencrt_run_threads', help: 'Engine threads of this process (thread-pool mode)', registers,
      async collect() { const l = await load(); if (l?.threads != null) this.set(l.threads); },
    });
    new Counter({
      name: 'opencrt_cache_requests_total', help: 'Lookups of the in-memory caches (catalog, run_deals, results) by result',
      labelNames: ['cache', 'result'], registers,
      collect() {
        this.reset();
        for (const [cache, s] of Object.entries(sources.caches())) {
          this.inc({ cache, result: 'hit' }, s.hits);
          this.inc({ cache, result: 'miss' }, s.misses);
        }
      },
    });
    new Gauge({
      name: 'opencrt_cache_hit_ratio', help: 'Hits / lookups of each in-memory cache since start', labelNames: ['cache'], registers,
      collect() {
        this.reset();
        for (const [cache, s] of Object.entries(sources.caches())) {
          if (s.hits + s.misses > 0) this.set({ cache }, s.hits / (s.hits + s.misses));
        }
      },
    });
    new Gauge({
      name: 'opencrt_db_pool_connections', help: 'PostgreSQL pool connections by state (in_use, idle) and waiting queries', labelNames: ['state'], registers,
      collect() {
        this.reset();
        const p = sources.pool();
        if (!p) return;
        this.set({ state: 'in_use' }, p.total - p.idle);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
  }

  /** Times one run: call the returned function with how it ended. */
  startRun(kind: string): (outcome: RunOutcome) => void {
    const end = this.runDuration.startTimer({ kind });
    return (outcome) => {
      end({ outcome });
      this.admissions.inc({ result: outcome === 'rejected' ? 'rejected' : 'admitted' });
    };
  }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Whether the caller may read /metrics: a loopback address, or the bearer token METRICS_TOKEN. */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (LOOPBACK.test(request.ip)) return true;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics (Prometheus text) at the root, beside /healthz and /readyz, and the request
 * duration histogram for every route. The route label is the route's template (`/api/deals/:name`),
 * so ids never become labels; a path that matched no route counts as "unmatched".
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) {
      return reply.code(403).send({ Message: 'Metrics are served to loopback clients, or with the METRICS_TOKEN bearer token.' });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
  refuseBelow(app, '/metrics');
}
