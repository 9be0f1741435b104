import { ACCOUNT_MESSAGES, MessageResponseSchema } from '@opencrt/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { logClientError } from '../../api/client.ts';
import { messageOf } from '../../api/errors.ts';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { useSession } from '../../app/session-context.tsx';
import { RevealPasswordInput } from './reveal-password-input.tsx';

/** Wording as the spec gives it. */
const SUCCESS = 'You password has been successfully changed.';

/** /password_reset/{userId}?userName&code (public): the mailed link's new password form. */
export function PasswordResetPage() {
  const { api } = useSession();
  const alerts = useAlerts();
  const { userId } = useParams();
  const [query] = useSearchParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const mismatch = confirm !== '' && confirm !== password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await api.json('/users/reset/callback', MessageResponseSchema, {
        method: 'POST', anonymous: true,
        json: { UserId: Number(userId), Code: query.get('code') ?? '', NewPassword: password },
      });
      setDone(true);
    } catch (e) {
      const detail = messageOf(e);
      alerts.show('danger', detail === ACCOUNT_MESSAGES.resetFailed ? detail : `${ACCOUNT_MESSAGES.resetFailed}\n${detail}`);
      void logClientError(`${ACCOUNT_MESSAGES.resetFailed} ${detail}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <ul className="nav nav-tabs"><li className="nav-item"><span className="nav-link active">New Password Setup</span></li></ul>
      <div className="crt-panel border-top-0" data-testid="password-reset">
        {done ? (
          <div data-testid="password-reset-done">
            <p className="text-success">{SUCCESS}</p>
            <Link to="/">Go to the main screen</Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate>
            <div className="mb-3">
              <label className="form-label" htmlFor="reset-username">User name</label>
              <input id="reset-username" className="form-control" readOnly value={query.get('userName') ?? ''} />
            </div>
            <RevealPasswordInput id="reset-password" label="New password" value={password} onChange={setPassword}
              error={password ? null : ACCOUNT_MESSAGES.required} />
            <RevealPasswordInput id="reset-confirm" label="Confirm password" value={confirm} onChange={setConfirm}
              error={mismatch ? ACCOUNT_MESSAGES.confirmationMismatch : null} />
            <button type="submit" className="btn btn-primary" disabled={!password || password !== confirm || busy}>Change</button>
          </form>
        )}
      </div>
    </div>
  );
}
