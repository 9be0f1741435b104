/**
 * User collateral cashflows (spec 002, screen /cashflows): each user keeps uploaded collateral
 * projections, labelled deal / month / scenario [/ vendor], to run as prerun collateral. A save
 * sends the user's whole list (the screen loads it, adds uploads, removes deletions), which
 * replaces what they had in one transaction — so a delete on the screen is a delete on save.
 */
import { folded } from '../../db/folded.ts';
import { sql, type Insertable } from 'kysely';
import {
  duplicateCashflow, userCashflowLabel, userCashflowMissing,
  type UserCollateralCashflow,
} from '@opencrt/contracts';
import { userCollateralProblems } from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import { checkListQuota, lockQuota } from '../../quotas/storage-quotas.ts';
import { createDealsRepository } from '../deals/deals.repository.ts';
import { userCashflowsDb, type UserCollCashflowsTable } from './user-cashflows.tables.ts';

export interface CashflowFilter { dealName?: string | undefined; vendor?: string | undefined; collateralMonth?: string | undefined; scenarioName?: string | undefined }

export const CASHFLOW_NOT_FOUND = 'The collateral cashflow was not found.';

/** The caller's cashflows matching the filter (each given part must match, ignoring case), by label. */
export async function listUserCashflows(db: Db, userId: number, filter: CashflowFilter = {}): Promise<UserCollateralCashflow[]> {
  let q = userCashflowsDb(db).selectFrom('user_coll_cashflows')
    .select(['deal_name', 'collateral_month', 'scenario_name', 'vendor', 'cashflow'])
    .where('owner_id', '=', userId);
  if (filter.dealName) q = q.where(sql`lower(deal_name)`, '=', folded(filter.dealName));
  if (filter.vendor !== undefined && filter.vendor !== '') q = q.where(sql`lower(vendor)`, '=', folded(filter.vendor));
  if (filter.collateralMonth) q = q.where('collateral_month', '=', filter.collateralMonth.replace('-', ''));
  if (filter.scenarioName) q = q.where(sql`lower(scenario_name)`, '=', folded(filter.scenarioName));
  const rows = await q.orderBy(sql`lower(deal_name)`).orderBy('collateral_month').orderBy(sql`lower(scenario_name)`).orderBy(sql`lower(vendor)`).execute();
  return rows.map((r) => ({
    DealName: r.deal_name, CollateralMonth: r.collateral_month, ScenarioName: r.scenario_name, Vendor: r.vendor, CollateralCashflow: r.cashflow,
  }));
}

/** A saved cashflow without its rows: what the vendor grid offers as a scenario column. */
export interface UserCashflowRef { id: number; dealName: string; collateralMonth: string; scenarioName: string; vendor: string; label: string }

/** The caller's cashflows as references (no rows: the grid's scenario list does not need them), by label. */
export async function userCashflowRefs(db: Db, userId: number): Promise<UserCashflowRef[]> {
  const rows = await userCashflowsDb(db).selectFrom('user_coll_cashflows')
    .select(['id', 'deal_name', 'collateral_month', 'scenario_name', 'vendor'])
    .where('owner_id', '=', userId)
    .orderBy(sql`lower(deal_name)`).orderBy('collateral_month').orderBy(sql`lower(scenario_name)`).orderBy(sql`lower(vendor)`).execute();
  return rows.map((r) => ({
    id: r.id, dealName: r.deal_name, collateralMonth: r.collateral_month, scenarioName: r.scenario_name, vendor: r.vendor,
    label: userCashflowLabel({ DealName: r.deal_name, CollateralMonth: r.collateral_month, ScenarioName: r.scenario_name, Vendor: r.vendor }),
  }));
}

/**
 * The caller's cashflow of a label ('Deal / Month / Scenario[ / Vendor]', ignoring case), or a 400
 * naming it: how portfolio entries refer to a saved cashflow.
 * @param dealName when given, the cashflow must belong to that deal
 */
export async function userCashflowByLabel(db: Db, userId: number, label: string, dealName?: string): Promise<UserCollateralCashflow> {
  const wanted = label.trim().toLowerCase();
  const found = (await listUserCashflows(db, userId, dealName ? { dealName } : {})).find((c) => userCashflowLabel(c).toLowerCase() === wanted);
  if (!found) throw new Invalid(userCashflowMissing(label.trim()));
  return found;
}

/**
 * GET /usercollcashflow: with deal, month and scenario given, the one cashflow they name (404 when
 * the caller has none — the deal screens ignore that answer); otherwise the matching list.
 */
export async function findUserCashflows(db: Db, userId: number, filter: CashflowFilter): Promise<UserCollateralCashflow[]> {
  const list = await listUserCashflows(db, userId, filter);
  const exact = Boolean(filter.dealName && filter.collateralMonth && filter.scenarioName);
  if (exact && list.length === 0) throw new NotFound(CASHFLOW_NOT_FOUND);
  return list;
}

/** Vendors the caller's cashflows name (for the vendor grid's selector), sorted. */
export async function userCashflowVendors(db: Db, userId: number): Promise<string[]> {
  const rows = await userCashflowsDb(db).selectFrom('user_coll_cashflows').select('vendor').distinct()
    .where('owner_id', '=', userId).where('vendor', '<>', '').orderBy('vendor').execute();
  return rows.map((r) => r.vendor);
}

/**
 * Replaces the caller's cashflows with the list sent; deal names take the catalogue's spelling.
 * @param quota cashflows one user may keep (OPENCRT_MAX_CASHFLOWS_PER_USER): a longer list answers 429
 */
export async function saveUserCashflows(db: Db, user: AuthUser, input: UserCollateralCashflow[], now: Date, quota: number): Promise<{ Saved: number }> {
  checkListQuota('cashflows', quota, input.length);
  const deals = createDealsRepository(db);
  const seen = new Set<string>();
  const rows: Insertable<UserCollCashflowsTable>[] = [];
  for (const c of input) {
    const deal = await deals.findAssigned(user.id, c.DealName);
    if (!deal) throw new Invalid(`Deal ${c.DealName} was not found (cashflow "${userCashflowLabel(c)}").`);
    const named = { ...c, DealName: deal.deal_name };
    const label = userCashflowLabel(named);
    if (seen.has(label.toLowerCase())) throw new Invalid(duplicateCashflow(label));
    seen.add(label.toLowerCase());
    const problems = userCollateralProblems(c.CollateralCashflow);
    if (problems.length) throw new Invalid(`${label}: ${problems.join(' ')}`);
    rows.push({
      owner_id: user.id, deal_name: deal.deal_name, collateral_month: c.CollateralMonth, scenario_name: c.ScenarioName,
      vendor: c.Vendor ?? '', cashflow: JSON.stringify(c.CollateralCashflow), last_modified: now,
    });
  }
  await userCashflowsDb(db).transaction().execute(async (trx) => {
    // Saves of one user queue here: the delete then sees the other save's rows, so two lists never add up.
    await lockQuota(trx, 'cashflows', user.id);
    await trx.deleteFrom('user_coll_cashflows').where('owner_id', '=', user.id).execute();
    if (rows.length > 0) await trx.insertInto('user_coll_cashflows').values(rows).execute();
  });
  return { Saved: rows.length };
}
