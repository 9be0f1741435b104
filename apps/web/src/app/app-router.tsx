import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, useMatches } from 'react-router';
import { AlertsOutlet, AlertsProvider, useAlerts } from '../components/alerts/alerts.tsx';
import { GlobalSpinner } from '../components/spinner/global-spinner.tsx';
import { Guard } from './guards.tsx';
import { Navbar } from './navbar.tsx';
import { withPlaceholders } from './placeholder-routes.tsx';
import { appRoutes } from './routes.tsx';
import { SessionProvider } from './session-context.tsx';

/** Failed queries and mutations show a danger alert and go to the error log, unless meta.silent is set. */
function QueryLayer({ children }: { children: React.ReactNode }) {
  const alerts = useAlerts();
  const [client] = useState(() => new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    queryCache: new QueryCache({ onError: (error, query) => { if (!query.meta?.silent) alerts.error(error); } }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => { if (!mutation.meta?.silent) alerts.error(error); } }),
  }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function Shell() {
  const matches = useMatches();
  const light = matches.some((m) => (m.handle as { lightNavbar?: boolean } | undefined)?.lightNavbar);
  return (
    <SessionProvider>
      <QueryLayer>
        <Navbar light={light} />
        <main className="crt-main">
          <AlertsOutlet />
          <Suspense fallback={<div className="spinner-border m-4" role="status" aria-label="Loading" />}>
            <Outlet />
          </Suspense>
        </main>
        <GlobalSpinner />
      </QueryLayer>
    </SessionProvider>
  );
}

const router = createBrowserRouter([
  {
    element: <AlertsProvider><Shell /></AlertsProvider>,
    children: withPlaceholders(appRoutes).map((r) => ({
      path: r.path,
      handle: { lightNavbar: r.lightNavbar ?? false },
      element: <Guard access={r.access}>{r.element}</Guard>,
    })),
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
