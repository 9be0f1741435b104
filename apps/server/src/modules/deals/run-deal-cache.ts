import type { Db } from '../../db/database.ts';
import { DealDataCache } from './catalog-cache.ts';
import { loadDealStart, loadStructure, type DealStart, type DealStructure } from './deal-state.service.ts';
import { createDealsRepository } from './deals.repository.ts';

/** The few deal columns a run checks (type, issue date) under the catalog's spelling of the name. */
export interface RunDeal {
  deal_name: string;
  deal_type: string;
  issue_date: number;
  maturity_date: number;
}

/**
 * What every run reads about its deal, kept per replica: whether the user may run it, and its
 * starting point at the settlement date (structure and state: four queries and a parse of the
 * structure). A run then costs no database read in the common case. Entries are shared by
 * concurrent runs, so they are frozen; a deal's structure is read once for all its dates.
 * Forgotten with the catalog (DealDataCache): on any change of deals, assignments or remittance
 * histories, from any replica or writer.
 */
export class RunDealCache {
  private readonly assignments = new DealDataCache<string, RunDeal | null>(20_000);
  private readonly structures = new DealDataCache<string, DealStructure | null>(500);
  private readonly starts = new DealDataCache<string, DealStart | null>(2000);

  /** The user's deal of that name (case-insensitive, as the catalog matches), or null. */
  assigned(db: Db, userId: number, name: string): Promise<RunDeal | null> {
    return this.assignments.get(`${userId}\u0000${name.toLowerCase()}`, async () => {
      const deal = await createDealsRepository(db).findAssigned(userId, name);
      return deal ? Object.freeze({ deal_name: deal.deal_name, deal_type: deal.deal_type, issue_date: deal.issue_date, maturity_date: deal.maturity_date }) : null;
    });
  }

  start(db: Db, dealName: string, settlementDate: number): Promise<DealStart | null> {
    return this.starts.get(`${dealName}\u0000${settlementDate}`, async () => deepFreeze(
      await loadDealStart(db, dealName, settlementDate, (name) => this.structures.get(name, async () => deepFreeze(await loadStructure(db, name)))),
    ));
  }

  clear(): void {
    for (const cache of this.caches()) cache.clear();
  }

  /** Lookups of its three caches together (GET /metrics). */
  get stats(): { hits: number; misses: number } {
    return this.caches().reduce((sum, c) => ({ hits: sum.hits + c.stats.hits, misses: sum.misses + c.stats.misses }), { hits: 0, misses: 0 });
  }

  setLive(live: boolean): void {
    for (const cache of this.caches()) cache.setLive(live);
  }

  private caches() {
    return [this.assignments, this.structures, this.starts] as const;
  }
}

/** Freezes a plain-data value through and through (a shared cache entry must not be changed by a reader). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
