/**
 * /rpx_file_creator (spec 002 "Utilities form"): the static form in its sections, with the
 * extensions table (date, fee) and property entries; Download JSON / Download XLSX of what was
 * entered after the dates and numbers are checked. No server calls.
 */
import { useState } from 'react';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { saveXlsx } from '../../components/cashflow-export/export-cashflows.ts';
import {
  DAY_COUNTS, defaultForm, EXTENSION_FIELDS, fieldIssue, formDocument, formIssues, formWorkbook, PERIODICITIES, PROPERTY_FIELDS, SECTIONS,
  type FieldDef, type Row, type RpxForm,
} from './rpx-form-model.ts';

/** labelledBy: ids of the visible caption(s) naming a table cell's input (column header and row number). */
function FieldInput({ def, value, onChange, id, labelledBy }: { def: FieldDef; value: string; onChange(v: string): void; id: string; labelledBy?: string }) {
  const invalid = fieldIssue(def.kind, value) ? ' is-invalid' : '';
  if (def.kind === 'periodicity' || def.kind === 'dayCount') {
    const options = def.kind === 'periodicity' ? PERIODICITIES : DAY_COUNTS;
    return (
      <select id={id} aria-labelledby={labelledBy} className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.target.value)} data-testid={id}>
        {options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    );
  }
  return (
    <input id={id} aria-labelledby={labelledBy} className={`form-control form-control-sm${invalid}`} value={value} data-testid={id}
      type={def.kind === 'date' ? 'date' : 'text'} inputMode={def.kind === 'text' || def.kind === 'date' ? undefined : 'decimal'}
      onChange={(e) => onChange(e.target.value)} />
  );
}

function RowsTable({ title, defs, rows, testId, onChange }: { title: string; defs: FieldDef[]; rows: Row[]; testId: string; onChange(rows: Row[]): void }) {
  const set = (i: number, key: string, v: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  return (
    <div className="mt-2">
      <div className="d-flex align-items-center gap-2 mb-1">
        <span className="fw-semibold small">{title}</span>
        <button type="button" className="btn btn-sm btn-link p-0" data-testid={`${testId}-add`}
          onClick={() => onChange([...rows, Object.fromEntries(defs.map((d) => [d.key, '']))])}>Add</button>
      </div>
      <div style={{ overflowX: 'auto' }}>
        <table className="table table-sm small mb-0" data-testid={testId}>
          <thead><tr><th>#</th>{defs.map((d) => <th key={d.key} id={`${testId}-col-${d.key}`} className="text-nowrap">{d.label}</th>)}<th /></tr></thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td id={`${testId}-row-${i}`}>{i + 1}</td>
                {defs.map((d) => <td key={d.key} style={{ minWidth: '8rem' }}><FieldInput def={d} id={`${testId}-${i}-${d.key}`} labelledBy={`${testId}-col-${d.key} ${testId}-row-${i}`} value={r[d.key] ?? ''} onChange={(v) => set(i, d.key, v)} /></td>)}
                <td><button type="button" className="btn btn-sm btn-link text-danger p-0" title="Remove" aria-label={`Remove row ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>✕</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function RpxFileCreatorPage() {
  const alerts = useAlerts();
  const [form, setForm] = useState<RpxForm>(defaultForm);
  const setField = (key: string, value: string) => setForm((f) => ({ ...f, fields: { ...f.fields, [key]: value } }));
  const baseName = () => (form.fields.loanId || form.fields.loanName || 'loan').trim().replace(/[^\w.-]+/g, '_');

  const download = async (format: 'json' | 'xlsx') => {
    const issues = formIssues(form);
    if (issues.length > 0) { alerts.show('danger', issues.map((i) => i.message).join('\n'), 8000); return; }
    if (format === 'json') {
      const bytes = new TextEncoder().encode(JSON.stringify(formDocument(form), null, 2));
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url; a.download = `${baseName()}.json`; document.body.append(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } else {
      saveXlsx(await formWorkbook(form), `${baseName()}.xlsx`);
    }
  };

  return (
    <div data-testid="rpx-form">
      <div className="d-flex align-items-center gap-2 mb-3">
        <h4 className="mb-0 me-auto">Utilities</h4>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="rpx-reset" onClick={() => setForm(defaultForm())}>Reset</button>
        <button type="button" className="btn btn-sm btn-primary" data-testid="rpx-json" onClick={() => void download('json')}>Download JSON</button>
        <button type="button" className="btn btn-sm btn-success" data-testid="rpx-xlsx" onClick={() => void download('xlsx')}>Download XLSX</button>
      </div>
      <div className="row g-3">
        {SECTIONS.map((s) => (
          <div key={s.key} className={s.key === 'maturity' ? 'col-12' : 'col-lg-6'}>
            <div className="card h-100" data-testid={`rpx-section-${s.key}`}>
              <div className="card-header py-2 fw-semibold">{s.title}</div>
              <div className="card-body py-2">
                <div className="row g-2">
                  {s.fields.map((f) => (
                    <div key={f.key} className="col-sm-6">
                      <label className="form-label small mb-1" htmlFor={`rpx-${f.key}`}>{f.label}</label>
                      <FieldInput def={f} id={`rpx-${f.key}`} value={form.fields[f.key] ?? ''} onChange={(v) => setField(f.key, v)} />
                    </div>
                  ))}
                </div>
                {s.key === 'maturity' && <RowsTable title="Extensions" defs={EXTENSION_FIELDS} rows={form.extensions} testId="rpx-extensions"
                  onChange={(extensions) => setForm((f) => ({ ...f, extensions }))} />}
              </div>
            </div>
          </div>
        ))}
        <div className="col-12">
          <div className="card" data-testid="rpx-section-properties">
            <div className="card-header py-2 fw-semibold">Property Details</div>
            <div className="card-body py-2">
              <RowsTable title="Properties" defs={PROPERTY_FIELDS} rows={form.properties} testId="rpx-properties"
                onChange={(properties) => setForm((f) => ({ ...f, properties }))} />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
