/**
 * Queue mode: each `npm run worker` process notes in Redis that it is alive, so an API replica's
 * GET /readyz can tell "Redis up but no worker to run anything" (runs would wait out
 * OPENCRT_RUN_TIMEOUT_MS and answer 503) from ready. One sorted set per key prefix, scored by
 * when each worker last checked in.
 */
import type { Redis } from 'ioredis';

/** A worker checks in this often. */
export const HEARTBEAT_MS = 5_000;
/** A worker not heard from for this long no longer counts (three missed check-ins and then some). */
export const WORKER_SEEN_MS = 20_000;

export const workersKey = (prefix: string) => `${prefix}:run-workers`;

/** Starts checking in as `id`; the returned function stops and removes the entry. */
export function startHeartbeat(redis: Redis, prefix: string, id: string, onError: (error: Error) => void): () => Promise<void> {
  const key = workersKey(prefix);
  const beat = () => redis.multi()
    .zadd(key, Date.now(), id)
    // Entries of workers gone for a day are dropped (the set stays as small as the fleet).
    .zremrangebyscore(key, '-inf', Date.now() - 86_400_000)
    .exec()
    .then(() => undefined, onError);
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await redis.zrem(key, id).catch(() => undefined);
  };
}

/** Workers that checked in within WORKER_SEEN_MS. */
export async function workersSeen(redis: Redis, prefix: string, now = Date.now()): Promise<number> {
  return redis.zcount(workersKey(prefix), now - WORKER_SEEN_MS, '+inf');
}
