import { useLocation } from 'react-router';
import { ErrorView } from './error-page.tsx';

/** Catch-all for unknown paths (needs login; anonymous visitors are sent to / by the guard). */
export function NotFoundPage() {
  const location = useLocation();
  return <ErrorView status="404" reason="Page not found" message={`There is no page at ${location.pathname}.`} />;
}
