/**
 * The catalog as the screen shows it: rows annotated once (group, styling, link, search key),
 * grouped and sorted, then filtered per keystroke. Filtering is one pass over precomputed
 * lower-case keys, so a 1,000-deal catalog filters in well under a frame (bench/catalog-filter.ts).
 */
import type { DealCatalogRow } from '@opencrt/contracts';
import { CATALOG_GROUPS, type CatalogGroup, analysisLink, catalogGroupOf, isPaidOff, isSpecialDeal, isStale } from './catalog-groups.ts';

export interface CatalogEntry {
  row: DealCatalogRow;
  group: CatalogGroup;
  special: boolean;
  paidOff: boolean;
  stale: boolean;
  link: string;
  /** Lower-case text the filter matches: name and deal number. */
  key: string;
}

export interface CatalogSection {
  group: CatalogGroup;
  entries: CatalogEntry[];
}

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** Annotate, group (spec order) and sort: ordinary deals by name, then special deals by name. */
export function buildCatalog(rows: readonly DealCatalogRow[]): CatalogSection[] {
  const byGroup = new Map<CatalogGroup, CatalogEntry[]>();
  for (const row of rows) {
    const group = catalogGroupOf(row.DealName);
    const entry: CatalogEntry = {
      row, group, special: isSpecialDeal(row.DealName), paidOff: isPaidOff(row), stale: isStale(row), link: analysisLink(row.DealName),
      key: `${row.DealName} ${row.DealId ?? ''}`.toLowerCase(),
    };
    const list = byGroup.get(group);
    if (list) list.push(entry);
    else byGroup.set(group, [entry]);
  }
  const order: CatalogGroup[] = [...CATALOG_GROUPS, 'Other'];
  return order.filter((g) => byGroup.has(g)).map((group) => ({
    group,
    entries: (byGroup.get(group) ?? []).sort((a, b) => Number(a.special) - Number(b.special) || collator.compare(a.row.DealName, b.row.DealName)),
  }));
}

/** Sections whose entries contain the filter text (case-insensitive); empty text keeps all. */
export function filterCatalog(sections: readonly CatalogSection[], text: string): CatalogSection[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return sections.slice();
  const out: CatalogSection[] = [];
  for (const s of sections) {
    const entries = s.entries.filter((e) => e.key.includes(needle));
    if (entries.length) out.push({ group: s.group, entries });
  }
  return out;
}

/** A grid row: a group header (collapsible) or a deal. */
export type CatalogGridRow =
  | { kind: 'group'; id: string; group: CatalogGroup; count: number; collapsed: boolean }
  | { kind: 'deal'; id: string; entry: CatalogEntry; index: number };

/** Flatten sections into grid rows, skipping the entries of collapsed groups. */
export function flattenCatalog(sections: readonly CatalogSection[], collapsed: ReadonlySet<CatalogGroup>): CatalogGridRow[] {
  const rows: CatalogGridRow[] = [];
  for (const s of sections) {
    const isCollapsed = collapsed.has(s.group);
    rows.push({ kind: 'group', id: `g:${s.group}`, group: s.group, count: s.entries.length, collapsed: isCollapsed });
    if (!isCollapsed) s.entries.forEach((entry, index) => rows.push({ kind: 'deal', id: `d:${entry.row.DealName}`, entry, index }));
  }
  return rows;
}
