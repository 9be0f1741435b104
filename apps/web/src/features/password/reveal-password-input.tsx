import { useState } from 'react';

/** A password field with a press-to-reveal eye button (spec 002 "Password screens"): shown only while pressed. */
export function RevealPasswordInput({ id, label, value, onChange, error, autoComplete = 'new-password' }: {
  id: string; label: string; value: string; onChange(value: string): void; error?: string | null | undefined; autoComplete?: string;
}) {
  const [shown, setShown] = useState(false);
  const hide = () => setShown(false);
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>{label}</label>
      <div className="input-group has-validation">
        <input id={id} type={shown ? 'text' : 'password'} className={`form-control${error ? ' is-invalid' : ''}`} autoComplete={autoComplete}
          value={value} onChange={(e) => onChange(e.target.value)} />
        <button type="button" className="btn btn-outline-secondary" aria-label={`Show ${label.toLowerCase()}`} data-testid={`${id}-reveal`}
          onMouseDown={() => setShown(true)} onMouseUp={hide} onMouseLeave={hide} onTouchStart={() => setShown(true)} onTouchEnd={hide}>
          <span aria-hidden="true">👁</span>
        </button>
        {error && <div className="invalid-feedback">{error}</div>}
      </div>
    </div>
  );
}
