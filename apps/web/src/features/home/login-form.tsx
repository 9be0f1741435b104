import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { useSession } from '../../app/session-context.tsx';
import { nextPageAfterLogin } from '../../app/next-page.ts';

/** Username/password form; the token call's error_description shows in red under it. */
export function LoginForm() {
  const { login, api } = useSession();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await login(username.trim(), password);
      const next = await nextPageAfterLogin(api, query);
      if (next.error) alerts.show('danger', next.error);
      void navigate(next.to);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="crt-panel" data-testid="login-form" noValidate>
      <h2 className="h5 mb-3">Sign in</h2>
      <div className="mb-2">
        <label className="form-label" htmlFor="login-username">Username</label>
        <input id="login-username" className="form-control" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="login-password">Password</label>
        <input id="login-password" type="password" className="form-control" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>Log In</button>
      <div className="text-end small mt-1"><Link to="/password_forgot" data-testid="forgot-link">Forgot your password?</Link></div>
      <div className="text-danger small mt-2" data-testid="login-error" style={{ whiteSpace: 'pre-line', minHeight: '1.25rem' }}>{error}</div>
    </form>
  );
}
