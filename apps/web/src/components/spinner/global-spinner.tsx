import { useEffect, useState } from 'react';
import { subscribePending } from '../../api/pending.ts';

/** A spinner over the page while any API call is in flight (spec 000 §1 shell). */
export function GlobalSpinner() {
  const [pending, setPending] = useState(0);
  useEffect(() => subscribePending(setPending), []);
  if (pending === 0) return null;
  return (
    <div className="crt-spinner" data-testid="global-spinner" aria-label="Loading">
      <div className="spinner-border text-primary" role="status" />
    </div>
  );
}
