/**
 * Index curve input (issue 25 #1), shared by the deal and bond screens: the mode, the vector or
 * the forward curve (pasted, or imported from CSV/XLSX), and the parallel shift in bp. The flat
 * mode uses the screen's LIBOR / SOFR input as it is.
 */
import { useState } from 'react';
import { messageOf } from '../../api/errors.ts';
import { curveTextOfFile, INDEX_CURVE_MODE_LABELS, parseCurveText, type IndexCurveMode, type IndexCurveState } from './index-curve.ts';

/** Which period the curve's first rate is (issue 34 #6): the same convention the cashflows and the DM solver use. */
export const INDEX_CURVE_PERIOD_HELP = 'Period 1 is the first payment date after the settlement date, also when settlement is on or after '
  + "the deal's first payment date (periods paid before settlement are not shown and take period 1's rate).";

export function IndexCurveInput({ value, onChange, disabled = false }: {
  value: IndexCurveState; onChange(next: IndexCurveState): void; disabled?: boolean;
}) {
  const [importError, setImportError] = useState<string | null>(null);
  const count = value.mode === 'curve' ? (parseCurveText(value.curveText)?.length ?? 0) : 0;

  async function importFile(file: File | undefined) {
    if (!file) return;
    setImportError(null);
    try {
      onChange({ ...value, mode: 'curve', curveText: await curveTextOfFile(file) });
    } catch (e) {
      setImportError(`Could not read ${file.name}: ${messageOf(e)}`);
    }
  }

  return (
    <div className="row g-2 mt-1" data-testid="index-curve">
      <div className="col-6">
        <label className="form-label small mb-0" htmlFor="index-curve-mode">Index</label>
        <select id="index-curve-mode" className="form-select form-select-sm" data-testid="index-curve-mode" disabled={disabled}
          value={value.mode} onChange={(e) => onChange({ ...value, mode: e.target.value as IndexCurveMode })}>
          {(Object.keys(INDEX_CURVE_MODE_LABELS) as IndexCurveMode[]).map((m) => <option key={m} value={m}>{INDEX_CURVE_MODE_LABELS[m]}</option>)}
        </select>
      </div>
      <div className="col-6">
        <label className="form-label small mb-0" htmlFor="index-curve-shift">Index Shift (bp)</label>
        <input id="index-curve-shift" className="form-control form-control-sm" data-testid="index-curve-shift" inputMode="decimal" maxLength={8}
          disabled={disabled} value={value.shiftBp} onChange={(e) => onChange({ ...value, shiftBp: e.target.value })} />
      </div>
      {value.mode === 'vector' && (
        <div className="col-12">
          <label className="form-label small mb-0" htmlFor="index-curve-vector">Index Vector (%)</label>
          <input id="index-curve-vector" className="form-control form-control-sm" data-testid="index-curve-vector" placeholder="3.5 12R 4.5" maxLength={2000}
            disabled={disabled} value={value.vector} onChange={(e) => onChange({ ...value, vector: e.target.value })} />
          <div className="form-text mt-0">Monthly percent from period 1; the last rate extends to maturity. {INDEX_CURVE_PERIOD_HELP}</div>
        </div>
      )}
      {value.mode === 'curve' && (
        <div className="col-12">
          <label className="form-label small mb-0" htmlFor="index-curve-text">Forward Curve (%)</label>
          <textarea id="index-curve-text" className="form-control form-control-sm font-monospace" rows={3} data-testid="index-curve-text"
            placeholder={'One monthly rate per line, period 1 first\n3.62\n3.58'} disabled={disabled}
            value={value.curveText} onChange={(e) => onChange({ ...value, curveText: e.target.value })} />
          <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
            <label className="btn btn-sm btn-outline-secondary mb-0">
              Import CSV/XLSX
              <input type="file" hidden accept=".csv,.txt,.xlsx" data-testid="index-curve-file" disabled={disabled}
                onChange={(e) => { void importFile(e.target.files?.[0]); e.target.value = ''; }} />
            </label>
            <span className="form-text mt-0" data-testid="index-curve-count">{count} months; the last rate extends to maturity.</span>
          </div>
          <div className="form-text mt-0" data-testid="index-curve-period-help">{INDEX_CURVE_PERIOD_HELP}</div>
          {importError && <div className="text-danger small" role="alert">{importError}</div>}
        </div>
      )}
    </div>
  );
}
