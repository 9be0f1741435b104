/** Report management's list (spec 002): Name and Source with sorting and filters; Copy, Add, Refresh. Frozen while the model is modified. */
import { REPORT_SOURCES, type ReportListItem } from '@opencrt/contracts';
import { useState } from 'react';
import { ScrollRegion } from '../../components/scroll-region/scroll-region.tsx';

interface Props {
  reports: readonly ReportListItem[];
  selectedId: number | null;
  /** The editor holds a new, unsaved report. */
  hasNew: boolean;
  modified: boolean;
  onSelect(id: number): void;
  onCopy(): void;
  onAdd(): void;
  onRefresh(): void;
  /** Asked before a filter is reset while modified. */
  confirmDiscard(): boolean;
}

type SortKey = 'Name' | 'SourceName';

export function ReportListPanel({ reports, selectedId, hasNew, modified, onSelect, onCopy, onAdd, onRefresh, confirmDiscard }: Props) {
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: 'Name', asc: true });
  const [nameFilter, setNameFilter] = useState('');
  const [sourceFilter, setSourceFilter] = useState('');
  const shown = reports
    .filter((r) => r.Name.toLowerCase().includes(nameFilter.trim().toLowerCase()) && (sourceFilter === '' || r.SourceName === sourceFilter))
    .sort((a, b) => (sort.asc ? 1 : -1) * a[sort.key].localeCompare(b[sort.key], undefined, { sensitivity: 'base' }));
  const header = (key: SortKey, label: string) => (
    <th role="button" data-testid={`report-sort-${key}`} onClick={() => setSort((s) => ({ key, asc: s.key === key ? !s.asc : true }))}>
      {label}{sort.key === key ? (sort.asc ? ' ▲' : ' ▼') : ''}
    </th>
  );
  const resetFilters = () => {
    if (modified && !confirmDiscard()) return;
    setNameFilter('');
    setSourceFilter('');
  };
  return (
    <div data-testid="report-list-panel">
      <div className="d-flex gap-2 mb-2">
        {!modified && <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="report-copy" disabled={selectedId === null} onClick={onCopy}>Copy</button>}
        {!modified && <button type="button" className="btn btn-sm btn-outline-primary" data-testid="report-add" onClick={onAdd}>Add</button>}
        <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="report-refresh" onClick={onRefresh}>Refresh</button>
        <button type="button" className="btn btn-sm btn-link ms-auto" data-testid="report-filter-reset" onClick={resetFilters}>Reset filters</button>
      </div>
      <div className="d-flex gap-2 mb-2 align-items-center small">
        <label className="mb-0 text-nowrap" htmlFor="report-filter-name">Filter by name</label>
        <input id="report-filter-name" className="form-control form-control-sm" value={nameFilter} disabled={modified}
          onChange={(e) => setNameFilter(e.target.value)} data-testid="report-filter-name" />
        <label className="mb-0" htmlFor="report-filter-source">Source</label>
        <select id="report-filter-source" className="form-select form-select-sm" style={{ width: '9rem' }} value={sourceFilter} disabled={modified}
          onChange={(e) => setSourceFilter(e.target.value)} data-testid="report-filter-source">
          <option value="">All sources</option>
          {REPORT_SOURCES.map((s) => <option key={s.Id} value={s.Name}>{s.Name}</option>)}
        </select>
      </div>
      <ScrollRegion label="Reports" className="border rounded bg-white" style={{ maxHeight: '70vh' }}>
        <table className="table table-sm table-hover mb-0 small" data-testid="report-list">
          <thead className="table-light sticky-top"><tr>{header('Name', 'Name')}{header('SourceName', 'Source')}</tr></thead>
          <tbody>
            {hasNew && <tr className="table-active" data-testid="report-row-new"><td colSpan={2}><em>New report (unsaved)</em></td></tr>}
            {shown.map((r) => (
              <tr key={r.Id} role="button" className={r.Id === selectedId ? 'table-active' : ''} data-testid="report-row" data-name={r.Name}
                onClick={() => onSelect(r.Id)}>
                <td>{r.Name}{r.Historical !== 'None' && <span className="badge text-bg-light border ms-1">{r.Historical} history</span>}</td>
                <td>{r.SourceName}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
