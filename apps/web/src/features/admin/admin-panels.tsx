/** Side panels of /admin: Add user, Add deal for all users, Admin Functions, Outbox. */
import { ACCOUNT_MESSAGES, type OutboxMessage } from '@opencrt/contracts';
import { useEffect, useState, type FormEvent } from 'react';

export interface NewUserForm { Username: string; Email: string; Password: string; ConfirmPassword: string; Roles: string[] }
const EMPTY: NewUserForm = { Username: '', Email: '', Password: '', ConfirmPassword: '', Roles: ['User'] };

/** 'Add user': username and password must be non-empty; the confirmation is checked by the server (spec 002 §5). */
export function AddUserPanel({ roles, onCreate }: { roles: readonly string[]; onCreate(form: NewUserForm): Promise<boolean> }) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof NewUserForm) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value });
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.Username.trim() || !form.Password) { setError(ACCOUNT_MESSAGES.usernameAndPassword); return; }
    setError(null);
    if (await onCreate(form)) setForm(EMPTY);
  }
  const toggleRole = (role: string) => setForm({ ...form, Roles: form.Roles.includes(role) ? form.Roles.filter((r) => r !== role) : [...form.Roles, role] });
  return (
    <form className="crt-panel mb-3" onSubmit={submit} noValidate data-testid="add-user">
      <h2 className="h6">Add user</h2>
      <input className="form-control form-control-sm mb-2" placeholder="Username" aria-label="Username" autoComplete="off" value={form.Username} onChange={set('Username')} />
      <input className="form-control form-control-sm mb-2" placeholder="E-mail (optional)" aria-label="E-mail" type="email" autoComplete="off" value={form.Email} onChange={set('Email')} />
      <input className="form-control form-control-sm mb-2" placeholder="Password" aria-label="Password" type="password" autoComplete="new-password" value={form.Password} onChange={set('Password')} />
      <input className="form-control form-control-sm mb-2" placeholder="Confirm password" aria-label="Confirm password" type="password" autoComplete="new-password" value={form.ConfirmPassword} onChange={set('ConfirmPassword')} />
      <div className="mb-2 small">
        {roles.map((role) => (
          <div className="form-check form-check-inline" key={role}>
            <input className="form-check-input" type="checkbox" id={`new-role-${role}`} checked={form.Roles.includes(role)} onChange={() => toggleRole(role)} />
            <label className="form-check-label" htmlFor={`new-role-${role}`}>{role}</label>
          </div>
        ))}
      </div>
      {error && <div className="text-danger small mb-2" data-testid="add-user-error">{error}</div>}
      <button type="submit" className="btn btn-primary btn-sm">Add user</button>
    </form>
  );
}

/** 'Add deal for all users': assign or remove one deal for every user. */
export function DealForAllPanel({ deals, onAssign, onRemove }: { deals: readonly string[]; onAssign(deal: string): void; onRemove(deal: string): void }) {
  const [deal, setDeal] = useState('');
  return (
    <div className="crt-panel mb-3" data-testid="deal-for-all">
      <h2 className="h6">Add deal for all users</h2>
      <select className="form-select form-select-sm mb-2" aria-label="Deal" value={deal} onChange={(e) => setDeal(e.target.value)}>
        <option value="">Choose a deal…</option>
        {deals.map((d) => <option key={d} value={d}>{d}</option>)}
      </select>
      <button type="button" className="btn btn-primary btn-sm me-2" disabled={!deal} onClick={() => onAssign(deal)}>Assign to all</button>
      <button type="button" className="btn btn-outline-danger btn-sm" disabled={!deal} onClick={() => onRemove(deal)}>Remove from all</button>
    </div>
  );
}

/** 'Admin Functions': Load Deal Catalogue, with a progress bar and elapsed time while the server reloads. */
export function AdminFunctionsPanel({ onLoad }: { onLoad(): Promise<string | null> }) {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [result, setResult] = useState<string | null>(null);
  useEffect(() => {
    if (startedAt === null) return undefined;
    const timer = setInterval(() => setElapsed(Math.round((Date.now() - startedAt) / 1000)), 500);
    return () => clearInterval(timer);
  }, [startedAt]);
  async function load() {
    setResult(null);
    setElapsed(0);
    setStartedAt(Date.now());
    try {
      setResult(await onLoad());
    } finally {
      setStartedAt(null);
    }
  }
  return (
    <div className="crt-panel mb-3" data-testid="admin-functions">
      <h2 className="h6">Admin Functions</h2>
      <button type="button" className="btn btn-outline-primary btn-sm" disabled={startedAt !== null} onClick={() => void load()}>Load Deal Catalogue</button>
      {startedAt !== null && (
        <div className="mt-2" data-testid="catalogue-progress">
          <div className="progress" role="progressbar" aria-label="Loading deal catalogue">
            <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: '100%' }} />
          </div>
          <div className="small text-muted mt-1">Loading deal catalogue… {elapsed} s</div>
        </div>
      )}
      {result && <div className="small text-muted mt-2" data-testid="catalogue-result">{result}</div>}
    </div>
  );
}

/** Mail kept in the database because no SMTP server is configured (SMTP_URL unset). */
export function OutboxPanel({ messages }: { messages: readonly OutboxMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="crt-panel mb-3" data-testid="outbox">
      <h2 className="h6">Outbox <span className="text-muted small">(no mail server configured)</span></h2>
      {messages.map((m) => (
        <details key={m.Id} className="small border-bottom py-1">
          <summary><span className="fw-semibold">{m.To}</span> — {m.Subject} <span className="text-muted">{new Date(m.CreatedAt).toLocaleString()}</span></summary>
          <pre className="mb-1 mt-1" style={{ whiteSpace: 'pre-wrap' }}>{m.Text}</pre>
        </details>
      ))}
    </div>
  );
}
