import { MessageResponseSchema } from '@opencrt/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';

/** /confirm_email?userId&code (public): the confirmation link of a mailed address posts its code once. */
export function ConfirmEmailPage() {
  const { api } = useSession();
  const [query] = useSearchParams();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    api.json('/users/confirm_email', MessageResponseSchema, {
      method: 'POST', anonymous: true, json: { UserId: Number(query.get('userId')), Code: query.get('code') ?? '' },
    }).then((r) => { if (live) setState({ ok: true, text: r.Message }); }, (e: unknown) => { if (live) setState({ ok: false, text: messageOf(e) }); });
    return () => { live = false; };
  }, [api, query]);

  return (
    <div className="container py-4" style={{ maxWidth: 480 }} data-testid="confirm-email">
      <h2 className="h5">E-mail confirmation</h2>
      {state === null ? <p className="text-muted">Confirming…</p> : <p className={state.ok ? 'text-success' : 'text-danger'}>{state.text}</p>}
      <Link to="/">Go to the main screen</Link>
    </div>
  );
}
