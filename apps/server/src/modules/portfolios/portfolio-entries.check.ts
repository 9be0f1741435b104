/**
 * Checks of a portfolio's entries before a save (spec 002 §5 "Portfolio entry", spreadsheet rules):
 * amounts and percents within the screen's ranges, deal and bond names required, the deal assigned to the caller, reinsurance deals only in
 * Reinsurance portfolios (and the reverse), the bond present in the deal. Names are rewritten to
 * the catalogue's spelling so a lower-case deal typed by hand is stored as the catalogue has it.
 */
import {
  atLine, isReinsuranceDealName, portfolioEntryProblems, userCashflowMissing, portfolioBondEmpty, portfolioBondMissing, portfolioDealEmpty, portfolioDealMissing, portfolioEntryTypeMismatch,
  type PortfolioEntry, type PortfolioType,
} from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import { Invalid } from '../../http/errors.ts';
import { createDealsRepository } from '../deals/deals.repository.ts';
import { loadVisibleScenario } from '../scenarios/index.ts';
import { userCashflowByLabel } from '../user-cashflows/user-cashflows.service.ts';

/** An entry after the checks: catalogue spelling, ordinal renumbered 1..n. */
export type CheckedEntry = PortfolioEntry & { OrdinalNumber: number };

/**
 * Returns the entries with catalogue names, or throws one Invalid listing every line's problem
 * (one line per problem, the spec's 'Line N: …' form).
 */
export async function checkEntries(db: Db, userId: number, type: PortfolioType, entries: readonly PortfolioEntry[]): Promise<CheckedEntry[]> {
  const repo = createDealsRepository(db);
  const issues: string[] = [];
  const out: CheckedEntry[] = [];
  const bondsOf = new Map<string, string[]>();
  for (const [i, e] of entries.entries()) {
    const line = i + 1;
    // In the screen's units and labels (issue 23 #3): collateral of 500 % or a CPR of 9900 % is refused.
    issues.push(...portfolioEntryProblems(type, e).map((p) => atLine(line, p)));
    if (e.DealName === '') issues.push(portfolioDealEmpty(line));
    if (e.BondName === '') issues.push(portfolioBondEmpty(line));
    if (e.DealName === '') continue;
    if (isReinsuranceDealName(e.DealName) !== (type === 'Reinsurance')) { issues.push(portfolioEntryTypeMismatch(line)); continue; }
    const deal = await repo.findAssigned(userId, e.DealName);
    if (!deal) { issues.push(portfolioDealMissing(line)); continue; }
    let bonds = bondsOf.get(deal.deal_name);
    if (!bonds) {
      bonds = (await repo.bonds(deal.deal_name)).map((b) => b.bond_name);
      bondsOf.set(deal.deal_name, bonds);
    }
    const bond = bonds.find((b) => b.toLowerCase() === e.BondName.toLowerCase());
    if (e.BondName !== '' && !bond) { issues.push(portfolioBondMissing(line, e.BondName, deal.deal_name)); continue; }
    if (e.ScenarioId !== null) {
      try { await loadVisibleScenario(db, userId, e.ScenarioId); } catch { issues.push(`Line ${line}: scenario ${e.ScenarioId} was not found`); continue; }
    }
    if (e.UserCashflowLabel) {
      try { await userCashflowByLabel(db, userId, e.UserCashflowLabel, deal.deal_name); } catch { issues.push(`Line ${line}: ${userCashflowMissing(e.UserCashflowLabel)}`); continue; }
    }
    out.push({ ...e, OrdinalNumber: line, DealName: deal.deal_name, BondName: bond ?? e.BondName });
  }
  if (issues.length > 0) throw new Invalid(issues.join('\n'));
  return out;
}
