import { MessageResponseSchema } from '@opencrt/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';

/** /confirm_email?userId&code (public): the confirmation link of a mailed address posts its code once. */
export function ConfirmEmailPage() {
  const { api } = useSession();
  const [query] = useSearchParams();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const userId = Number(query.get('userId'));
  const code = query.get('code') ?? '';
  // The code works once: post it once per page, whatever re-renders or effect re-runs happen.
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    api.json('/users/confirm_email', MessageResponseSchema, { method: 'POST', anonymous: true, json: { UserId: userId, Code: code } })
      .then((r) => setState({ ok: true, text: r.Message }), (e: unknown) => setState({ ok: false, text: messageOf(e) }));
  }, [api, userId, code]);

  return (
    <div className="container py-4" style={{ maxWidth: 480 }} data-testid="confirm-email">
      <h2 className="h5">E-mail confirmation</h2>
      {state === null ? <p className="text-muted">Confirming…</p> : <p className={state.ok ? 'text-success' : 'text-danger'}>{state.text}</p>}
      <Link to="/">Go to the main screen</Link>
    </div>
  );
}
