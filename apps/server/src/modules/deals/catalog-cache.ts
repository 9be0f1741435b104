import type { DealCatalogRow } from '@opencrt/contracts';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';

/** The channel migration 0019's triggers notify on. */
const CHANNEL = 'opencrt_catalog';

/**
 * Each user's catalog rows, kept in memory so GET /deals costs no database read. Forgotten
 * whenever deals or assignments change: on a notice from migration 0019's triggers (any replica,
 * any writer: the admin screens, custom deals, the data CLI) and, for this replica's own writes
 * with no wait for the notice, after any write request by a user who can change deals
 * (`forgetAfterWrite`). While the notification listener is down nothing is cached.
 */
export class CatalogCache {
  private readonly byUser = new Map<number, Promise<DealCatalogRow[]>>();
  private live = false;

  constructor(private readonly maxUsers = 2000) {}

  async get(userId: number, load: () => Promise<DealCatalogRow[]>): Promise<DealCatalogRow[]> {
    if (!this.live) return load();
    const cached = this.byUser.get(userId);
    if (cached) return cached;
    const loading = load();
    this.byUser.set(userId, loading);
    if (this.byUser.size > this.maxUsers) this.byUser.delete(this.byUser.keys().next().value as number);
    // A failed read is not kept.
    loading.catch(() => { if (this.byUser.get(userId) === loading) this.byUser.delete(userId); });
    return loading;
  }

  clear(): void {
    this.byUser.clear();
  }

  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }
}

/** Roles that can change the catalog or who sees it (admin screens, custom deal editors). */
const WRITER_ROLES = new Set(['Admin', 'OnlineDeals_Creator']);

/** True when a finished request may have changed deals or assignments in this replica. */
export function mayChangeCatalog(method: string, roles: readonly string[] | undefined): boolean {
  return method !== 'GET' && method !== 'HEAD' && (roles ?? []).some((r) => WRITER_ROLES.has(r));
}

/** Listens for catalog notices of this schema and clears the cache on each. */
export async function startCatalogNotifications(handle: DatabaseHandle, cache: CatalogCache): Promise<() => Promise<void>> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  const schema = rows[0]?.schema ?? 'public';
  return handle.listen(CHANNEL, (payload) => {
    try {
      if ((JSON.parse(payload) as { schema?: unknown }).schema !== schema) return;
    } catch { /* unreadable: forgetting is always safe */ }
    cache.clear();
  }, (live) => cache.setLive(live));
}
