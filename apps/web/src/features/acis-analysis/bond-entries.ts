/**
 * The user-entered columns of the ACIS structure table (spec 001 §3.2): an owned face amount
 * (the bond's contract amount, dollars, thousands separators allowed) and a margin (collateral,
 * percent) per ACIS bond. Run All Bonds Scenario and Create portfolio both read them.
 */
import type { AcisStructure } from '@opencrt/contracts';
import { parseAmount, typedNumberProblems } from '../../components/reinsurance/reinsurance-settings.ts';

export interface BondEntry { owned: string; margin: string }
/** Entries by ACIS bond name; a bond without an entry counts as blank. */
export type BondEntries = Record<string, BondEntry>;

/** Default portfolio bond margin (collateral %), spec 001 §9. */
export const DEFAULT_PORTFOLIO_MARGIN = 20;

/** Spec 001 §5.2: no bond has both a contract amount and a collateral margin. */
export const NO_BOND_ENTRY = 'Provide contract amount and collateral for at least one bond.';

const BLANK: BondEntry = { owned: '', margin: '' };

export const entryOf = (entries: BondEntries, bond: string): BondEntry => entries[bond] ?? BLANK;

/**
 * Ticking 'Create portfolio from {deal}' fills the defaults (spec 001 §4): owned face amount =
 * the bond's original balance, margin 20. Only blank cells are filled, so amounts the user
 * already typed (e.g. for Run All Bonds Scenario) stay.
 */
export function withPortfolioDefaults(bonds: AcisStructure['Bonds'], entries: BondEntries): BondEntries {
  const out: BondEntries = { ...entries };
  for (const b of bonds) {
    const e = entryOf(entries, b.AcisBondName);
    out[b.AcisBondName] = {
      owned: e.owned.trim() ? e.owned : b.OriginalBalance.toFixed(2),
      margin: e.margin.trim() ? e.margin : String(DEFAULT_PORTFOLIO_MARGIN),
    };
  }
  return out;
}

/** Spec 001 §5.2: a portfolio entry counts only with an owned face amount and a margin, both above 0. */
export function qualifies(e: BondEntry): boolean {
  const owned = parseAmount(e.owned);
  const margin = parseAmount(e.margin);
  return owned !== null && owned > 0 && margin !== null && margin > 0;
}

/** One bond of an all-bonds run: the request's OwnedFaceAmt (dollars) and Margin (fraction). */
export interface BondRun { bond: string; OwnedFaceAmt: number; Margin: number }

/**
 * The bonds of Run All Bonds Scenario (spec 001 §2.2, §5.2): entries with an empty amount are
 * skipped; with none left the answer is the spec's message. A kept entry needs an amount above 0
 * and a margin from 0 to 100 %, else the problem names the bond in the server's words.
 */
export function allBondsRuns(bonds: AcisStructure['Bonds'], entries: BondEntries): { runs: BondRun[] } | { problem: string } {
  const kept = bonds.filter((b) => entryOf(entries, b.AcisBondName).owned.trim() !== '');
  if (kept.length === 0) return { problem: NO_BOND_ENTRY };
  const runs: BondRun[] = [];
  const problems: string[] = [];
  for (const b of kept) {
    const e = entryOf(entries, b.AcisBondName);
    // Named as the table's columns head them (issue 23 #4), each list once.
    const bad = typedNumberProblems([
      { label: 'Owned Face Amt', unit: '($)', text: e.owned, required: true },
      { label: 'Margin', unit: '(%)', text: e.margin, required: true },
    ]);
    if (bad.length) problems.push(`${b.AcisBondName}: ${bad.join('; ')}`);
    else runs.push({ bond: b.AcisBondName, OwnedFaceAmt: parseAmount(e.owned) as number, Margin: (parseAmount(e.margin) as number) / 100 });
  }
  return problems.length ? { problem: problems.join('\n') } : { runs };
}
