/**
 * The run service with REDIS_URL set: every run is a BullMQ job on Redis, executed by
 * `npm run worker` processes (runs/queue-worker.ts) on any number of machines. The API process
 * only enqueues and waits. Admission (per-user cap, bounded total) is counted in Redis, so the
 * caps hold across API replicas.
 *
 * Payloads travel as V8 serialisation (base64), the same structured-clone semantics as the thread
 * pool: typed arrays, NaN and Infinity survive (JSON would turn them into objects and nulls).
 */
import { randomUUID } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { AppError, TooManyRequests } from '../http/errors.ts';
import { currentRequestId } from '../ops/request-context.ts';
import { SentDeals } from './deal-cache.ts';
import { QueueJobWaiter } from './queue-job-waiter.ts';
import type { TaskInput, TaskName, TaskOutput } from './engine-tasks.ts';
import {
  RunCancelled, SERVER_BUSY, USER_BUSY,
  settleEach, type BatchOptions, type BatchOutcome, type RunLimits, type RunLoad, type RunLogger, type RunOptions, type RunService,
} from './run-service.ts';
import { WORKER_SEEN_MS, workersSeen } from './worker-heartbeat.ts';

/** The queue every API replica and worker shares (under the key prefix). */
export const RUN_QUEUE = 'opencrt-runs';

export interface QueueSettings {
  redisUrl: string;
  /** Redis key prefix (OPENCRT_REDIS_PREFIX, default "opencrt"): several installations or tests on one Redis. */
  prefix: string;
  /** A run not finished after this long answers 503 (OPENCRT_RUN_TIMEOUT_MS, default 120 s). */
  timeoutMs: number;
  /** Tasks in flight across the workers that batches are split for (OPENCRT_RUN_PARALLELISM, default 4). */
  parallelism: number;
}

const positive = (v: string | undefined, fallback: number) => (v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : fallback);

/** Queue settings from the environment, or null when REDIS_URL is not set (thread-pool mode). */
export function queueSettings(env: NodeJS.ProcessEnv = process.env): QueueSettings | null {
  if (!env.REDIS_URL) return null;
  return {
    redisUrl: env.REDIS_URL,
    prefix: env.OPENCRT_REDIS_PREFIX || 'opencrt',
    timeoutMs: positive(env.OPENCRT_RUN_TIMEOUT_MS, 120_000),
    parallelism: positive(env.OPENCRT_RUN_PARALLELISM, 4),
  };
}

/** Reconnect attempts back off to one every 2 s, for good: a Redis that comes back is picked up. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 250, 2_000);

/** A Redis connection as BullMQ wants it (workers block, so no per-request retry limit). */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay });
}

/**
 * The API replica's command connection: a command fails at once while Redis is unreachable
 * (no offline queue) instead of waiting, unseen, for a reconnect, so a run answers 503 promptly.
 */
function commandConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: reconnectDelay });
}

/** host:port of a Redis URL, for messages (never its password). */
export function redisAddress(url: string): string {
  try { const u = new URL(url); return `${u.hostname}:${u.port || 6379}`; } catch { return 'the configured address'; }
}

/** V8 serialisation as text: job data and return values are strings in Redis. */
export function encodePayload(value: unknown): string {
  return serialize(value).toString('base64');
}
export function decodePayload(text: string): unknown {
  return deserialize(Buffer.from(text, 'base64'));
}

/** 503: the run did not finish in time, or the worker running it stopped. */
export class RunUnavailable extends AppError {
  constructor(message: string) { super(503, message); this.name = 'RunUnavailable'; }
}
export const RUN_TIMED_OUT = 'The run did not finish in time: the run workers are busy or not running. Try again in a moment.';
export const RUN_INTERRUPTED = 'The run was interrupted: the workers running it stopped or stalled. Try again.';
export const RUNS_UNREACHABLE = 'Runs are unavailable: the server cannot reach its run queue. Try again in a moment.';

/**
 * Admission across replicas: one sorted set of admitted runs per user and one for everyone,
 * scored by when the slot expires (so a replica that dies holding slots frees them after the
 * run timeout). Check-and-take is one Lua script, atomic in Redis.
 */
const ADMIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 2 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
redis.call('PEXPIREAT', KEYS[2], ARGV[2])
return 0`;

class RedisAdmissions {
  constructor(private readonly redis: Redis, private readonly prefix: string, private readonly limits: Pick<RunLimits, 'perUser' | 'maxAdmitted'>, private readonly holdMs: number) {}

  async admit(userId: number): Promise<() => Promise<void>> {
    const userKey = `${this.prefix}:run-admissions:user:${userId}`;
    const allKey = `${this.prefix}:run-admissions:all`;
    const id = randomUUID();
    const now = Date.now();
    const verdict = await this.redis.eval(ADMIT, 2, userKey, allKey, now, now + this.holdMs, id, this.limits.perUser, this.limits.maxAdmitted);
    if (verdict === 1) throw new TooManyRequests(USER_BUSY);
    if (verdict === 2) throw new TooManyRequests(SERVER_BUSY);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      // Redis lost meanwhile: the slot expires by its score (holdMs) instead; the run's answer stands.
      await this.redis.multi().zrem(userKey, id).zrem(allKey, id).exec().catch(() => undefined);
    };
  }
}

export class QueueRunService implements RunService {
  private readonly redis: Redis;
  private readonly events: QueueEvents;
  /** Every job's completion arrives through this one waiter (no listener per job). */
  private readonly jobs: QueueJobWaiter;
  private readonly eventsRedis: Redis;
  private readonly queue: Queue;
  private readonly admissions: RedisAdmissions;
  private readonly sentDeals = new SentDeals();
  /** The command connection: up (ready), down (lost or never reached), or starting (first attempt). */
  private state: 'starting' | 'up' | 'down' = 'starting';
  private readonly stateChanged = new EventTarget();
  private log: RunLogger | undefined;
  readonly parallelism: number;

  constructor(private readonly settings: QueueSettings, limits: Pick<RunLimits, 'perUser' | 'maxAdmitted'>) {
    this.parallelism = settings.parallelism;
    this.redis = commandConnection(settings.redisUrl);
    this.queue = new Queue(RUN_QUEUE, { connection: this.redis, prefix: settings.prefix });
    this.eventsRedis = redisConnection(settings.redisUrl);
    this.events = new QueueEvents(RUN_QUEUE, { connection: this.eventsRedis, prefix: settings.prefix });
    this.jobs = new QueueJobWaiter(this.queue, this.events);
    this.admissions = new RedisAdmissions(this.redis, settings.prefix, limits, settings.timeoutMs + 60_000);
    // Redis going away shows as one log line per change of state (below); the connections' own
    // error events (one per reconnect attempt) are expected then, and would otherwise be thrown
    // as unhandled 'error' events.
    const ignore = () => undefined;
    this.queue.on('error', ignore);
    this.events.on('error', ignore);
    this.eventsRedis.on('error', ignore);
    this.redis.on('ready', () => this.setState('up'));
    this.redis.on('error', (error: Error) => this.setState('down', error.message));
    this.redis.on('close', () => this.setState('down', 'connection closed'));
  }

  private setState(next: 'up' | 'down', reason?: string): void {
    if (this.state === next) return;
    const was = this.state;
    this.state = next;
    this.stateChanged.dispatchEvent(new Event('change'));
    const where = redisAddress(this.settings.redisUrl);
    if (next === 'down') this.log?.error({ redis: where, reason }, 'run queue: Redis unreachable; runs answer 503 until it is back');
    else if (was === 'down') this.log?.warn({ redis: where }, 'run queue: Redis reachable again');
  }

  /** Resolves once the command connection is up; rejects (503) when it is down or does not come up in time. */
  private async connected(deadline: number): Promise<void> {
    if (this.state === 'up') return;
    if (this.state === 'down') throw new RunUnavailable(RUNS_UNREACHABLE);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => { done(); reject(new RunUnavailable(RUNS_UNREACHABLE)); }, Math.max(0, deadline - Date.now()));
      const onChange = () => { done(); if (this.state === 'up') resolve(); else reject(new RunUnavailable(RUNS_UNREACHABLE)); };
      const done = () => { clearTimeout(timer); this.stateChanged.removeEventListener('change', onChange); };
      this.stateChanged.addEventListener('change', onChange);
    });
  }

  /**
   * A run answers within the run timeout: Redis lost mid-run, or a command that cannot be sent,
   * is a 503 with a Message, never a hang. A batch's cells each wait at most the run timeout
   * (a long grid in waves may take longer in all), so a batch is not given a total deadline.
   */
  private async guarded<T>(work: () => Promise<T>, whole: boolean): Promise<T> {
    await this.connected(Date.now() + this.settings.timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      if (whole) timer = setTimeout(() => reject(new RunUnavailable(RUN_TIMED_OUT)), this.settings.timeoutMs);
    });
    try {
      return await Promise.race([work(), late]);
    } catch (error) {
      if (error instanceof AppError || error instanceof RunCancelled) throw error;
      if (this.state !== 'up') throw new RunUnavailable(RUNS_UNREACHABLE);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  run<N extends TaskName>(name: N, input: TaskInput<N>, options: RunOptions): Promise<TaskOutput<N>> {
    return this.guarded(() => this.admitAndRun(name, input, options), true);
  }

  runBatch<N extends TaskName>(name: N, inputs: TaskInput<N>[], options: BatchOptions<TaskOutput<N>>): Promise<BatchOutcome<TaskOutput<N>>[]> {
    return this.guarded(() => this.admitAndRunBatch(name, inputs, options), false);
  }

  /** Redis reachable and at least one `npm run worker` checked in recently (GET /readyz). */
  async readiness(): Promise<string | null> {
    const where = redisAddress(this.settings.redisUrl);
    if (this.state !== 'up') return `Redis at ${where} is unreachable`;
    const seen = await workersSeen(this.redis, this.settings.prefix);
    return seen > 0 ? null : `no run worker has checked in within ${WORKER_SEEN_MS / 1000} s (start \`npm run worker\`)`;
  }

  /** Jobs waiting for a worker and running on one, across every replica. */
  async load(): Promise<RunLoad> {
    if (this.state !== 'up') throw new RunUnavailable(RUNS_UNREACHABLE);
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'active');
    return { queued: (counts.waiting ?? 0) + (counts.prioritized ?? 0), running: counts.active ?? 0, threads: null };
  }

  useLogger(log: RunLogger): void {
    this.log = log;
    if (this.state === 'down') log.error({ redis: redisAddress(this.settings.redisUrl) }, 'run queue: Redis unreachable; runs answer 503 until it is back');
  }

  private async admitAndRun<N extends TaskName>(name: N, input: TaskInput<N>, options: RunOptions): Promise<TaskOutput<N>> {
    const release = await this.admissions.admit(options.userId);
    try {
      return await this.exec(name, input, options.signal);
    } finally {
      await release();
    }
  }

  private async admitAndRunBatch<N extends TaskName>(name: N, inputs: TaskInput<N>[], options: BatchOptions<TaskOutput<N>>): Promise<BatchOutcome<TaskOutput<N>>[]> {
    const release = await this.admissions.admit(options.userId);
    options.onAdmitted?.();
    try {
      return await settleEach(inputs, (input) => this.exec(name, input, options.signal), options.onResult,
        (error) => error instanceof RunCancelled || error instanceof RunUnavailable, options.signal, options.concurrency);
    } finally {
      await release();
    }
  }

  private async exec<N extends TaskName>(name: N, input: TaskInput<N>, signal: AbortSignal | undefined): Promise<TaskOutput<N>> {
    // Completion events are only seen once the events stream is read: wait for it before the first job.
    await this.events.waitUntilReady();
    const requestId = currentRequestId();
    return this.sentDeals.send(input, async (sent) => {
      if (signal?.aborted) throw new RunCancelled();
      // The request id travels with the job: the worker's log lines about it carry it.
      let job: Job;
      try {
        job = await this.queue.add(name, { payload: encodePayload(sent), ...(requestId ? { requestId } : {}) }, {
          // A task error is the engine's answer, not a glitch: never retried. A worker that dies
          // mid-run leaves a stalled job, which BullMQ hands to another worker (maxStalledCount).
          attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: 600 },
        });
      } catch (error) {
        // Redis went away: the whole run (a batch too, not just this cell) is unavailable.
        throw this.state === 'up' ? error : new RunUnavailable(RUNS_UNREACHABLE);
      }
      return decodePayload(await this.wait(job, signal)) as TaskOutput<N>;
    });
  }

  /** The job's encoded result; cancelled (queued job removed) when the signal aborts. */
  private async wait(job: Job, signal: AbortSignal | undefined): Promise<string> {
    const jobId = job.id as string;
    let onAbort: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    const stopped = new Promise<never>((_, reject) => {
      onAbort = () => {
        // Removing fails for a job a worker holds (it runs to the end, unread); a queued one goes.
        job.remove().catch(() => undefined);
        reject(new RunCancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      timer = setTimeout(() => {
        job.remove().catch(() => undefined);
        reject(new RunUnavailable(RUN_TIMED_OUT));
      }, this.settings.timeoutMs);
    });
    try {
      return (await Promise.race([this.jobs.finished(jobId), stopped])) as string;
    } catch (error) {
      if (error instanceof RunCancelled || error instanceof AppError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/stalled more than allowable limit/.test(message)) throw new RunUnavailable(RUN_INTERRUPTED);
      throw error instanceof Error ? error : new Error(message);
    } finally {
      clearTimeout(timer);
      this.jobs.forget(jobId);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    // Runs still waiting (the graceful stop lets requests finish first) end with a 503.
    this.jobs.rejectAll(new RunUnavailable('The server is stopping: try the run again in a moment.'));
    // With Redis unreachable, BullMQ's close waits for a connection that is not coming: give it a
    // moment, then drop the connections.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([this.events.close(), this.queue.close()]).catch(() => undefined),
      new Promise((resolve) => { timer = setTimeout(resolve, this.state === 'up' ? 10_000 : 500); }),
    ]);
    clearTimeout(timer);
    this.eventsRedis.disconnect();
    this.redis.disconnect();
  }
}
