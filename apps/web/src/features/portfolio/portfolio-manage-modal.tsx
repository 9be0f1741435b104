/**
 * 'Manage portfolios' (spec 002 "Portfolio screen", §5): create a portfolio (name required,
 * Create disabled while it is empty), create portfolios from an XLSX file, and delete saved
 * portfolios (ticked ones, together). The page owns the rules (duplicate names, unsaved check).
 */
import { PORTFOLIO_TYPES, type PortfolioList, type PortfolioType } from '@opencrt/contracts';
import { useState } from 'react';
import { ModalFrame } from '../../components/modal-frame/modal-frame.tsx';
import { BONDS_HEADERS, REINSURANCE_HEADERS } from './portfolio-xlsx.ts';

export function PortfolioManageModal({ saved, onCreate, onImport, onDelete, onClose }: {
  saved: PortfolioList;
  onCreate(name: string, type: PortfolioType): void;
  onImport(file: File): void;
  onDelete(ids: number[]): void;
  onClose(): void;
}) {
  const [name, setName] = useState('');
  const [type, setType] = useState<PortfolioType>('Reinsurance');
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) => setTicked((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  return (
    <ModalFrame title="Manage portfolios" testId="manage-portfolios" size="lg" onClose={onClose}
      footer={<button type="button" className="btn btn-secondary" onClick={onClose}>Close</button>}>
      <h6>Create a portfolio</h6>
      <div className="mb-3 d-flex gap-2">
        <input className="form-control" placeholder="Portfolio name" aria-label="New portfolio name" data-testid="new-portfolio-name" value={name} onChange={(e) => setName(e.target.value)} />
        <select className="form-select w-auto" aria-label="New portfolio type" data-testid="new-portfolio-type" value={type} onChange={(e) => setType(e.target.value as PortfolioType)}>
          {PORTFOLIO_TYPES.map((t) => <option key={t}>{t}</option>)}
        </select>
        <button type="button" className="btn btn-primary" data-testid="create-portfolio" disabled={name.trim() === ''}
          onClick={() => { onCreate(name.trim(), type); setName(''); }}>Create</button>
      </div>
      <h6>Create from an XLSX file</h6>
      <input type="file" accept=".xlsx" className="form-control" aria-label="Portfolio XLSX file" data-testid="import-xlsx"
        onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) onImport(f); }} />
      <div className="form-text mb-3">First row: {REINSURANCE_HEADERS.join(', ')} (Bonds: {BONDS_HEADERS[3]} and {BONDS_HEADERS[4]}).</div>
      <h6>Delete portfolios</h6>
      {Object.keys(saved).length === 0 ? <p className="text-body-secondary">No saved portfolios.</p> : (
        <ul className="list-group mb-2" style={{ maxHeight: 300, overflowY: 'auto' }} data-testid="delete-list">
          {Object.entries(saved).map(([key, p]) => (
            <li key={key} className="list-group-item">
              <label className="form-check-label d-flex gap-2 align-items-center">
                <input type="checkbox" className="form-check-input" aria-label={`Delete ${key}`} checked={ticked.has(p.Id)} onChange={() => toggle(p.Id)} />
                <span>{key}</span><span className="badge text-bg-light ms-auto">{p.PortfolioType}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-outline-danger" data-testid="delete-portfolios" disabled={ticked.size === 0}
        onClick={() => { onDelete([...ticked]); setTicked(new Set()); }}>Delete</button>
    </ModalFrame>
  );
}
