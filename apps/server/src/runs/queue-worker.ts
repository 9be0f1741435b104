/**
 * `npm run worker`: executes the run service's BullMQ jobs (REDIS_URL mode). Start any number,
 * on any machine that reaches the Redis: they need no database (the API process loads the deals
 * and sends them; each worker caches deals by content key). Engine code runs on a thread pool
 * inside the worker, so this process's event loop stays free to renew job locks: a long matrix
 * is not mistaken for a dead worker, and a worker that really dies (kill -9) is noticed after
 * the lock expires (OPENCRT_WORKER_LOCK_MS) and its job handed to another worker (twice at most); a third
 * death fails it with a clear message.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'bullmq';
import { Piscina } from 'piscina';
import type { TaskMessage, TaskName } from './engine-tasks.ts';
import { decodePayload, encodePayload, queueSettings, redisConnection, RUN_QUEUE } from './queue-run-service.ts';

const settings = queueSettings();
if (!settings) {
  console.error('npm run worker needs REDIS_URL (the Redis the API processes enqueue runs on).');
  process.exit(1);
}
const positive = (v: string | undefined, fallback: number) => (v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : fallback);
const threads = positive(process.env.OPENCRT_RUN_THREADS, Math.max(1, availableParallelism()));
const lockMs = positive(process.env.OPENCRT_WORKER_LOCK_MS, 30_000);

const pool = new Piscina({ filename: new URL('./engine-worker.mjs', import.meta.url).href, minThreads: threads, maxThreads: threads, idleTimeout: 300_000 });

const worker = new Worker(RUN_QUEUE, async (job) => {
  // One line per job start, so operators (and the scale test) see who runs what.
  console.log(JSON.stringify({ event: 'run-started', job: job.id, task: job.name, pid: process.pid }));
  const message: TaskMessage = { name: job.name as TaskName, input: decodePayload((job.data as { payload: string }).payload) };
  return encodePayload(await pool.run(message));
}, {
  connection: redisConnection(settings.redisUrl), prefix: settings.prefix, concurrency: threads,
  lockDuration: lockMs, stalledInterval: Math.max(1_000, Math.floor(lockMs / 2)), maxStalledCount: 2,
});
worker.on('error', (error) => console.error('run worker:', error.message));
await worker.waitUntilReady();
console.log(JSON.stringify({ event: 'worker-ready', pid: process.pid, threads, prefix: settings.prefix }));

async function shutdown(): Promise<void> {
  // Finish the jobs in hand, take no more.
  await worker.close();
  await pool.destroy();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
