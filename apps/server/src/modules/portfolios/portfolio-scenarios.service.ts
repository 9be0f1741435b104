/**
 * GET /portfolios/{id}/scenarios?vendor (spec 002 §7): the scenarios the caller may see for the
 * portfolio's deals, keyed by deal name, with the common (deal-less) scenarios under ''. The
 * caller's uploaded collateral cashflows of those deals come too (spec 002 "Scenario (vendor
 * grid)": vectors "or a user CollateralCashflow"), after the deal's saved scenarios, marked by
 * UserCashflowLabel and named 'Deal / Month / Scenario' (their vendor is the Vendor).
 */
import type { Portfolio, PortfolioScenario, PortfolioScenarios } from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import { createScenariosRepository } from '../scenarios/scenarios.repository.ts';
import { scenariosDb } from '../scenarios/scenarios.tables.ts';
import { userCashflowRefs } from '../user-cashflows/user-cashflows.service.ts';

/** Vendor filter of the grid: All (every vendor), Default (no vendor: "Not vendor specific"), or a vendor. */
export function vendorMatches(filter: string, vendor: string | null): boolean {
  const f = filter.trim().toLowerCase();
  if (f === '' || f === 'all') return true;
  if (f === 'default') return !vendor || vendor.toLowerCase() === 'default';
  return (vendor ?? '').toLowerCase() === f;
}

export async function portfolioScenarios(db: Db, userId: number, portfolio: Portfolio, vendor: string): Promise<PortfolioScenarios> {
  const deals = new Map(portfolio.PortfolioEntries.map((e) => [e.DealName.toLowerCase(), e.DealName]));
  const rows = await createScenariosRepository(scenariosDb(db)).list(userId);
  const out: PortfolioScenarios = { '': [] };
  for (const name of deals.values()) out[name] = [];
  for (const r of rows) {
    if (!vendorMatches(vendor, r.vendor)) continue;
    const key = r.deal_name ? deals.get(r.deal_name.toLowerCase()) : '';
    if (key === undefined) continue;
    const item: PortfolioScenario = { Id: r.id, ScenarioName: r.scenario_name, DealName: r.deal_name, Vendor: r.vendor };
    out[key]?.push(item);
  }
  for (const c of await userCashflowRefs(db, userId)) {
    const key = deals.get(c.dealName.toLowerCase());
    if (key === undefined || !vendorMatches(vendor, c.vendor || null)) continue;
    out[key]?.push({
      Id: c.id, ScenarioName: `${key} / ${c.collateralMonth} / ${c.scenarioName}`, DealName: key, Vendor: c.vendor || null, UserCashflowLabel: c.label,
    });
  }
  return out;
}
