/**
 * Filter box with Clear above the grouped, collapsible catalog grid. Used by the /deal_catalog
 * page and by the catalog modal picker of the analysis pages.
 */
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { DealCatalogRow } from '@opencrt/contracts';
import type { CatalogGroup } from './catalog-groups.ts';
import { type CatalogEntry, buildCatalog, filterCatalog } from './catalog-model.ts';
import { DealCatalogGrid } from './deal-catalog-grid.tsx';

export interface DealCatalogViewProps {
  rows: readonly DealCatalogRow[];
  onPick?: ((entry: CatalogEntry) => void) | undefined;
  editLinks?: boolean;
  height?: string;
  /** Start with the filter set (e.g. the current deal's family). */
  initialFilter?: string;
}

export function DealCatalogView({ rows, onPick, editLinks = false, height, initialFilter = '' }: DealCatalogViewProps) {
  const [filter, setFilter] = useState(initialFilter);
  const [collapsed, setCollapsed] = useState<ReadonlySet<CatalogGroup>>(new Set());
  const sections = useMemo(() => buildCatalog(rows), [rows]);
  // The input stays responsive while the grid catches up with the latest text.
  const deferred = useDeferredValue(filter);
  const visible = useMemo(() => filterCatalog(sections, deferred), [sections, deferred]);
  const toggle = useCallback((group: CatalogGroup): void => setCollapsed((prev) => {
    const next = new Set(prev);
    if (next.has(group)) next.delete(group);
    else next.add(group);
    return next;
  }), []);
  const count = visible.reduce((s, x) => s + x.entries.length, 0);
  return (
    <div className="d-flex flex-column gap-2">
      <div className="input-group" style={{ maxWidth: 480 }}>
        <input
          className="form-control"
          placeholder="Filter deals"
          aria-label="Filter deals"
          data-testid="catalog-filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <button type="button" className="btn btn-outline-secondary" data-testid="catalog-filter-clear" onClick={() => setFilter('')}>Clear</button>
      </div>
      <div className="small text-body-secondary" data-testid="catalog-count">{count} of {rows.length} deals</div>
      <DealCatalogGrid sections={visible} collapsed={collapsed} onToggleGroup={toggle} onPick={onPick} editLinks={editLinks} height={height} />
    </div>
  );
}
