import { createHash } from 'node:crypto';

/**
 * Answers of finished deal runs, by the complete input of the run: the deal's content key (name,
 * structure version, tape version), its starting state and the engine request as resolved (user
 * vectors, scenarios and credit-model vectors already turned into numbers). The engine is a pure
 * function of that input, so an entry is the answer for as long as this process runs; nothing
 * needs invalidating. Analysts rerun the same case often (a deal opened with its default
 * assumptions, a screen reloaded, a colleague on the same deal), and a DNA1 answer is 2 MB of JSON
 * that takes a worker ~15 ms to compute and write. Answers are kept as the bytes sent; the
 * response must not change them.
 *
 * Access is checked before the cache is asked (the route resolves the user's deal first), so a
 * shared entry never shows a user a deal they may not run. Bounded by total size: past
 * `maxBytes` the least recently used entries go. `OPENCRT_RESULT_CACHE_MB=0` turns it off.
 */
export class RunResultCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;
  /** Counts for tests and benchmarks. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly maxBytes: number) {}

  /** The cached answer of `input` or, computed by `run`, a new one (kept when it fits). */
  async get(input: unknown, run: () => Promise<Uint8Array>): Promise<Uint8Array> {
    if (this.maxBytes <= 0) return run();
    const key = keyOf(input);
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.stats.hits += 1;
      // Re-insert: Map order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    this.stats.misses += 1;
    const answer = await run();
    this.store(key, answer);
    return answer;
  }

  private store(key: string, answer: Uint8Array): void {
    if (answer.byteLength > this.maxBytes / 4 || this.entries.has(key)) return;
    this.entries.set(key, answer);
    this.bytes += answer.byteLength;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.byteLength;
    }
  }
}

/** SHA-256 of the input's JSON (member order is the builder's own, fixed for a given code path). */
function keyOf(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('base64');
}

/** The cache size from OPENCRT_RESULT_CACHE_MB (default 64 MB). */
export function resultCacheBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.OPENCRT_RESULT_CACHE_MB ?? 64);
  return Number.isFinite(mb) && mb >= 0 ? Math.min(mb, 4096) * 1024 * 1024 : 64 * 1024 * 1024;
}
