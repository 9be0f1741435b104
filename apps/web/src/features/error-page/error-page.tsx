import { Link, useSearchParams } from 'react-router';

/** /error?status&reason&msg (spec 002 §2): defaults 404 and 'Page not found'. */
export function ErrorPage() {
  const [query] = useSearchParams();
  return <ErrorView status={query.get('status') || '404'} reason={query.get('reason') || 'Page not found'} message={query.get('msg') ?? ''} />;
}

export function ErrorView({ status, reason, message }: { status: string; reason: string; message: string }) {
  return (
    <div className="container text-center mt-5" data-testid="error-page">
      <div className="display-3 fw-bold text-secondary" data-testid="error-status">{status}</div>
      <h1 className="h3" data-testid="error-reason">{reason}</h1>
      {message && <p className="text-secondary" data-testid="error-message" style={{ whiteSpace: 'pre-line' }}>{message}</p>}
      <Link to="/">Go to home page</Link>
    </div>
  );
}
