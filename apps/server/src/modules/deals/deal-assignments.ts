/**
 * Per-user deal assignments (user_deals): users see only their deals. Seeded users get every
 * demo deal when the catalogue loads; other sign-up paths call assignDemoDeals.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dealsDb } from './deals.tables.ts';

/** Give a user every demo deal (idempotent); returns how many were added. */
export async function assignDemoDeals(db: Db, userId: number): Promise<number> {
  const result = await sql`
    insert into user_deals (user_id, deal_name)
    select ${userId}, deal_name from deals where is_demo
    on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Names of the deals assigned to a user. */
export async function assignedDealNames(db: Db, userId: number): Promise<string[]> {
  const rows = await dealsDb(db).selectFrom('user_deals').select('deal_name').where('user_id', '=', userId).orderBy('deal_name').execute();
  return rows.map((r) => r.deal_name);
}
