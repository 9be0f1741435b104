import type { DealCatalogRow } from '@opencrt/contracts';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';

/** The channel migration 0019's triggers notify on. */
const CHANNEL = 'opencrt_catalog';

/**
 * Values read from the deal tables, kept in memory and forgotten whenever deals, assignments or
 * remittance histories change: on a notice from the triggers of migrations 0019 and 0022 (any
 * replica, any writer: the admin screens, custom deals, the data CLI) and, for this replica's own
 * writes with no wait for the notice, after any write request by a user who can change deals
 * (`mayChangeCatalog`). While the notification listener is down nothing is cached. Bounded: past
 * `maxEntries` the oldest entry goes.
 */
export class DealDataCache<K, V> {
  private readonly entries = new Map<K, Promise<V>>();
  private live = false;
  /** Lookups answered from memory and not (GET /metrics); a lookup while not live is a miss. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly maxEntries: number) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    if (!this.live) { this.stats.misses += 1; return load(); }
    const cached = this.entries.get(key);
    if (cached) { this.stats.hits += 1; return cached; }
    this.stats.misses += 1;
    const loading = load();
    this.entries.set(key, loading);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    // A failed read is not kept.
    loading.catch(() => { if (this.entries.get(key) === loading) this.entries.delete(key); });
    return loading;
  }

  clear(): void {
    this.entries.clear();
  }

  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }
}

/** What the notice listener drives. */
export interface ForgettingCache {
  clear(): void;
  setLive(live: boolean): void;
}

/** Each user's catalog rows (GET /deals is the most frequent call), by user id. */
export class CatalogCache extends DealDataCache<number, DealCatalogRow[]> {
  constructor(maxUsers = 2000) {
    super(maxUsers);
  }
}

/** Roles that can change the catalog or who sees it (admin screens, custom deal editors). */
const WRITER_ROLES = new Set(['Admin', 'OnlineDeals_Creator']);

/**
 * True when a finished request may have changed deals or assignments in this replica. Runs
 * (/api/simulate…) only read deals: an administrator's runs must not empty the caches each time.
 */
export function mayChangeCatalog(method: string, url: string, roles: readonly string[] | undefined): boolean {
  return method !== 'GET' && method !== 'HEAD' && !url.startsWith('/api/simulate') && (roles ?? []).some((r) => WRITER_ROLES.has(r));
}

/** Listens for catalog notices of this schema and clears the caches on each. */
export async function startCatalogNotifications(handle: DatabaseHandle, ...caches: ForgettingCache[]): Promise<() => Promise<void>> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  const schema = rows[0]?.schema ?? 'public';
  return handle.listen(CHANNEL, (payload) => {
    try {
      if ((JSON.parse(payload) as { schema?: unknown }).schema !== schema) return;
    } catch { /* unreadable: forgetting is always safe */ }
    for (const cache of caches) cache.clear();
  }, (live) => { for (const cache of caches) cache.setLive(live); });
}
