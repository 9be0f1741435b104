/**
 * The right panel (450px): the shown scenario's fields and its per-period table (Period, CPR, CDR,
 * Sev, Dlq to 2 decimals), with Edit / Clone / Discard / Save / Delete under spec 000's rules.
 */
import { SCENARIO_VECTORS, type ScenarioVectorKey } from '@opencrt/contracts';
import { formatPct, periodCount, type ScenarioItem, type ScenarioVectors } from './scenario-model.ts';

const HEADERS: Record<ScenarioVectorKey, string> = { Cpr: 'CPR (%)', Cdr: 'CDR (%)', LossSeverity: 'Sev (%)', Delinquency: 'Dlq (%)' };

export interface DetailProps {
  draft: ScenarioItem & { vectors: ScenarioVectors };
  snapshot: ScenarioItem & { vectors: ScenarioVectors };
  editing: boolean;
  edited: boolean;
  localMode: boolean;
  /** Bumped when the snapshot is shown or restored: the uncontrolled inputs then reload. */
  revision: number;
  isAdmin: boolean;
  /** Picker mode shows no edit buttons. */
  readOnly: boolean;
  dealNames: readonly string[];
  onEdit(): void; onClone(): void; onDiscard(): void; onSave(): void; onDelete(): void;
  onField(field: 'ScenarioName' | 'DealName' | 'Vendor', value: string): void;
  onShared(shared: boolean): void;
  onCell(key: ScenarioVectorKey, index: number, text: string): void;
}

export function ScenarioDetail(p: DetailProps) {
  const { draft, snapshot } = p;
  const editable = !p.readOnly && (p.editing || draft.isNew);
  const rows = periodCount(draft.vectors);
  // Inputs are uncontrolled (typing "1." must not be reformatted); this key remounts them on discard/show.
  const version = `${draft.key}-${p.editing}-${p.revision}`;
  return (
    <div className="crt-panel" data-testid="scenario-detail">
      <div className="d-flex flex-wrap gap-1 mb-2">
        {!p.readOnly && draft.Owned && !draft.isNew && !p.editing && <button type="button" className="btn btn-sm btn-outline-primary" data-testid="detail-edit" onClick={p.onEdit}>Edit</button>}
        {!p.readOnly && !p.editing && !draft.isNew && <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="detail-clone" onClick={p.onClone}>Clone</button>}
        {!p.readOnly && (p.editing || draft.isNew) && <button type="button" className="btn btn-sm btn-outline-warning" data-testid="detail-discard" onClick={p.onDiscard}>Discard</button>}
        {!p.readOnly && p.edited && <button type="button" className="btn btn-sm btn-success" data-testid="detail-save" onClick={p.onSave}>Save</button>}
        {!p.readOnly && draft.Owned && p.localMode && <button type="button" className="btn btn-sm btn-outline-danger" data-testid="detail-delete" onClick={p.onDelete}>Delete</button>}
      </div>
      <div className="row g-2 mb-2 small">
        <label className="col-12">Scenario
          <input className="form-control form-control-sm" data-testid="detail-name" value={draft.ScenarioName} readOnly={!editable}
            onChange={(e) => p.onField('ScenarioName', e.target.value)} />
        </label>
        <label className="col-6">Deal
          <input className="form-control form-control-sm" data-testid="detail-deal" value={draft.DealName ?? ''} readOnly={!editable} list="scenario-deal-names"
            onChange={(e) => p.onField('DealName', e.target.value)} />
        </label>
        <label className="col-6">Vendor
          <input className="form-control form-control-sm" data-testid="detail-vendor" value={draft.Vendor ?? ''} readOnly={!editable}
            onChange={(e) => p.onField('Vendor', e.target.value)} />
        </label>
        <datalist id="scenario-deal-names">{p.dealNames.map((d) => <option key={d} value={d} />)}</datalist>
        {p.isAdmin && !p.readOnly && (
          <div className="col-12 form-check ms-2">
            <input className="form-check-input" type="checkbox" id="detail-shared" data-testid="detail-shared" checked={draft.Shared}
              disabled={!editable} onChange={(e) => p.onShared(e.target.checked)} />
            <label className="form-check-label" htmlFor="detail-shared">Shared</label>
          </div>
        )}
      </div>
      <div className="scenario-detail-table border rounded">
        <table className="table table-sm table-striped mb-0 small" data-testid="detail-table" key={version}>
          <thead className="table-light sticky-top">
            <tr><th>Period</th>{SCENARIO_VECTORS.map((k) => <th key={k} className="text-end">{HEADERS[k]}</th>)}</tr>
          </thead>
          <tbody>
            {Array.from({ length: rows + (editable ? 1 : 0) }, (_, i) => (
              <tr key={i} data-testid="detail-row">
                <td>{i + 1}</td>
                {SCENARIO_VECTORS.map((k) => {
                  const value = draft.vectors[k][i];
                  const changed = !Object.is(value, snapshot.vectors[k][i]);
                  return (
                    <td key={k} className={`text-end${changed ? ' changed' : ''}`} data-testid={`cell-${k}-${i + 1}`}>
                      {editable
                        ? <input aria-label={`${HEADERS[k]} period ${i + 1}`} defaultValue={value === undefined || Number.isNaN(value) ? '' : String(value)}
                          onChange={(e) => p.onCell(k, i, e.target.value)} />
                        : formatPct(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
