/**
 * Deal catalog rules (spec 000 "Deal Catalog" and §9): grouping by deal-name text, special
 * (pricing/test) deals, paid-off and stale styling, and the analysis link of each family.
 */
import type { DealCatalogRow } from '@opencrt/contracts';

/** Groups in display order; 'Other' only appears when a name matches no rule. */
export const CATALOG_GROUPS = ['ACIS', 'CIRT', 'STACR', 'CAS', 'ILN', 'RMBS', 'ABS', 'Agency'] as const;
export type CatalogGroup = (typeof CATALOG_GROUPS)[number] | 'Other';

/** Name fragments per group (matched case-insensitively anywhere in the name). */
const NAME_RULES: readonly (readonly [CatalogGroup, readonly string[]])[] = [
  ['ILN', ['Radnor', 'Home', 'Bellemeade', 'Eagle', 'Oaktown', 'Triangle']],
  ['RMBS', ['AOMT', 'NQM', 'CHLMT', 'GSMBS', 'JPMMT', 'MSRM', 'OBMLT', 'SQMT', 'VERUS', 'RMCT']],
  ['ABS', ['FORDO', 'SDART']],
  ['Agency', ['FHLMC', 'FNMA', 'GNMA']],
];

/** Product prefixes: a name starting with one of these is that product. */
const PREFIX_GROUPS: readonly CatalogGroup[] = ['ACIS', 'CIRT', 'STACR', 'CAS'];

/** The catalog group of a deal name. */
export function catalogGroupOf(dealName: string): CatalogGroup {
  const upper = dealName.trim().toUpperCase();
  for (const g of PREFIX_GROUPS) if (upper.startsWith(g)) return g;
  for (const [group, words] of NAME_RULES) if (words.some((w) => upper.includes(w.toUpperCase()))) return group;
  return 'Other';
}

/** Pricing versions (name ends in the letter p plus digits) and test deals sort last and are styled. */
export function isSpecialDeal(dealName: string): boolean {
  return /p\d+$/.test(dealName.trim()) || dealName.includes('TEST');
}

/** Agency deals (names containing FHLMC, FNMA or GNMA) show fewer columns and inputs. */
export function isAgencyDeal(dealName: string): boolean {
  return /FHLMC|FNMA|GNMA/.test(dealName.toUpperCase());
}

// Factor dates before these months mark CIRT / ACIS deals as stale (spec 000 §9).
const CIRT_STALE_BEFORE = 20230701;
const ACIS_STALE_BEFORE = 20230901;

/** Paid off: current balance under 10 dollars. */
export function isPaidOff(row: Pick<DealCatalogRow, 'CurrentBalance'>): boolean {
  return row.CurrentBalance < 10;
}

/** Stale: factor date before 07/2023 (CIRT) or 09/2023 (ACIS). */
export function isStale(row: Pick<DealCatalogRow, 'DealName' | 'FactorDate'>): boolean {
  const group = catalogGroupOf(row.DealName);
  if (group === 'CIRT') return row.FactorDate < CIRT_STALE_BEFORE;
  if (group === 'ACIS') return row.FactorDate < ACIS_STALE_BEFORE;
  return false;
}

/** Analysis route of a deal's family: ACIS, CIRT, else the deal analysis page. */
export function analysisPath(dealName: string): '/acis_analysis' | '/cirt_analysis' | '/deal_analysis' {
  const upper = dealName.trim().toUpperCase();
  if (upper.startsWith('ACIS')) return '/acis_analysis';
  if (upper.startsWith('CIRT')) return '/cirt_analysis';
  return '/deal_analysis';
}

/** Link to a deal's analysis page (optionally preselecting a bond). */
export function analysisLink(dealName: string, bondName?: string): string {
  const query = new URLSearchParams({ dealName });
  if (bondName) query.set('bondName', bondName);
  return `${analysisPath(dealName)}?${query.toString()}`;
}
