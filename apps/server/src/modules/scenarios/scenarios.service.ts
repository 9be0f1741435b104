/**
 * Scenario rules (spec 000 §4–§6): validation with the spec's messages, ownership (only the owner
 * edits or deletes), sharing (admins only: the Shared flag shows a scenario to everyone, the share
 * call to chosen users), bulk saves with skip/override in one transaction.
 */
import {
  dealDoesNotExist,
  scenarioIssues,
  type SaveMode,
  type Scenario,
  type ScenarioInputParsed,
  type ScenarioSummary,
} from '@opencrt/contracts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { rolesGrant } from '../../auth/permissions.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { checkQuota, lockQuota } from '../../quotas/storage-quotas.ts';
import type { ModuleContext } from '../module.ts';
import { createScenariosRepository, type ScenarioRow, type ScenarioValues, type ScenarioVectorsRow, type ScenariosRepository } from './scenarios.repository.ts';
import { scenariosDb, type ScenariosDb } from './scenarios.tables.ts';

export const SCENARIO_NOT_FOUND = 'Scenario was not found.';
export const NOT_SCENARIO_OWNER = 'Only the owner can change or delete this scenario.';
export const SHARING_ADMIN_ONLY = 'Only administrators can share scenarios.';
export const SCENARIO_DUPLICATE = 'A scenario with this name, deal and vendor already exists.';

const isAdmin = (user: AuthUser) => rolesGrant(user.roles, 'admin');

function toSummary(row: ScenarioRow, userId: number): ScenarioSummary {
  return {
    Id: row.id,
    ScenarioName: row.scenario_name,
    DealName: row.deal_name,
    Vendor: row.vendor,
    Shared: row.shared,
    Owned: row.owner_id === userId,
    Owner: row.owner,
    LastModified: new Date(row.last_modified).toISOString(),
  };
}

function toScenario(row: ScenarioVectorsRow, userId: number): Scenario {
  return { ...toSummary(row, userId), Cpr: row.cpr, Cdr: row.cdr, LossSeverity: row.loss_severity, Delinquency: row.delinquency, IndexCurve: row.index_curve ?? [] };
}

/**
 * Checks one scenario and returns what to store, or the list of problems: spec messages for the
 * name and vectors, then the deal (stored in the catalog's spelling).
 */
async function checkScenario(repo: ScenariosRepository, s: ScenarioInputParsed): Promise<{ values?: ScenarioValues; issues: string[] }> {
  const issues = scenarioIssues(s);
  let dealName = s.DealName;
  if (dealName) {
    const known = await repo.catalogDealName(dealName);
    if (!known) issues.push(dealDoesNotExist(dealName));
    else dealName = known;
  }
  if (issues.length > 0) return { issues };
  return {
    issues,
    values: {
      scenario_name: s.ScenarioName, deal_name: dealName, vendor: s.Vendor,
      cpr: s.Cpr as number[], cdr: s.Cdr as number[], loss_severity: s.LossSeverity as number[], delinquency: s.Delinquency as number[],
      index_curve: s.IndexCurve === undefined ? undefined : (s.IndexCurve ?? []) as number[], shared: s.Shared,
    },
  };
}

/** First free "{name} (copy)", "{name} (copy 2)", … among the user's scenario names. */
async function cloneName(name: string, taken: Set<string>, fold: (name: string) => Promise<string>): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${name} (copy)` : `${name} (copy ${n})`;
    if (!taken.has(await fold(candidate))) return candidate;
  }
}

export function createScenariosService(ctx: ModuleContext) {
  const db: ScenariosDb = scenariosDb(ctx.db);
  const repo = createScenariosRepository(db);

  async function requireVisible(user: AuthUser, id: number): Promise<ScenarioVectorsRow> {
    const row = await repo.get(user.id, id);
    if (!row) throw new NotFound(SCENARIO_NOT_FOUND);
    return row;
  }

  return {
    /** Visible scenarios; dealName/vendor filter exactly (ignoring case) when given. */
    async list(user: AuthUser, filter: { dealName?: string | undefined; vendor?: string | undefined } = {}): Promise<ScenarioSummary[]> {
      return (await repo.list(user.id, filter)).map((r) => toSummary(r, user.id));
    },

    async get(user: AuthUser, id: number): Promise<Scenario> {
      return toScenario(await requireVisible(user, id), user.id);
    },

    names: (user: AuthUser) => repo.distinct(user.id, 'scenario_name'),
    vendors: (user: AuthUser) => repo.distinct(user.id, 'vendor'),

    /** Copies a visible scenario into the caller's own list, unshared, under a free name. */
    async clone(user: AuthUser, id: number): Promise<Scenario> {
      const source = await requireVisible(user, id);
      const quota = ctx.config.quotas.scenarios;
      checkQuota('scenarios', quota, await repo.countOwned(user.id), 1);
      const newId = await db.transaction().execute(async (trx) => {
        const tx = createScenariosRepository(trx);
        await lockQuota(trx, 'scenarios', user.id);
        checkQuota('scenarios', quota, await tx.countOwned(user.id), 1);
        const name = await cloneName(source.scenario_name, await tx.ownedNames(user.id), tx.fold);
        return tx.insert(user.id, {
          scenario_name: name, deal_name: source.deal_name, vendor: source.vendor, cpr: source.cpr, cdr: source.cdr,
          loss_severity: source.loss_severity, delinquency: source.delinquency, index_curve: source.index_curve ?? [], shared: false,
        }, ctx.now());
      });
      return toScenario(await requireVisible(user, newId), user.id);
    },

    /**
     * Saves new scenarios as the caller's own. A scenario matching one the caller owns (name, deal,
     * vendor) is skipped or overwritten by `mode`. All are checked first; nothing is written unless
     * every one passes, and the writes share one transaction.
     */
    async save(user: AuthUser, scenarios: ScenarioInputParsed[], mode: SaveMode) {
      if (scenarios.some((s) => s.Shared) && !isAdmin(user)) throw new Forbidden(SHARING_ADMIN_ONLY);
      const checked = await Promise.all(scenarios.map((s) => checkScenario(repo, s)));
      const lines = checked.flatMap((c, i) => c.issues.map((m) => (scenarios.length > 1
        ? `Scenario ${i + 1}${scenarios[i]?.ScenarioName ? ` (${scenarios[i]?.ScenarioName})` : ''}: ${m}` : m)));
      if (lines.length > 0) throw new Invalid(lines.join('\n'));
      const quota = ctx.config.quotas.scenarios;
      return db.transaction().execute(async (trx) => {
        const tx = createScenariosRepository(trx);
        await lockQuota(trx, 'scenarios', user.id);
        // Only new scenarios count (a key sent twice once); an override or a skip changes nothing the quota counts.
        const fresh = new Set<string>();
        for (const { values: v } of checked) {
          if (!(await tx.findOwnedByKey(user.id, v!.scenario_name, v!.deal_name, v!.vendor))) {
            fresh.add(JSON.stringify([v!.scenario_name, v!.deal_name ?? '', v!.vendor ?? ''].map((x) => x.toLowerCase())));
          }
        }
        checkQuota('scenarios', quota, await tx.countOwned(user.id), fresh.size);
        const result = { Ids: [] as (number | null)[], Created: 0, Overridden: 0, Skipped: 0 };
        for (const c of checked) {
          const v = c.values!;
          const existing = await tx.findOwnedByKey(user.id, v.scenario_name, v.deal_name, v.vendor);
          if (!existing) {
            result.Ids.push(await tx.insert(user.id, v, ctx.now()));
            result.Created++;
          } else if (mode === 'override') {
            await tx.update(existing.id, v, ctx.now());
            result.Ids.push(existing.id);
            result.Overridden++;
          } else {
            result.Ids.push(null);
            result.Skipped++;
          }
        }
        return result;
      });
    },

    /** Owner-only update; the Shared flag changes only for admins. */
    async update(user: AuthUser, id: number, input: ScenarioInputParsed): Promise<Scenario> {
      const current = await requireVisible(user, id);
      if (current.owner_id !== user.id) throw new Forbidden(NOT_SCENARIO_OWNER);
      if (input.Shared !== current.shared && !isAdmin(user)) throw new Forbidden(SHARING_ADMIN_ONLY);
      const { values, issues } = await checkScenario(repo, input);
      if (!values) throw new Invalid(issues.join('\n'));
      const clash = await repo.findOwnedByKey(user.id, values.scenario_name, values.deal_name, values.vendor);
      if (clash && clash.id !== id) throw new Conflict(SCENARIO_DUPLICATE);
      await repo.update(id, values, ctx.now());
      return toScenario((await repo.get(user.id, id))!, user.id);
    },

    /** Deletes the caller's own scenarios; any unknown or foreign id refuses the whole call. */
    async remove(user: AuthUser, ids: number[]) {
      const unique = [...new Set(ids)];
      const owners = await repo.owners(unique);
      const visible = new Set((await repo.list(user.id)).map((r) => r.id));
      if (unique.some((id) => !owners.has(id) || !visible.has(id))) throw new NotFound(SCENARIO_NOT_FOUND);
      if (unique.some((id) => owners.get(id) !== user.id)) throw new Forbidden(NOT_SCENARIO_OWNER);
      return { Deleted: await repo.deleteMany(unique) };
    },

    /** Admin: shares visible scenarios with existing users. */
    async share(user: AuthUser, scenarioIds: number[], userIds: number[]) {
      if (!isAdmin(user)) throw new Forbidden(SHARING_ADMIN_ONLY);
      const visible = new Set((await repo.list(user.id)).map((r) => r.id));
      if (scenarioIds.some((id) => !visible.has(id))) throw new NotFound(SCENARIO_NOT_FOUND);
      const users = [...new Set(userIds)];
      const existing = new Set(await repo.existingUsers(users));
      if (users.some((id) => !existing.has(id))) throw new NotFound('User was not found.');
      return { Shared: await repo.share([...new Set(scenarioIds)], users) };
    },
  };
}

export type ScenariosService = ReturnType<typeof createScenariosService>;
