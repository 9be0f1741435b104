/** The checklist modals of /admin: roles, deals and scenarios of one user (spec 002 "User management"). */
import type { DealAssignment, ScenarioAssignment } from '@opencrt/contracts';
import { useState } from 'react';
import { ModalFrame } from '../../components/modal-frame/modal-frame.tsx';
import { toggleRow } from './admin-model.ts';

const footer = (onOk: () => void, onClose: () => void, busy = false) => (
  <>
    <button type="button" className="btn btn-secondary" onClick={onClose}>Cancel</button>
    <button type="button" className="btn btn-primary" onClick={onOk} disabled={busy} data-testid="modal-ok">OK</button>
  </>
);

export function RolesModal({ username, roles, current, onOk, onClose }: {
  username: string; roles: readonly string[]; current: readonly string[]; onOk(roles: string[]): void; onClose(): void;
}) {
  const [chosen, setChosen] = useState(() => new Set(current));
  const toggle = (role: string) => setChosen((s) => { const n = new Set(s); if (n.has(role)) n.delete(role); else n.add(role); return n; });
  return (
    <ModalFrame title={`Roles of ${username}`} testId="roles-modal" onClose={onClose} footer={footer(() => onOk(roles.filter((r) => chosen.has(r))), onClose)}>
      {roles.map((role) => (
        <div className="form-check" key={role}>
          <input className="form-check-input" type="checkbox" id={`role-${role}`} checked={chosen.has(role)} onChange={() => toggle(role)} />
          <label className="form-check-label" htmlFor={`role-${role}`}>{role}</label>
        </div>
      ))}
    </ModalFrame>
  );
}

export function DealsModal({ username, deals, onOk, onClose }: {
  username: string; deals: readonly DealAssignment[]; onOk(rows: DealAssignment[]): void; onClose(): void;
}) {
  const [rows, setRows] = useState(() => [...deals]);
  const [filter, setFilter] = useState('');
  const shown = rows.map((r, i) => [r, i] as const).filter(([r]) => r.DealName.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <ModalFrame title={`Deals of ${username}`} testId="deals-modal" onClose={onClose} footer={footer(() => onOk(rows), onClose)}>
      <input className="form-control form-control-sm mb-2" placeholder="Filter deals" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="Filter deals" />
      <div className="admin-checklist border rounded p-2">
        {shown.map(([r, i]) => (
          <div className="form-check" key={r.DealName}>
            <input className="form-check-input" type="checkbox" id={`deal-${i}`} checked={r.IsAssigned} onChange={() => setRows((all) => toggleRow(all, i))} />
            <label className="form-check-label" htmlFor={`deal-${i}`}>{r.DealName}</label>
          </div>
        ))}
      </div>
      <div className="small text-muted mt-1">{rows.filter((r) => r.IsAssigned).length} of {rows.length} assigned</div>
    </ModalFrame>
  );
}

export function ScenariosModal({ username, scenarios, onOk, onClose }: {
  username: string; scenarios: readonly ScenarioAssignment[]; onOk(rows: ScenarioAssignment[]): void; onClose(): void;
}) {
  const [rows, setRows] = useState(() => [...scenarios]);
  return (
    <ModalFrame title={`Scenarios of ${username}`} testId="scenarios-modal" size="lg" onClose={onClose} footer={footer(() => onOk(rows), onClose)}>
      <div className="admin-checklist">
        <table className="table table-sm align-middle">
          <thead><tr><th /><th>Name</th><th>Vendor</th><th>Deal</th><th>Owner</th></tr></thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.Id}>
                <td>
                  <input className="form-check-input" type="checkbox" aria-label={`Assign ${r.Name}`} data-testid={`scenario-${r.Id}`}
                    checked={r.IsAssigned} disabled={r.Owned} title={r.Owned ? 'Owned scenarios cannot be removed.' : undefined}
                    onChange={() => setRows((all) => toggleRow(all, i))} />
                </td>
                <td>{r.Name}</td><td>{r.Vendor ?? ''}</td><td>{r.DealName ?? ''}</td>
                <td>{r.Owner}{r.Owned && <span className="badge text-bg-secondary ms-1">own</span>}</td>
              </tr>
            ))}
            {rows.length === 0 && <tr><td colSpan={5} className="text-muted">No scenarios.</td></tr>}
          </tbody>
        </table>
      </div>
    </ModalFrame>
  );
}

/** Yes/no confirmation (enable/disable, delete). */
export function ConfirmModal({ title, text, onOk, onClose }: { title: string; text: string; onOk(): void; onClose(): void }) {
  return (
    <ModalFrame title={title} testId="confirm-modal" onClose={onClose} footer={footer(onOk, onClose)}>
      <p className="mb-0">{text}</p>
    </ModalFrame>
  );
}
