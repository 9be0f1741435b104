import { describe, expect, it } from 'vitest';
import { withPlaceholders } from './placeholder-routes.tsx';
import { appRoutes, navEntries } from './routes.tsx';

/** Spec 002 §2 route table: who may open each route (the Guard sends everyone else to /). */
const SPEC_002 = {
  '/error': 'public',
  '/portfolio': 'login',
  '/vendor_grid': 'login',
  '/cashflows': 'login',
  '/loans': 'login',
  '/reports': { anyRole: ['Reports_Consumer', 'Admin'] },
  '/admin': { anyRole: ['Admin'] },
  '/admin_reports': { anyRole: ['Admin'] },
  '/admin_adco': { anyRole: ['Admin'] },
  // Issue 33: vintage curves for every signed-in user, GSE file uploads for administrators.
  '/vintages': 'login',
  '/admin_loan_data': { anyRole: ['Admin'] },
  '/settings': 'login',
  '/rpx_file_creator': 'login',
  '/password_forgot': 'public',
  '/password_reset/:userId': 'public',
  '*': 'login',
} as const;

describe('spec 002 routes and guards', () => {
  const routes = withPlaceholders(appRoutes);

  it('every spec 002 route exists once with the access the route table gives', () => {
    for (const [path, access] of Object.entries(SPEC_002)) {
      const matches = routes.filter((r) => r.path === path);
      expect(matches, path).toHaveLength(1);
      expect(matches[0]!.access, path).toEqual(access);
    }
    expect(routes.at(-1)?.path).toBe('*');
  });

  it('a real screen replaces its stand-in', () => {
    // A made-up stand-in path, so the test holds whichever stand-ins are left.
    const standIn = { path: '/some_screen', element: null, access: 'login' as const };
    const real = { path: '/some_screen', element: 'real', access: 'login' as const };
    const merged = withPlaceholders([real, ...appRoutes], [standIn]);
    expect(merged.filter((r) => r.path === '/some_screen')).toEqual([real]);
    expect(withPlaceholders(appRoutes, [standIn]).filter((r) => r.path === '/some_screen')).toEqual([standIn]);
  });

  it('the navbar has Settings in the user menu and Users, Reports, Models in the Admin menu', () => {
    const shown = (menu: string) => navEntries.filter((e) => e.menu === menu && e.available).map((e) => e.label);
    expect(shown('user')).toEqual(['Settings']);
    expect(shown('admin')).toEqual(['Users', 'Reports', 'Models', 'Loan data', 'API reference']);
    expect(navEntries.find((e) => e.path === '/reports')).toMatchObject({ available: true, anyRole: ['Reports_Consumer', 'Admin'] });
  });
});
