/**
 * 'Manage cashflows' (spec 002 §3): load XLSX files, several at once, and delete cashflows. Changes
 * stay on the screen until Save.
 */
import { userCashflowLabel, type UserCollateralCashflow } from '@opencrt/contracts';
import { useState } from 'react';
import { ModalFrame } from '../../components/modal-frame/modal-frame.tsx';

export function ManageCashflowsModal({ cashflows, onLoad, onDelete, onClose }: {
  cashflows: readonly UserCollateralCashflow[];
  onLoad(files: File[]): void;
  onDelete(labels: string[]): void;
  onClose(): void;
}) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (label: string) => setChecked((s) => {
    const next = new Set(s);
    if (next.has(label)) next.delete(label); else next.add(label);
    return next;
  });
  return (
    <ModalFrame title="Manage cashflows" testId="cashflows-manage-modal" onClose={onClose} size="lg"
      footer={(
        <>
          <button type="button" className="btn btn-sm btn-outline-danger me-auto" data-testid="cashflows-delete" disabled={checked.size === 0}
            onClick={() => { onDelete([...checked]); setChecked(new Set()); }}>Delete selected</button>
          <button type="button" className="btn btn-sm btn-secondary" data-testid="cashflows-manage-close" onClick={onClose}>Close</button>
        </>
      )}>
      <label className="btn btn-sm btn-primary mb-2" data-testid="cashflows-load">Load XLSX files
        <input type="file" accept=".xlsx" multiple hidden data-testid="cashflows-file"
          onChange={(e) => { const files = [...(e.target.files ?? [])]; e.target.value = ''; if (files.length) onLoad(files); }} />
      </label>
      <div className="small text-body-secondary mb-2">
        Each file is one cashflow named <code>deal.month.scenario[.vendor].xlsx</code> (e.g. <code>STACR 2026-DNA1.202602.Base.xlsx</code>).
      </div>
      {cashflows.length === 0
        ? <div className="text-body-secondary" data-testid="cashflows-manage-empty">No cashflows yet.</div>
        : (
          <div className="border rounded p-2" style={{ maxHeight: 500, overflow: 'auto' }} data-testid="cashflows-manage-list">
            {cashflows.map((c) => {
              const label = userCashflowLabel(c);
              const id = `cf-${label}`;
              return (
                <div className="form-check" key={label}>
                  <input className="form-check-input" type="checkbox" id={id} checked={checked.has(label)} onChange={() => toggle(label)} />
                  <label className="form-check-label" htmlFor={id}>{label} <span className="text-body-secondary small">({c.CollateralCashflow.Balance.length - 1} months)</span></label>
                </div>
              );
            })}
          </div>
        )}
    </ModalFrame>
  );
}
