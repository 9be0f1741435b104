/**
 * Test support for REDIS_URL mode: the test Redis, fresh key prefixes (removed afterwards) and
 * `npm run worker` processes started as children whose output the test can watch.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

/** The Redis of the test machine (TEST_REDIS_URL, default 127.0.0.1:6379). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Queue tests run in the PostgreSQL pass of the suite (the CI machine has both servers). */
export const queueTestsEnabled = Boolean(process.env.DATABASE_URL);

export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  try { await redis.connect(); return (await redis.ping()) === 'PONG'; } catch { return false; } finally { redis.disconnect(); }
}

export function freshPrefix(): string {
  return `opencrt-test-${randomBytes(5).toString('hex')}`;
}

/** Deletes every key under a prefix. */
export async function dropPrefix(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Job ids this worker started (from its run-started lines). */
  started: string[];
  /** Its JSON log lines on stdout, parsed. */
  lines: Record<string, unknown>[];
  ready: Promise<void>;
  exited: Promise<void>;
}

const workerEntry = fileURLToPath(new URL('./queue-worker.ts', import.meta.url));

/** Starts `npm run worker` (its entry under tsx) on a prefix. */
export function startWorker(prefix: string, env: NodeJS.ProcessEnv = {}): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', workerEntry], {
    env: { ...process.env, REDIS_URL: TEST_REDIS_URL, OPENCRT_REDIS_PREFIX: prefix, OPENCRT_RUN_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started: string[] = [];
  const lines: Record<string, unknown>[] = [];
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => { markReady = resolve; });
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
      try {
        const event = JSON.parse(line) as { event?: string; job?: string };
        lines.push(event);
        if (event.event === 'worker-ready') markReady();
        if (event.event === 'run-started' && event.job) started.push(event.job);
      } catch { /* not one of our lines */ }
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, started, lines, ready, exited };
}

/** Resolves when `condition` holds (checked every 25 ms), or fails after `ms`. */
export async function eventually(condition: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
