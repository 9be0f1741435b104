import { ComingSoonPage } from '../features/coming-soon/coming-soon-page.tsx';
import type { AppRoute } from './routes.tsx';

/**
 * Spec 002 routes whose screens other issues build (13: portfolio, vendor grid, cashflows;
 * 15: reports, report management, loans, utilities; 17: model management). Each guard is in force
 * now. When a screen lands, its own line in `appRoutes` wins and the stand-in here is dropped by
 * `withPlaceholders` — delete its line here then.
 */
export const placeholderRoutes: AppRoute[] = [
  { path: '/cashflows', element: <ComingSoonPage title="Cashflows" issue={13} />, access: 'login' },
];

/** The routes with a stand-in for every placeholder path no real screen has yet (the catch-all stays last). */
export function withPlaceholders(routes: readonly AppRoute[], standIns: readonly AppRoute[] = placeholderRoutes): AppRoute[] {
  const taken = new Set(routes.map((r) => r.path));
  const missing = standIns.filter((p) => !taken.has(p.path));
  const catchAll = routes.filter((r) => r.path === '*');
  return [...routes.filter((r) => r.path !== '*'), ...missing, ...catchAll];
}
