/**
 * GET /portfolios/{id}/scenarios?vendor (spec 002 §7): the scenarios the caller may see for the
 * portfolio's deals, keyed by deal name, with the common (deal-less) scenarios under ''.
 */
import type { Portfolio, PortfolioScenario, PortfolioScenarios } from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import { createScenariosRepository } from '../scenarios/scenarios.repository.ts';
import { scenariosDb } from '../scenarios/scenarios.tables.ts';

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
  return out;
}
