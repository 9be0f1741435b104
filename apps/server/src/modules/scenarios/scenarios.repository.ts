/**
 * SQL of the scenarios module. Every read goes through `visibleTo`: a user sees the scenarios
 * they own, those marked Shared (by an admin) and those shared with them one by one.
 */
import { folded } from '../../db/folded.ts';
import { sql } from 'kysely';
import type { ScenariosDb } from './scenarios.tables.ts';

export interface ScenarioRow {
  id: number;
  owner_id: number;
  owner: string;
  scenario_name: string;
  deal_name: string | null;
  vendor: string | null;
  shared: boolean;
  last_modified: Date;
}

export interface ScenarioVectorsRow extends ScenarioRow {
  cpr: number[];
  cdr: number[];
  loss_severity: number[];
  delinquency: number[];
  index_curve: number[] | null;
}

/** Values of one stored scenario (vectors as JSON text for jsonb columns). */
export interface ScenarioValues {
  scenario_name: string;
  deal_name: string | null;
  vendor: string | null;
  cpr: number[];
  cdr: number[];
  loss_severity: number[];
  delinquency: number[];
  /**
   * Empty = no curve (stored as null); undefined = leave the stored curve as it is (an update from
   * a client that does not edit curves, e.g. the scenario list's vector editor, keeps it).
   */
  index_curve?: number[] | undefined;
  shared: boolean;
}

const SUMMARY_COLUMNS = [
  'scenarios.id', 'scenarios.owner_id', 'users.username as owner', 'scenarios.scenario_name', 'scenarios.deal_name',
  'scenarios.vendor', 'scenarios.shared', 'scenarios.last_modified',
] as const;

const toJson = (v: ScenarioValues) => ({
  scenario_name: v.scenario_name,
  deal_name: v.deal_name,
  vendor: v.vendor,
  cpr: JSON.stringify(v.cpr),
  cdr: JSON.stringify(v.cdr),
  loss_severity: JSON.stringify(v.loss_severity),
  delinquency: JSON.stringify(v.delinquency),
  ...(v.index_curve === undefined ? {} : { index_curve: v.index_curve.length > 0 ? JSON.stringify(v.index_curve) : null }),
  shared: v.shared,
});

/** Scenarios visible to the user, with the owner's name. */
function visibleTo(db: ScenariosDb, userId: number) {
  return db.selectFrom('scenarios')
    .innerJoin('users', 'users.id', 'scenarios.owner_id')
    .where((eb) => eb.or([
      eb('scenarios.owner_id', '=', userId),
      eb('scenarios.shared', '=', true),
      eb.exists(eb.selectFrom('scenario_shares').select('scenario_shares.scenario_id')
        .whereRef('scenario_shares.scenario_id', '=', 'scenarios.id').where('scenario_shares.user_id', '=', userId)),
    ]));
}

export function createScenariosRepository(db: ScenariosDb) {
  return {
    /** Visible scenarios, optionally of one deal/vendor (case-insensitive), by name. */
    list: (userId: number, filter: { dealName?: string | null; vendor?: string | null } = {}) => {
      let q = visibleTo(db, userId).select(SUMMARY_COLUMNS);
      if (filter.dealName) q = q.where(sql`lower(scenarios.deal_name)`, '=', folded(filter.dealName));
      if (filter.vendor) q = q.where(sql`lower(scenarios.vendor)`, '=', folded(filter.vendor));
      return q.orderBy(sql`lower(scenarios.scenario_name)`).orderBy('scenarios.id').execute() as Promise<ScenarioRow[]>;
    },

    /** One visible scenario with its vectors. */
    get: (userId: number, id: number) => visibleTo(db, userId)
      .select([...SUMMARY_COLUMNS, 'scenarios.cpr', 'scenarios.cdr', 'scenarios.loss_severity', 'scenarios.delinquency', 'scenarios.index_curve'])
      .where('scenarios.id', '=', id)
      .executeTakeFirst() as Promise<ScenarioVectorsRow | undefined>,

    /** Owner of each existing id (visible or not): the ownership checks need to tell 403 from 404. */
    owners: async (ids: readonly number[]) => {
      if (ids.length === 0) return new Map<number, number>();
      const rows = await db.selectFrom('scenarios').select(['id', 'owner_id']).where('id', 'in', [...ids]).execute();
      return new Map(rows.map((r) => [r.id, r.owner_id]));
    },

    /** The user's own scenario with the same name, deal and vendor (ignoring case), if any. */
    findOwnedByKey: (userId: number, name: string, deal: string | null, vendor: string | null) => db.selectFrom('scenarios')
      .select('id')
      .where('owner_id', '=', userId)
      .where(sql`lower(scenario_name)`, '=', folded(name))
      .where(sql`lower(coalesce(deal_name, ''))`, '=', folded(deal ?? ''))
      .where(sql`lower(coalesce(vendor, ''))`, '=', folded(vendor ?? ''))
      .executeTakeFirst(),

    /** Scenarios one user owns (the quota counts them). */
    countOwned: async (userId: number) => Number((await db.selectFrom('scenarios').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', userId).executeTakeFirstOrThrow()).n),

    /** Case-folded names of the user's own scenarios (clone naming), folded by PostgreSQL as the unique index does. */
    ownedNames: async (userId: number) => new Set((await db.selectFrom('scenarios').select(sql<string>`lower(scenario_name)`.as('name'))
      .where('owner_id', '=', userId).execute()).map((r) => r.name)),

    /** A name folded by PostgreSQL's lower() (see db/folded.ts). */
    fold: async (name: string) => (await sql<{ name: string }>`select ${folded(name)} as name`.execute(db)).rows[0]?.name ?? name,

    insert: async (ownerId: number, values: ScenarioValues, now: Date) => (await db.insertInto('scenarios')
      .values({ owner_id: ownerId, ...toJson(values), last_modified: now })
      .returning('id').executeTakeFirstOrThrow()).id,

    update: (id: number, values: ScenarioValues, now: Date) => db.updateTable('scenarios')
      .set({ ...toJson(values), last_modified: now }).where('id', '=', id).execute(),

    deleteMany: async (ids: readonly number[]) =>
      Number((await db.deleteFrom('scenarios').where('id', 'in', [...ids]).executeTakeFirst()).numDeletedRows),

    /** Shares each scenario with each user; existing pairs stay. Returns the pairs added. */
    share: async (scenarioIds: readonly number[], userIds: readonly number[]) => {
      const pairs = scenarioIds.flatMap((scenario_id) => userIds.map((user_id) => ({ scenario_id, user_id })));
      if (pairs.length === 0) return 0;
      const result = await db.insertInto('scenario_shares').values(pairs)
        .onConflict((oc) => oc.columns(['scenario_id', 'user_id']).doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** Distinct non-empty values of a column among visible scenarios, sorted ignoring case. */
    distinct: async (userId: number, column: 'scenario_name' | 'vendor') => {
      const rows = await visibleTo(db, userId).select(`scenarios.${column} as value`).distinct()
        .where(`scenarios.${column}`, 'is not', null).execute();
      return rows.map((r) => r.value).filter((v): v is string => !!v).sort((a, b) => a.localeCompare(b, 'en'));
    },

    /** The catalog's spelling of a deal name (case-insensitive), or undefined when unknown. */
    catalogDealName: async (name: string) => (await db.selectFrom('deals').select('deal_name')
      .where(sql`lower(deal_name)`, '=', folded(name)).executeTakeFirst())?.deal_name,

    /** Ids of the given users that exist. */
    existingUsers: async (ids: readonly number[]) => ids.length === 0 ? [] : (await db.selectFrom('users').select('id')
      .where('id', 'in', [...ids]).execute()).map((r) => r.id),
  };
}

export type ScenariosRepository = ReturnType<typeof createScenariosRepository>;
