import { ComingSoonPage } from '../features/coming-soon/coming-soon-page.tsx';
import type { AppRoute } from './routes.tsx';

/**
 * Spec 002 routes whose screens other issues build (13: portfolio, vendor grid, cashflows;
 * 15: reports, report management, loans, utilities; 17: model management). Each guard is in force
 * now. When a screen lands, its own line in `appRoutes` wins and the stand-in here is dropped by
 * `withPlaceholders` — delete its line here then.
 */
export const placeholderRoutes: AppRoute[] = [
  { path: '/vendor_grid', element: <ComingSoonPage title="Vendor Grid" issue={13} />, access: 'login' },
  { path: '/loans', element: <ComingSoonPage title="Loans" issue={15} />, access: 'login' },
  { path: '/reports', element: <ComingSoonPage title="Reports" issue={15} />, access: { anyRole: ['Reports_Consumer', 'Admin'] } },
  { path: '/admin_reports', element: <ComingSoonPage title="Report management" issue={15} />, access: { anyRole: ['Admin'] } },
  { path: '/rpx_file_creator', element: <ComingSoonPage title="Utilities" issue={15} />, access: 'login' },
  { path: '/admin_adco', element: <ComingSoonPage title="Model management" issue={17} />, access: { anyRole: ['Admin'] } },
];

/** The routes with a stand-in for every placeholder path no real screen has yet (the catch-all stays last). */
export function withPlaceholders(routes: readonly AppRoute[]): AppRoute[] {
  const taken = new Set(routes.map((r) => r.path));
  const missing = placeholderRoutes.filter((p) => !taken.has(p.path));
  const catchAll = routes.filter((r) => r.path === '*');
  return [...routes.filter((r) => r.path !== '*'), ...missing, ...catchAll];
}
