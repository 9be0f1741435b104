/** Report management's editor tabs (spec 002): Report, Parameters, Column Formats, Report Results (first 10 rows). */
import {
  REPORT_DATA_TYPES, REPORT_HISTORICAL_KINDS, REPORT_PARAMETER_SUBTYPES, REPORT_PARAMETER_TYPES, REPORT_SOURCES,
  type Report, type ReportColumn, type ReportParameter, type ReportRunResponse,
} from '@opencrt/contracts';
import type { MarkedRows } from './report-editor-model.ts';
import { displayColumns } from '../../components/reports/report-format.ts';
import { ReportResultsTable } from '../../components/reports/report-results-table.tsx';

export type EditorTab = 'report' | 'parameters' | 'columns' | 'results';
const TABS: [EditorTab, string][] = [['report', 'Report'], ['parameters', 'Parameters'], ['columns', 'Column Formats'], ['results', 'Report Results']];

/** Report Results preview size (spec 002 §9). */
export const PREVIEW_ROWS = 10;

interface Props {
  draft: Report;
  tab: EditorTab;
  onTab(tab: EditorTab): void;
  onChange(report: Report): void;
  marked: MarkedRows;
  preview: ReportRunResponse | null;
}

const invalid = (set: Set<string> | undefined, field: string) => (set?.has(field) ? ' is-invalid' : '');

export function ReportEditorTabs({ draft, tab, onTab, onChange, marked, preview }: Props) {
  const setParam = (index: number, change: Partial<ReportParameter>) =>
    onChange({ ...draft, Parameters: draft.Parameters.map((p, i) => (i === index ? { ...p, ...change } : p)) });
  const setColumn = (index: number, change: Partial<ReportColumn>) =>
    onChange({ ...draft, Columns: draft.Columns.map((c, i) => (i === index ? { ...c, ...change } : c)) });
  return (
    <div>
      <ul className="nav nav-tabs mb-2">
        {TABS.map(([key, label]) => (
          <li key={key} className="nav-item">
            <button type="button" className={`nav-link${tab === key ? ' active' : ''}`} data-testid={`report-tab-${key}`} onClick={() => onTab(key)}>{label}</button>
          </li>
        ))}
      </ul>

      {tab === 'report' && (
        <div className="row g-2" data-testid="report-form">
          <div className="col-md-6">
            <label className="form-label small mb-1" htmlFor="report-name">Name</label>
            <input id="report-name" className={`form-control form-control-sm${invalid(marked.report, 'Name')}`} value={draft.Name} maxLength={200}
              onChange={(e) => onChange({ ...draft, Name: e.target.value })} data-testid="report-name" />
          </div>
          <div className="col-md-3">
            <label className="form-label small mb-1" htmlFor="report-source">Source</label>
            <select id="report-source" className={`form-select form-select-sm${invalid(marked.report, 'Source')}`} value={draft.Source ?? ''}
              onChange={(e) => onChange({ ...draft, Source: e.target.value === '' ? null : (Number(e.target.value) as Report['Source']) })} data-testid="report-source">
              <option value="">--</option>
              {REPORT_SOURCES.map((s) => <option key={s.Id} value={s.Id}>{s.Name}</option>)}
            </select>
          </div>
          <div className="col-md-3">
            <label className="form-label small mb-1" htmlFor="report-historical">Historical report on</label>
            <select id="report-historical" className="form-select form-select-sm" value={draft.Historical}
              onChange={(e) => onChange({ ...draft, Historical: e.target.value as Report['Historical'] })} data-testid="report-historical">
              {REPORT_HISTORICAL_KINDS.map((k) => <option key={k} value={k}>{k === 'None' ? 'No screen' : `${k} screens`}</option>)}
            </select>
          </div>
          <div className="col-12">
            <label className="form-label small mb-1" htmlFor="report-query">Query (parameters as @name)</label>
            <textarea id="report-query" className={`form-control form-control-sm font-monospace${invalid(marked.report, 'Query')}`} rows={12} value={draft.Query}
              spellCheck={false} onChange={(e) => onChange({ ...draft, Query: e.target.value })} data-testid="report-query" />
          </div>
        </div>
      )}

      {tab === 'parameters' && (
        <table className="table table-sm small align-middle" data-testid="report-parameters-table">
          <thead><tr><th>Order</th><th>DbName</th><th>Name</th><th>Type</th><th>SubType</th><th>Test value</th><th>Default value</th></tr></thead>
          <tbody>
            {draft.Parameters.length === 0 && <tr><td colSpan={7} className="text-body-secondary">No parameters: write @name in the query and press Test Query.</td></tr>}
            {draft.Parameters.map((p, i) => {
              const m = marked.parameters.get(i);
              return (
                <tr key={`${p.DbName}-${i}`} className={m ? 'table-danger' : ''} data-testid="report-parameter-row" data-db-name={p.DbName}>
                  <td style={{ width: '4rem' }}>{p.Order}</td>
                  <td><input className={`form-control form-control-sm${invalid(m, 'DbName')}`} value={p.DbName} onChange={(e) => setParam(i, { DbName: e.target.value })} /></td>
                  <td><input className={`form-control form-control-sm${invalid(m, 'Name')}`} value={p.Name} onChange={(e) => setParam(i, { Name: e.target.value })} data-testid={`param-name-${p.DbName}`} /></td>
                  <td>
                    <select className={`form-select form-select-sm${invalid(m, 'Type')}`} value={p.Type ?? ''} data-testid={`param-type-${p.DbName}`}
                      onChange={(e) => setParam(i, { Type: e.target.value === '' ? null : (e.target.value as ReportParameter['Type']), SubType: e.target.value === 'select' ? p.SubType : null })}>
                      <option value="">--</option>
                      {REPORT_PARAMETER_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                    </select>
                  </td>
                  <td>
                    <select className={`form-select form-select-sm${invalid(m, 'SubType')}`} value={p.SubType ?? ''} disabled={p.Type !== 'select'} data-testid={`param-subtype-${p.DbName}`}
                      onChange={(e) => setParam(i, { SubType: e.target.value === '' ? null : (e.target.value as ReportParameter['SubType']) })}>
                      <option value="">--</option>
                      {REPORT_PARAMETER_SUBTYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                    </select>
                  </td>
                  <td><input className={`form-control form-control-sm${invalid(m, 'Value')}`} value={p.Value ?? ''} placeholder={p.Type === 'date' ? 'YYYY-MM-DD' : ''}
                    onChange={(e) => setParam(i, { Value: e.target.value })} data-testid={`param-value-${p.DbName}`} /></td>
                  <td><input className="form-control form-control-sm" value={p.DefaultValue ?? ''} onChange={(e) => setParam(i, { DefaultValue: e.target.value })} data-testid={`param-default-${p.DbName}`} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {tab === 'columns' && (
        <table className="table table-sm small align-middle" data-testid="report-columns-table">
          <thead><tr><th>Order</th><th>DbName</th><th>Name</th><th>DataType</th><th>Total</th></tr></thead>
          <tbody>
            {draft.Columns.length === 0 && <tr><td colSpan={5} className="text-body-secondary">No columns yet: Test Query derives them from the results.</td></tr>}
            {draft.Columns.map((c, i) => {
              const m = marked.columns.get(i);
              return (
                <tr key={`${c.DbName}-${i}`} className={m ? 'table-danger' : ''} data-testid="report-column-row" data-db-name={c.DbName}>
                  <td style={{ width: '4rem' }}>{c.Order}</td>
                  <td><input className={`form-control form-control-sm${invalid(m, 'DbName')}`} value={c.DbName} onChange={(e) => setColumn(i, { DbName: e.target.value })} /></td>
                  <td><input className={`form-control form-control-sm${invalid(m, 'Name')}`} value={c.Name} onChange={(e) => setColumn(i, { Name: e.target.value })} data-testid={`column-name-${c.DbName}`} /></td>
                  <td>
                    <select className={`form-select form-select-sm${invalid(m, 'DataType')}`} value={c.DataType ?? ''} data-testid={`column-type-${c.DbName}`}
                      onChange={(e) => setColumn(i, { DataType: e.target.value === '' ? null : (e.target.value as ReportColumn['DataType']) })}>
                      <option value="">--</option>
                      {REPORT_DATA_TYPES.map((d) => <option key={d.Id} value={d.Id}>{d.Label}</option>)}
                    </select>
                  </td>
                  <td><input type="checkbox" className="form-check-input" checked={c.Total} onChange={(e) => setColumn(i, { Total: e.target.checked })} data-testid={`column-total-${c.DbName}`} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {tab === 'results' && (preview
        ? <ReportResultsTable columns={displayColumns(draft.Columns, preview.Columns)} rows={preview.Rows} limit={PREVIEW_ROWS} testId="report-preview" />
        : <div className="text-body-secondary small" data-testid="report-preview-empty">Press Test Query to see the first {PREVIEW_ROWS} rows.</div>)}
    </div>
  );
}
