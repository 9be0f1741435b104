/**
 * Deal and scenario assignment per user (spec 002 "User management"; entities Deal assignment and
 * Scenario assignment). Deals: `user_deals` rows, read by every deal read and run of the deals,
 * simulation and ACIS/CIRT modules. Scenarios: `scenario_shares` rows; a user's own scenarios are
 * always assigned and cannot be removed.
 */
import type { DealAssignment, PageQuery, ScenarioAssignment } from '@opencrt/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { accountsDb } from './users.tables.ts';
import { getUser } from './users.service.ts';

export const OWNED_SCENARIO = 'Owned scenarios cannot be removed.';

/** Every catalog deal with whether the user has it. */
export async function userDeals(db: Db, userId: number): Promise<DealAssignment[]> {
  await getUser(db, userId);
  const rows = await accountsDb(db).selectFrom('deals')
    .leftJoin('user_deals', (j) => j.onRef('user_deals.deal_name', '=', 'deals.deal_name').on('user_deals.user_id', '=', userId))
    .select(['deals.deal_name', sql<boolean>`user_deals.user_id is not null`.as('assigned')])
    .orderBy('deals.deal_name').execute();
  return rows.map((r) => ({ DealName: r.deal_name, IsAssigned: r.assigned }));
}

/** Catalog spelling of each name; throws naming the first unknown deal. */
async function catalogNames(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const rows = lower.length
    ? await accountsDb(db).selectFrom('deals').select('deal_name').where(sql`lower(deal_name)`, 'in', lower).execute()
    : [];
  const byLower = new Map(rows.map((r) => [r.deal_name.toLowerCase(), r.deal_name]));
  const unknown = names.find((n) => !byLower.has(n.toLowerCase()));
  if (unknown !== undefined) throw new Invalid(`The ${unknown} deal doesn't exist.`);
  return byLower;
}

/** Applies the changed rows in one transaction. A disabled user's deals cannot be edited. */
export async function changeUserDeals(db: Db, userId: number, changes: readonly DealAssignment[]): Promise<void> {
  const user = await getUser(db, userId);
  if (!user.IsEnabled) throw new Invalid(`The user ${user.Username} is disabled: enable the user before editing deals.`);
  const names = await catalogNames(db, changes.map((c) => c.DealName));
  const spelled = (name: string) => names.get(name.toLowerCase()) ?? name;
  const add = changes.filter((c) => c.IsAssigned).map((c) => spelled(c.DealName));
  const remove = changes.filter((c) => !c.IsAssigned).map((c) => spelled(c.DealName));
  await accountsDb(db).transaction().execute(async (trx) => {
    if (remove.length) await trx.deleteFrom('user_deals').where('user_id', '=', userId).where('deal_name', 'in', remove).execute();
    if (add.length) {
      await trx.insertInto('user_deals').values(add.map((deal_name) => ({ user_id: userId, deal_name })))
        .onConflict((oc) => oc.doNothing()).execute();
    }
  });
}

/**
 * A page of every user's scenarios (by name), with owner and whether it is the user's own or shared
 * with them, and the count of all (the x-total-count header).
 */
export async function userScenarios(db: Db, userId: number, page: PageQuery): Promise<{ list: ScenarioAssignment[]; total: number }> {
  await getUser(db, userId);
  const { n } = await accountsDb(db).selectFrom('scenarios').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await accountsDb(db).selectFrom('scenarios')
    .innerJoin('users', 'users.id', 'scenarios.owner_id')
    .leftJoin('scenario_shares', (j) => j.onRef('scenario_shares.scenario_id', '=', 'scenarios.id').on('scenario_shares.user_id', '=', userId))
    .select([
      'scenarios.id', 'scenarios.scenario_name', 'scenarios.vendor', 'scenarios.deal_name', 'users.username',
      sql<boolean>`scenarios.owner_id = ${userId}`.as('owned'),
      sql<boolean>`scenario_shares.user_id is not null`.as('shared'),
    ])
    .orderBy(sql`lower(scenarios.scenario_name)`).orderBy('scenarios.id').limit(page.limit).offset(page.offset).execute();
  const list = rows.map((r) => ({
    Id: r.id, Name: r.scenario_name, Vendor: r.vendor, DealName: r.deal_name, Owner: r.username,
    Owned: r.owned, IsAssigned: r.owned || r.shared,
  }));
  return { list, total: Number(n) };
}

/** Applies the changed rows in one transaction; refuses removing an owned scenario or an unknown id. */
export async function changeUserScenarios(db: Db, userId: number, changes: readonly { Id: number; IsAssigned: boolean }[]): Promise<void> {
  await getUser(db, userId);
  const ids = [...new Set(changes.map((c) => c.Id))];
  const known = ids.length
    ? await accountsDb(db).selectFrom('scenarios').select(['id', 'owner_id']).where('id', 'in', ids).execute()
    : [];
  const ownerOf = new Map(known.map((s) => [s.id, s.owner_id]));
  const missing = ids.find((id) => !ownerOf.has(id));
  if (missing !== undefined) throw new NotFound(`Scenario ${missing} was not found.`);
  if (changes.some((c) => !c.IsAssigned && ownerOf.get(c.Id) === userId)) throw new Invalid(OWNED_SCENARIO);
  // Owned scenarios are assigned by ownership; a share row for them would be noise.
  const add = changes.filter((c) => c.IsAssigned && ownerOf.get(c.Id) !== userId).map((c) => c.Id);
  const remove = changes.filter((c) => !c.IsAssigned).map((c) => c.Id);
  await accountsDb(db).transaction().execute(async (trx) => {
    if (remove.length) await trx.deleteFrom('scenario_shares').where('user_id', '=', userId).where('scenario_id', 'in', remove).execute();
    if (add.length) {
      await trx.insertInto('scenario_shares').values(add.map((scenario_id) => ({ scenario_id, user_id: userId })))
        .onConflict((oc) => oc.doNothing()).execute();
    }
  });
}

/** PUT /administrator/deal/{deal}/assign_all: every user gets the deal; its catalog spelling. */
export async function assignDealToAll(db: Db, deal: string): Promise<string> {
  const name = (await catalogNames(db, [deal])).get(deal.toLowerCase()) ?? deal;
  await sql`insert into user_deals (user_id, deal_name) select id, ${name} from users on conflict do nothing`.execute(db);
  return name;
}

/** DELETE /administrator/deal/{deal}/remove_all. */
export async function removeDealFromAll(db: Db, deal: string): Promise<string> {
  const name = (await catalogNames(db, [deal])).get(deal.toLowerCase()) ?? deal;
  await accountsDb(db).deleteFrom('user_deals').where('deal_name', '=', name).execute();
  return name;
}
