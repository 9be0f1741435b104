/** The left panel: filters with All / Not deal specific / Not vendor specific, and the sortable list. */
import { ALL, distinctValues, formatDate, NO_DEAL, NO_VENDOR, NOT_DEAL_SPECIFIC, NOT_VENDOR_SPECIFIC, type ScenarioFilters, type ScenarioItem, type SortKey, type SortState } from './scenario-model.ts';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'ScenarioName', label: 'Scenario' }, { key: 'DealName', label: 'Deal' }, { key: 'Vendor', label: 'Vendor' }, { key: 'LastModified', label: 'Modified Date' },
];

export function ScenarioFiltersBar({ items, filters, onChange, dealOptions }: {
  items: readonly ScenarioItem[]; filters: ScenarioFilters; onChange(f: ScenarioFilters): void;
  /** Picker mode: the deal list is limited to these names. */
  dealOptions?: readonly string[];
}) {
  const deals = dealOptions && dealOptions.length > 0 ? dealOptions : distinctValues(items, 'DealName');
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end mb-2" data-testid="scenario-filters">
      <label className="form-label small mb-0">Scenario
        <select className="form-select form-select-sm" data-testid="filter-scenario" value={filters.scenario} onChange={(e) => onChange({ ...filters, scenario: e.target.value })}>
          <option value={ALL}>All</option>
          {distinctValues(items, 'ScenarioName').map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <label className="form-label small mb-0">Deal
        <select className="form-select form-select-sm" data-testid="filter-deal" value={filters.deal} onChange={(e) => onChange({ ...filters, deal: e.target.value })}>
          <option value={ALL}>All</option>
          <option value={NO_DEAL}>{NOT_DEAL_SPECIFIC}</option>
          {deals.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <label className="form-label small mb-0">Vendor
        <select className="form-select form-select-sm" data-testid="filter-vendor" value={filters.vendor} onChange={(e) => onChange({ ...filters, vendor: e.target.value })}>
          <option value={ALL}>All</option>
          <option value={NO_VENDOR}>{NOT_VENDOR_SPECIFIC}</option>
          {distinctValues(items, 'Vendor').map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="filter-clear"
        onClick={() => onChange({ scenario: ALL, deal: ALL, vendor: ALL })}>Clear filters</button>
    </div>
  );
}

export function ScenarioTable({ rows, loading, sort, onSort, selectedKey, onSelect }: {
  rows: readonly ScenarioItem[]; loading: boolean; sort: SortState; onSort(key: SortKey): void;
  selectedKey: string | null; onSelect(item: ScenarioItem): void;
}) {
  return (
    <div className="scenario-list-table border rounded bg-white" tabIndex={0} role="region" aria-label="Saved scenarios table">
      <table className="table table-sm table-hover mb-0" data-testid="scenario-table">
        <thead className="table-light sticky-top">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.key} className="sortable" data-testid={`sort-${c.key}`} onClick={() => onSort(c.key)}
                aria-sort={sort.key === c.key ? (sort.ascending ? 'ascending' : 'descending') : 'none'}>
                {c.label}{sort.key === c.key ? (sort.ascending ? ' ▲' : ' ▼') : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && <tr><td colSpan={4} className="text-body-secondary">Loading scenarios...</td></tr>}
          {!loading && rows.length === 0 && <tr><td colSpan={4} className="text-body-secondary" data-testid="scenario-empty">No scenarios found</td></tr>}
          {!loading && rows.map((s) => (
            <tr key={s.key} data-testid="scenario-row" data-name={s.ScenarioName} className={s.key === selectedKey ? 'selected' : ''}
              onClick={() => onSelect(s)} style={{ cursor: 'pointer' }}>
              <td>{s.ScenarioName || <em className="text-body-secondary">(unnamed)</em>}{s.isNew ? ' *' : ''}{s.Shared ? <span className="badge text-bg-info ms-1">Shared</span> : null}</td>
              <td>{s.DealName ?? ''}</td>
              <td>{s.Vendor ?? ''}</td>
              <td>{formatDate(s.LastModified)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
