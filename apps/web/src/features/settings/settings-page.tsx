import { ACCOUNT_MESSAGES, MessageResponseSchema } from '@opencrt/contracts';
import { useState, type FormEvent } from 'react';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { useSession } from '../../app/session-context.tsx';

const EMPTY = { OldPassword: '', NewPassword: '', ConfirmPassword: '' };
type Field = keyof typeof EMPTY;
const FIELDS: [Field, string, string][] = [
  ['OldPassword', 'Old password', 'current-password'],
  ['NewPassword', 'New password', 'new-password'],
  ['ConfirmPassword', 'Confirm password', 'new-password'],
];

/** /settings: tab 'Change password'. Every field is required; the form is cleared after each attempt (spec 002). */
export function SettingsPage() {
  const { api } = useSession();
  const alerts = useAlerts();
  const [form, setForm] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (FIELDS.some(([f]) => !form[f])) { setTried(true); return; }
    setBusy(true);
    try {
      await api.put('/passwords', form, MessageResponseSchema);
      alerts.success(ACCOUNT_MESSAGES.passwordChanged);
    } catch (e) {
      alerts.error(e);
    } finally {
      setForm(EMPTY);
      setTried(false);
      setBusy(false);
    }
  }

  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <ul className="nav nav-tabs"><li className="nav-item"><span className="nav-link active">Change password</span></li></ul>
      <form className="crt-panel border-top-0" onSubmit={submit} noValidate data-testid="change-password-form">
        {FIELDS.map(([field, label, autoComplete]) => {
          const missing = tried && !form[field];
          return (
            <div className="mb-3" key={field}>
              <label className="form-label" htmlFor={`settings-${field}`}>{label}</label>
              <input id={`settings-${field}`} type="password" autoComplete={autoComplete} className={`form-control${missing ? ' is-invalid' : ''}`}
                value={form[field]} onChange={(e) => setForm({ ...form, [field]: e.target.value })} />
              {missing && <div className="invalid-feedback">{ACCOUNT_MESSAGES.required}</div>}
            </div>
          );
        })}
        <button type="submit" className="btn btn-primary" disabled={busy}>Change</button>
      </form>
    </div>
  );
}
