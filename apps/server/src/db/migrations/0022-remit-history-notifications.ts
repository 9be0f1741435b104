import { sql, type Kysely } from 'kysely';

/**
 * Runs start from a deal's state at the settlement date, read from the remittance histories, and
 * each replica keeps those starting points in memory (RunDealCache) beside the catalog. A load
 * of new remittances (the data CLI, another replica's catalogue reload) must reach every replica,
 * so the histories notify on migration 0019's channel too: receivers forget their deal caches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger deal_remit_history_changed after insert or update or delete or truncate on deal_remit_history
      for each statement execute function opencrt_notify_catalog();
    create trigger bond_remit_history_changed after insert or update or delete or truncate on bond_remit_history
      for each statement execute function opencrt_notify_catalog();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger bond_remit_history_changed on bond_remit_history;
    drop trigger deal_remit_history_changed on deal_remit_history;
  `.execute(db);
}
