/**
 * Run options beyond the four assumption vectors, shared by deal and bond analysis: the collateral
 * group (spec 000 §4 "collateral group (default All)", request CollateralGroup, null = All) and the
 * OpenCRT prepayment convention of ABS deals (request PrepaymentConvention: 'ABS' reads the CPR
 * input as the auto-ABS speed, percent of the original loan count per month).
 */
import type { DealDetail } from '@opencrt/contracts';
import { catalogGroupOf } from '../deal-catalog/catalog-groups.ts';

export type PrepaymentConvention = 'CPR' | 'ABS';

/** Auto-loan ABS deals: DealType ABS, or an ABS name (FORDO, SDART) as the catalog groups them. */
export function isAbsDeal(deal: Pick<DealDetail, 'DealName' | 'DealType'>): boolean {
  return deal.DealType === 'ABS' || catalogGroupOf(deal.DealName) === 'ABS';
}

/** The convention named in a link; anything but 'ABS' is the default CPR. */
export function parseConvention(text: string | null): PrepaymentConvention {
  return text?.toUpperCase() === 'ABS' ? 'ABS' : 'CPR';
}

/** Label of the prepayment input: ABS relabels the CPR input. */
export function prepaymentLabel(convention: PrepaymentConvention): string {
  return convention === 'ABS' ? 'ABS %' : 'CPR (%)';
}

/** Name of the prepayment input in 'Missing valid: ...' messages. */
export function prepaymentMessageName(convention: PrepaymentConvention): string {
  return convention === 'ABS' ? 'ABS' : 'CPR';
}

/**
 * An ABS speed is one number (the engine reads a single speed, not a per-period vector or a saved
 * CPR vector): a list or a name would be silently cut to its first value, so it is refused.
 */
export function isValidAbsSpeed(text: string): boolean {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) && Number(t) >= 0;
}

/** Collateral groups of a deal: every group a bond pays from or a rep line belongs to, ascending. */
export function collateralGroupsOf(deal: Pick<DealDetail, 'Bonds' | 'Replines'>): number[] {
  const groups = new Set<number>([...deal.Bonds.flatMap((b) => b.CollateralGroups), ...deal.Replines.map((r) => r.CollateralGroup)]);
  return [...groups].sort((a, b) => a - b);
}

/** The group a link names, when the deal has it; null (All) otherwise. */
export function parseCollateralGroup(text: string | null, groups: readonly number[]): number | null {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return groups.includes(n) ? n : null;
}
