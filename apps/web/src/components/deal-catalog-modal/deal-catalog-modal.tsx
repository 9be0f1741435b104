/**
 * The deal catalog as a modal picker (spec 000: "The catalog also opens as a modal picker on
 * analysis pages"). Same groups, filter and columns as /deal_catalog; choosing a deal calls
 * onSelect with its name instead of navigating.
 */
import { useCallback } from 'react';
import type { DealCatalogRow } from '@opencrt/contracts';
import type { CatalogEntry } from '../deal-catalog/catalog-model.ts';
import { DealCatalogView } from '../deal-catalog/deal-catalog-view.tsx';

export interface DealCatalogModalProps {
  show: boolean;
  rows: readonly DealCatalogRow[] | undefined;
  /** Loading or error text shown instead of the grid. */
  status?: string | null;
  onSelect(dealName: string, row: DealCatalogRow): void;
  onClose(): void;
  title?: string;
}

export function DealCatalogModal({ show, rows, status = null, onSelect, onClose, title = 'Deal Catalog' }: DealCatalogModalProps) {
  // Stable callback: the grid rebuilds its columns when it changes.
  const pick = useCallback((entry: CatalogEntry) => onSelect(entry.row.DealName, entry.row), [onSelect]);
  if (!show) return null;
  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-label={title} data-testid="deal-catalog-modal" tabIndex={-1}
        onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
        <div className="modal-dialog modal-xl modal-dialog-scrollable">
          <div className="modal-content">
            <div className="modal-header">
              <h5 className="modal-title">{title}</h5>
              <button type="button" className="btn-close" aria-label="Close" onClick={onClose} />
            </div>
            <div className="modal-body">
              {rows && !status
                ? <DealCatalogView rows={rows} height="60vh" onPick={pick} />
                : <div className="text-body-secondary">{status ?? 'Loading deals...'}</div>}
            </div>
            <div className="modal-footer">
              <button type="button" className="btn btn-secondary" onClick={onClose}>Cancel</button>
            </div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
