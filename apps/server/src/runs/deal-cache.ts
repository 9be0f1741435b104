/**
 * Deal data cached in the run workers, keyed by the deal's content version, so a repeated run
 * sends a short key instead of the deal's structure and loan tape, and the worker does not
 * rebuild them (structured clone / JSON parse of a 100k-loan tape costs more than a rep-line run).
 *
 * Protocol: a task input carries `deal: DealInput`. The API side builds it with `dealInput(key,
 * state, load)`; `load` sits under a symbol, so it never travels (structured clone and JSON both
 * skip symbol keys). The run service sends the key alone when it has sent that key before; a
 * worker that does not hold it (another thread, restarted, evicted) throws `DealNotCached`, and
 * the run service resends with the body (`withDealBody`). The state (small, depends on the
 * settlement date) always travels.
 */
import type { DealSpec, DealState, LoanTape } from '@opencrt/engine';

/** What the worker keeps per key. */
export interface DealBody {
  spec: DealSpec;
  tape: LoanTape | null;
}

export interface DealInput {
  /** Changes whenever the spec or the tape changes (content version, see `dealKey`). */
  key: string;
  state: DealState | null;
  /** Present only when the worker may not hold the key yet. */
  body?: DealBody | undefined;
}

const LOAD = Symbol('deal body loader');
type Loadable = DealInput & { [LOAD]?: () => DealBody | Promise<DealBody> };

/** A task's deal input on the API side: the key, the state and how to get the body on a miss. */
export function dealInput(key: string, state: DealState | null, load: () => DealBody | Promise<DealBody>): DealInput {
  const input: Loadable = { key, state };
  // Loaded at most once per input: the tasks of a matrix share it and may all miss at first.
  let body: Promise<DealBody> | null = null;
  const once = () => (body ??= Promise.resolve().then(load));
  Object.defineProperty(input, LOAD, { value: once, enumerable: false });
  return input;
}

/** The deal input of a task input (tasks name it `deal`), if it has one. */
export function dealOf(input: unknown): DealInput | null {
  const deal = (input as { deal?: unknown } | null)?.deal as Loadable | undefined;
  return deal && typeof deal.key === 'string' && typeof deal[LOAD] === 'function' ? deal : null;
}

/** The task input with its deal body filled in (for a first send or after a miss). */
export async function withDealBody<T>(input: T): Promise<T> {
  const deal = dealOf(input) as Loadable | null;
  const load = deal?.[LOAD];
  if (!deal || !load) return input;
  return { ...input, deal: { key: deal.key, state: deal.state, body: await load() } };
}

/** The worker holds no body for the key: the caller resends with it. */
export const DEAL_NOT_CACHED = 'DealNotCached';

/** Worker side: deals by key, least recently used dropped first. */
const MAX_DEALS = Number(process.env.OPENCRT_WORKER_DEAL_CACHE) > 0 ? Number(process.env.OPENCRT_WORKER_DEAL_CACHE) : 24;
const cache = new Map<string, DealBody>();

/** Hit and miss counts of this worker's cache (for benchmarks and tests). */
export const dealCacheStats = { hits: 0, misses: 0, stores: 0 };

/** Worker side: the deal's spec, state and tape for a task input (stores a body it carries). */
export function resolveDeal(deal: DealInput): DealBody & { state: DealState | null } {
  if (deal.body) {
    cache.delete(deal.key);
    cache.set(deal.key, deal.body);
    dealCacheStats.stores += 1;
    while (cache.size > MAX_DEALS) cache.delete(cache.keys().next().value as string);
    return { ...deal.body, state: deal.state };
  }
  const body = cache.get(deal.key);
  if (!body) {
    dealCacheStats.misses += 1;
    const error = new Error(`Deal ${deal.key} is not cached in this worker.`);
    error.name = DEAL_NOT_CACHED;
    throw error;
  }
  dealCacheStats.hits += 1;
  // Re-insert: Map order is the eviction order.
  cache.delete(deal.key);
  cache.set(deal.key, body);
  return { ...body, state: deal.state };
}

/** True for the error a worker throws on a cache miss (it may have crossed a thread or a queue). */
export function isDealNotCached(error: unknown): boolean {
  return error instanceof Error && (error.name === DEAL_NOT_CACHED || error.message.includes('is not cached in this worker'));
}

/**
 * API side: which deal keys this process has sent with their body, so later runs send the key
 * alone. Bounded: a forgotten key only costs one resend.
 */
export class SentDeals {
  private readonly keys = new Set<string>();
  constructor(private readonly max = 512) {}

  /**
   * Sends `input` through `send`: without the deal body when the key was sent before, then with
   * it when the worker that took the task does not hold it.
   */
  async send<T>(input: unknown, send: (message: unknown) => Promise<T>): Promise<T> {
    const deal = dealOf(input);
    if (!deal) return send(input);
    if (this.keys.has(deal.key)) {
      try {
        return await send(input);
      } catch (error) {
        if (!isDealNotCached(error)) throw error;
      }
    }
    const result = await send(await withDealBody(input));
    this.remember(deal.key);
    return result;
  }

  private remember(key: string): void {
    this.keys.delete(key);
    this.keys.add(key);
    if (this.keys.size > this.max) this.keys.delete(this.keys.values().next().value as string);
  }
}
