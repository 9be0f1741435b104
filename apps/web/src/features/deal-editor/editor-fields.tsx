/** Inputs of the deal editors: label, the field, and its error right under it (spec 001 §5.4). */
import { formatNumber, parseNumber } from './editor-form.ts';

export interface FieldProps {
  label: string;
  /** Issue path ('STACR.Liability[1].Coupon'): the test id and the key of its error. */
  path: string;
  value: string;
  onChange(value: string): void;
  errors: Record<string, string>;
  kind?: 'text' | 'number' | 'date';
  /** Decimals always shown (multipliers and detachment: 2). */
  minDecimals?: number;
  placeholder?: string;
  readOnly?: boolean;
  /** Inside a table cell: no label. */
  bare?: boolean;
}

/** One editor field. Numbers are re-shown with at most 8 decimals when the field is left. */
export function Field({ label, path, value, onChange, errors, kind = 'number', minDecimals = 0, placeholder, readOnly, bare }: FieldProps) {
  const error = errors[path];
  const input = (
    <input
      className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
      type={kind === 'date' ? 'date' : 'text'}
      inputMode={kind === 'number' ? 'decimal' : undefined}
      aria-label={label}
      data-testid={`field-${path}`}
      value={value}
      placeholder={placeholder}
      readOnly={readOnly}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => {
        if (kind !== 'number' || readOnly) return;
        const x = parseNumber(value);
        if (x !== null) {
          const shown = formatNumber(x, minDecimals);
          if (shown !== value) onChange(shown);
        }
      }}
    />
  );
  const feedback = error ? <div className="invalid-feedback d-block" data-testid={`error-${path}`}>{error}</div> : null;
  if (bare) return <>{input}{feedback}</>;
  return (
    <div className="mb-2">
      <label className="form-label small mb-0">{label}</label>
      {input}
      {feedback}
    </div>
  );
}

export function Check({ label, path, checked, onChange }: { label: string; path: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    <div className="form-check mb-2">
      <input className="form-check-input" type="checkbox" id={`check-${path}`} data-testid={`field-${path}`} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label className="form-check-label small" htmlFor={`check-${path}`}>{label}</label>
    </div>
  );
}

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="border rounded p-2 mb-3">
      <legend className="float-none w-auto px-2 fs-6 fw-semibold mb-0">{title}</legend>
      {children}
    </fieldset>
  );
}
