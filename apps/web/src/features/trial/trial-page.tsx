import { RegisteredResponse } from '@opencrt/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { useSession } from '../../app/session-context.tsx';
import { isExpired } from '../../app/session.ts';
import { nextPageAfterLogin } from '../../app/next-page.ts';
import { EMPTY_TRIAL, validateTrial, type TrialForm } from './trial-validation.ts';

const FIELDS: { key: keyof TrialForm; label: string; type?: string; auto?: string }[] = [
  { key: 'Username', label: 'Username', auto: 'username' },
  { key: 'Email', label: 'Email', type: 'email', auto: 'email' },
  { key: 'Password', label: 'Password', type: 'password', auto: 'new-password' },
  { key: 'ConfirmPassword', label: 'Password confirmation', type: 'password', auto: 'new-password' },
  { key: 'FirstName', label: 'First name', auto: 'given-name' },
  { key: 'LastName', label: 'Last name', auto: 'family-name' },
  { key: 'CompanyName', label: 'Company name', auto: 'organization' },
];

/** /trial: 30-day trial registration, then auto-login and the next-page routine (spec 000 §2, §4). */
export function TrialPage() {
  const { session, api, login } = useSession();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form, setForm] = useState<TrialForm>(EMPTY_TRIAL);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const auid = query.get('auid');

  // A visitor whose invitation id already belongs to a user goes to / with the query kept.
  useEffect(() => {
    if (!auid || session) return;
    api.get(`/register/checkIfUserIsRegistered/${encodeURIComponent(auid)}`, RegisteredResponse)
      .then((r) => { if (r.IsRegistered) void navigate(`/?${query.toString()}`); })
      .catch(() => undefined);
  }, [auid, session, api, navigate, query]);

  // An authenticated visitor is sent onward (spec 000 §2): with a CUSIP (utm_term) through the
  // next-page routine to its bond, else to the catalog. A registration in progress navigates itself.
  const signedIn = !!session && !isExpired(session);
  const registering = useRef(false);
  const [onward, setOnward] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn || registering.current || !query.get('utm_term')) return;
    let live = true;
    void nextPageAfterLogin(api, query).then((next) => {
      if (!live) return;
      if (next.error) alerts.show('danger', next.error);
      setOnward(next.to);
    });
    return () => { live = false; };
  }, [signedIn, api, query, alerts]);

  if (signedIn && !registering.current) {
    if (!query.get('utm_term')) return <Navigate to="/deal_catalog" replace />;
    return onward ? <Navigate to={onward} replace /> : <div className="container text-body-secondary mt-4" data-testid="trial-onward">Opening the bond…</div>;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateTrial(form);
    setProblems(found);
    if (found.length) return;
    setBusy(true);
    registering.current = true;
    try {
      await api.post('/register', { ...form, Roles: ['User'], Auid: auid });
      await login(form.Username, form.Password);
      await api.post('/register/logAccess', {
        Auid: auid, Cusip: query.get('utm_term'), Referrer: query.get('utm_source'), Campaign: query.get('utm_campaign'),
        Medium: query.get('utm_medium'), Price: query.get('price'), LossSeverity: query.get('loss_severity'),
        Delinquency: query.get('delinquency'), IndexRate: query.get('libor'), SettlementDate: query.get('settle_dt'),
      }).catch(() => undefined);
      const next = await nextPageAfterLogin(api, query);
      if (next.error) alerts.show('danger', next.error);
      void navigate(next.to);
    } catch (e) {
      registering.current = false;
      setProblems(messageOf(e).split('\n'));
    } finally {
      setBusy(false);
    }
  }

  const fromEmpirasign = query.get('utm_source')?.toLowerCase() === 'empirasign';
  return (
    <div className="container" style={{ maxWidth: '40rem' }}>
      <h1 className="h3 mt-3">Start your 30-day trial</h1>
      {fromEmpirasign ? (
        <p className="lead" data-testid="empirasign-welcome">Welcome, Empirasign user! Register to analyse the bond you were looking at, with our cashflows and analytics.</p>
      ) : (
        <p className="text-secondary">Register to get complimentary access to cashflows and analytics on credit-risk-transfer deals.</p>
      )}
      {problems.length > 0 && (
        <div className="alert alert-danger" role="alert" data-testid="trial-errors">
          {problems.map((p) => <div key={p}>{p}</div>)}
        </div>
      )}
      <form onSubmit={submit} className="crt-panel" noValidate data-testid="trial-form">
        {FIELDS.map((f) => (
          <div className="mb-2" key={f.key}>
            <label className="form-label" htmlFor={`trial-${f.key}`}>{f.label}</label>
            <input id={`trial-${f.key}`} className="form-control" type={f.type ?? 'text'} autoComplete={f.auto}
              value={form[f.key]} onChange={(e) => setForm({ ...form, [f.key]: e.target.value })} />
          </div>
        ))}
        <button type="submit" className="btn btn-primary mt-2" disabled={busy}>Register</button>
      </form>
    </div>
  );
}
