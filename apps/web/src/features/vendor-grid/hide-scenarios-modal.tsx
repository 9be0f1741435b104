/**
 * Hide Scenarios (spec 002 grid): a checklist of every scenario column (checked = shown), sorted
 * by Name or Vendor, with select / un-select all. OK keeps the choice (the page stores the hidden
 * ones in a cookie); Cancel drops it.
 */
import { useMemo, useState } from 'react';
import { ModalFrame } from '../../components/modal-frame/modal-frame.tsx';
import type { ScenarioColumn } from './vendor-grid-model.ts';

export function HideScenariosModal({ columns, hidden, onOk, onCancel }: {
  columns: readonly ScenarioColumn[]; hidden: ReadonlySet<string>; onOk(hidden: Set<string>): void; onCancel(): void;
}) {
  const [shown, setShown] = useState(() => new Set(columns.filter((c) => !hidden.has(c.key)).map((c) => c.key)));
  const [sortBy, setSortBy] = useState<'name' | 'vendor'>('name');
  const sorted = useMemo(() => [...columns].sort((a, b) => (sortBy === 'name'
    ? a.name.localeCompare(b.name) || (a.vendor ?? '').localeCompare(b.vendor ?? '')
    : (a.vendor ?? '').localeCompare(b.vendor ?? '') || a.name.localeCompare(b.name))), [columns, sortBy]);
  const toggle = (key: string) => setShown((s) => { const n = new Set(s); if (n.has(key)) n.delete(key); else n.add(key); return n; });
  const ok = () => {
    // Keys hidden before but not offered now (another vendor) stay hidden.
    const next = new Set([...hidden].filter((k) => !columns.some((c) => c.key === k)));
    for (const c of columns) if (!shown.has(c.key)) next.add(c.key);
    onOk(next);
  };
  return (
    <ModalFrame title="Hide Scenarios" testId="hide-scenarios" onClose={onCancel} footer={(
      <>
        <button type="button" className="btn btn-primary" data-testid="hide-ok" onClick={ok}>OK</button>
        <button type="button" className="btn btn-secondary" data-testid="hide-cancel" onClick={onCancel}>Cancel</button>
      </>
    )}>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <span>Sort by</span>
        <div className="btn-group btn-group-sm" role="group" aria-label="Sort by">
          <button type="button" className={`btn btn-outline-secondary${sortBy === 'name' ? ' active' : ''}`} onClick={() => setSortBy('name')}>Name</button>
          <button type="button" className={`btn btn-outline-secondary${sortBy === 'vendor' ? ' active' : ''}`} onClick={() => setSortBy('vendor')}>Vendor</button>
        </div>
        <button type="button" className="btn btn-sm btn-link" data-testid="hide-select-all" onClick={() => setShown(new Set(columns.map((c) => c.key)))}>Select all</button>
        <button type="button" className="btn btn-sm btn-link" data-testid="hide-unselect-all" onClick={() => setShown(new Set())}>Un-select all</button>
      </div>
      <ul className="list-group" style={{ maxHeight: 500, overflowY: 'auto' }} data-testid="hide-list">
        {sorted.map((c) => (
          <li key={c.key} className="list-group-item py-1">
            <label className="form-check-label d-flex gap-2 align-items-center">
              <input type="checkbox" className="form-check-input" checked={shown.has(c.key)} onChange={() => toggle(c.key)} />
              <span>{c.name}</span>
              <span className="text-secondary small">{c.cashflow ? (c.vendor ? `${c.vendor} · user cashflow` : 'User cashflow') : (c.vendor ?? 'Not vendor specific')}</span>
            </label>
          </li>
        ))}
        {sorted.length === 0 ? <li className="list-group-item text-secondary">No scenarios.</li> : null}
      </ul>
    </ModalFrame>
  );
}
