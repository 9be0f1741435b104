/**
 * `npm run worker`: executes the run service's BullMQ jobs (REDIS_URL mode). Start any number,
 * on any machine that reaches the Redis: they need no database (the API process loads the deals
 * and sends them; each worker caches deals by content key). Engine code runs on a thread pool
 * inside the worker, so this process's event loop stays free to renew job locks: a long matrix
 * is not mistaken for a dead worker, and a worker that really dies (kill -9) is noticed after
 * the lock expires (OPENCRT_WORKER_LOCK_MS) and its job handed to another worker (twice at most); a third
 * death fails it with a clear message.
 *
 * SIGTERM: no new jobs; the jobs in hand finish within OPENCRT_SHUTDOWN_GRACE_MS (30 s), and any
 * still running then are stopped and handed back to the queue (waiting again, for another
 * worker), then the process exits 0. Log lines are JSON; a job's lines carry its request's id.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, hostname } from 'node:os';
import { Worker, WaitingError, type Job } from 'bullmq';
import { Piscina } from 'piscina';
import type { TaskMessage, TaskName } from './engine-tasks.ts';
import { decodePayload, encodePayload, queueSettings, redisAddress, redisConnection, RUN_QUEUE } from './queue-run-service.ts';
import { startHeartbeat } from './worker-heartbeat.ts';

/** One JSON log line on stdout (errors on stderr). */
function logLine(level: 'info' | 'warn' | 'error', event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), event, pid: process.pid, ...fields });
  if (level === 'info') console.log(line); else console.error(line);
}

const settings = queueSettings();
if (!settings) {
  console.error('npm run worker needs REDIS_URL (the Redis the API processes enqueue runs on).');
  process.exit(1);
}
const positive = (v: string | undefined, fallback: number) => (v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : fallback);
const threads = positive(process.env.OPENCRT_RUN_THREADS, Math.max(1, availableParallelism()));
const lockMs = positive(process.env.OPENCRT_WORKER_LOCK_MS, 30_000);
const graceMs = positive(process.env.OPENCRT_SHUTDOWN_GRACE_MS, 30_000);
const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const pool = new Piscina({ filename: new URL('./engine-worker.mjs', import.meta.url).href, minThreads: threads, maxThreads: threads, idleTimeout: 300_000 });

/** Jobs running here, so a stop past the grace period can hand them back. */
const inHand = new Map<string, { job: Job; token: string | undefined; abort: AbortController }>();
let stopping = false;

const worker = new Worker(RUN_QUEUE, async (job, token) => {
  const requestId = (job.data as { requestId?: string }).requestId;
  // One line per job start, so operators (and the scale test) see who runs what.
  logLine('info', 'run-started', { job: job.id, task: job.name, requestId });
  const started = performance.now();
  const abort = new AbortController();
  const key = job.id ?? randomUUID();
  inHand.set(key, { job, token, abort });
  try {
    const message: TaskMessage = { name: job.name as TaskName, input: decodePayload((job.data as { payload: string }).payload) };
    const result = encodePayload(await pool.run(message, { signal: abort.signal }));
    logLine('info', 'run-finished', { job: job.id, task: job.name, requestId, ms: Math.round(performance.now() - started) });
    return result;
  } catch (error) {
    if (abort.signal.aborted && stopping) {
      // Handed back (waiting again) by the shutdown below: not a failure of the job.
      logLine('warn', 'run-handed-back', { job: job.id, task: job.name, requestId });
      throw new WaitingError();
    }
    throw error;
  } finally {
    inHand.delete(key);
  }
}, {
  connection: redisConnection(settings.redisUrl), prefix: settings.prefix, concurrency: threads,
  lockDuration: lockMs, stalledInterval: Math.max(1_000, Math.floor(lockMs / 2)), maxStalledCount: 2,
});

// Redis state: one line when it goes away and one when it is back, from the heartbeat's connection;
// the worker's own connection errors (one per reconnect attempt) are not repeated.
const redis = redisConnection(settings.redisUrl);
let redisUp: boolean | undefined;
const setRedisUp = (up: boolean, reason?: string) => {
  if (redisUp === up) return;
  if (!up) logLine('error', 'redis-unreachable', { redis: redisAddress(settings.redisUrl), reason });
  else if (redisUp === false) logLine('warn', 'redis-reachable', { redis: redisAddress(settings.redisUrl) });
  redisUp = up;
};
redis.on('ready', () => setRedisUp(true));
redis.on('error', (error: Error) => setRedisUp(false, error.message));
redis.on('close', () => setRedisUp(false, 'connection closed'));
const CONNECTION_ERROR = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|Connection is closed|connect/i;
worker.on('error', (error) => { if (!CONNECTION_ERROR.test(error.message)) logLine('error', 'worker-error', { message: error.message }); });
const stopHeartbeat = startHeartbeat(redis, settings.prefix, workerId, () => undefined);

await worker.waitUntilReady();
logLine('info', 'worker-ready', { threads, prefix: settings.prefix, worker: workerId });

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logLine('info', 'worker-stopping', { signal, running: inHand.size, graceMs });
  // No new jobs; the ones in hand may finish within the grace period.
  const closed = worker.close();
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), graceMs); });
  if ((await Promise.race([closed.then(() => 'closed' as const), graceOver])) === 'late') {
    // Past the grace period: stop what still runs and put it back in the queue for another worker.
    await Promise.all([...inHand.values()].map(async ({ job, token, abort }) => {
      await job.moveToWait(token).catch((error: unknown) => logLine('error', 'hand-back-failed', { job: job.id, message: String(error) }));
      abort.abort();
    }));
    await closed;
  }
  clearTimeout(timer);
  await stopHeartbeat();
  // Our own disconnect is not an outage.
  redis.removeAllListeners('close').removeAllListeners('error').on('error', () => undefined);
  redis.disconnect();
  await pool.destroy();
  logLine('info', 'worker-stopped', {});
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
