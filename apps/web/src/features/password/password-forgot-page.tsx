import { ACCOUNT_MESSAGES, MessageResponseSchema } from '@opencrt/contracts';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { logClientError } from '../../api/client.ts';
import { messageOf } from '../../api/errors.ts';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { useSession } from '../../app/session-context.tsx';

const FAILED = 'Failed to form a password reset request.';

/** /password_forgot (public): asks for a reset link; the answer is the same whether or not the address is known. */
export function PasswordForgotPage() {
  const { api } = useSession();
  const alerts = useAlerts();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!z.email().safeParse(email.trim()).success) { setError(ACCOUNT_MESSAGES.invalidEmail); return; }
    setError(null);
    setBusy(true);
    try {
      await api.json('/users/reset', MessageResponseSchema, { method: 'POST', json: { Email: email.trim() }, anonymous: true });
      alerts.show('success', ACCOUNT_MESSAGES.forgotAnswer, 10_000);
    } catch (e) {
      alerts.show('danger', `${FAILED}\n${messageOf(e)}`);
      void logClientError(`${FAILED} ${messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <form className="crt-panel" onSubmit={submit} noValidate data-testid="password-forgot-form">
        <h2 className="h5 mb-3">Forgotten password</h2>
        <p className="text-muted small">Enter the e-mail address of your account. If it is registered, you will receive a link to choose a new password.</p>
        <div className="mb-3">
          <label className="form-label" htmlFor="forgot-email">E-mail</label>
          <input id="forgot-email" type="email" className={`form-control${error ? ' is-invalid' : ''}`} autoComplete="email"
            value={email} onChange={(e) => setEmail(e.target.value)} />
          {error && <div className="invalid-feedback">{error}</div>}
        </div>
        <button type="submit" className="btn btn-primary" disabled={!email.trim() || busy}>Request</button>
      </form>
    </div>
  );
}
