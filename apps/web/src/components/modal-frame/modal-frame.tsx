/** A bootstrap modal shell for the screen's dialogs (lists inside scroll at 500px, spec 000). */
import type { ReactNode } from 'react';

export function ModalFrame({ title, testId, onClose, footer, children, size }: {
  title: string; testId: string; onClose(): void; footer: ReactNode; children: ReactNode; size?: 'lg' | 'xl';
}) {
  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-label={title} data-testid={testId} tabIndex={-1}
        onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
        <div className={`modal-dialog modal-dialog-scrollable${size ? ` modal-${size}` : ''}`}>
          <div className="modal-content">
            <div className="modal-header">
              <h5 className="modal-title">{title}</h5>
              <button type="button" className="btn-close" aria-label="Close" onClick={onClose} />
            </div>
            <div className="modal-body">{children}</div>
            <div className="modal-footer">{footer}</div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}

/** A checklist that scrolls at 500px. */
export function CheckList<T>({ items, label, keyOf, checked, onToggle, testId }: {
  items: readonly T[]; label(item: T): string; keyOf(item: T): string | number; checked: ReadonlySet<string | number>;
  onToggle(key: string | number): void; testId: string;
}) {
  return (
    <div className="scenario-modal-list border rounded p-2" data-testid={testId}>
      {items.map((item) => {
        const key = keyOf(item);
        const id = `${testId}-${key}`;
        return (
          <div className="form-check" key={key}>
            <input className="form-check-input" type="checkbox" id={id} checked={checked.has(key)} onChange={() => onToggle(key)} />
            <label className="form-check-label" htmlFor={id}>{label(item)}</label>
          </div>
        );
      })}
      {items.length === 0 && <div className="text-body-secondary">Nothing to choose.</div>}
    </div>
  );
}

/** Toggles a key in a set (copy). */
export function toggled<K>(set: ReadonlySet<K>, key: K): Set<K> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key); else next.add(key);
  return next;
}
