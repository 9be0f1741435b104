import { lazy, type ComponentType, type ReactNode } from 'react';
import { ErrorPage } from '../features/error-page/error-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { NotFoundPage } from '../features/error-page/not-found-page.tsx';
import type { Access } from './guards.tsx';
import type { DealFamily } from './last-deal.ts';

/**
 * A screen loaded on first visit (route-level code splitting): the home page ships without the
 * grids, charts and workbook code of the analysis screens. The shell shows a spinner meanwhile.
 * New screens use it too: `lazyPage(() => import('../features/x/x-page.tsx'), 'XPage')`.
 */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ReactNode {
  const Page: ComponentType = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Page />;
}

export interface AppRoute {
  path: string;
  element: ReactNode;
  access: Access;
  /** Trial registration uses the light navbar. */
  lightNavbar?: boolean;
}

/**
 * Every screen's route, as the specs name them. Add one line per new screen here and switch its
 * navbar entry on below.
 */
export const appRoutes: AppRoute[] = [
  { path: '/', element: <HomePage />, access: 'public' },
  { path: '/about_crt_hub', element: <HomePage />, access: 'public' },
  { path: '/more_information', element: <HomePage />, access: 'public' },
  { path: '/trial', element: lazyPage(() => import('../features/trial/trial-page.tsx'), 'TrialPage'), access: 'public', lightNavbar: true },
  { path: '/error', element: <ErrorPage />, access: 'public' },
  // -- screens of later issues go here --
  { path: '/deal_catalog', element: lazyPage(() => import('../features/deal-catalog/deal-catalog-page.tsx'), 'DealCatalogPage'), access: 'login' },
  { path: '/scenario_list', element: lazyPage(() => import('../features/scenario-list/scenario-list-page.tsx'), 'ScenarioListPage'), access: 'login' },
  { path: '/vector_list', element: lazyPage(() => import('../features/vector-list/vector-list-page.tsx'), 'VectorListPage'), access: 'login' },
  { path: '/deal_analysis', element: lazyPage(() => import('../features/deal-analysis/deal-analysis-page.tsx'), 'DealAnalysisPage'), access: 'login' },
  { path: '/bond_analysis', element: lazyPage(() => import('../features/bond-analysis/bond-analysis-page.tsx'), 'BondAnalysisPage'), access: 'login' },
  { path: '/acis_analysis', element: lazyPage(() => import('../features/acis-analysis/acis-analysis-page.tsx'), 'AcisAnalysisPage'), access: 'login' },
  { path: '/cirt_analysis', element: lazyPage(() => import('../features/cirt-analysis/cirt-analysis-page.tsx'), 'CirtAnalysisPage'), access: 'login' },
  { path: '/admin', element: lazyPage(() => import('../features/admin/admin-page.tsx'), 'AdminPage'), access: { anyRole: ['Admin'] } },
  { path: '/settings', element: lazyPage(() => import('../features/settings/settings-page.tsx'), 'SettingsPage'), access: 'login' },
  { path: '/password_forgot', element: lazyPage(() => import('../features/password/password-forgot-page.tsx'), 'PasswordForgotPage'), access: 'public' },
  { path: '/password_reset/:userId', element: lazyPage(() => import('../features/password/password-reset-page.tsx'), 'PasswordResetPage'), access: 'public' },
  { path: '/confirm_email', element: lazyPage(() => import('../features/password/confirm-email-page.tsx'), 'ConfirmEmailPage'), access: 'public' },
  { path: '/deal_create', element: lazyPage(() => import('../features/deal-editor/deal-create-page.tsx'), 'DealCreatePage'), access: { anyRole: ['OnlineDeals_Creator', 'Admin'] } },
  { path: '/portfolio', element: lazyPage(() => import('../features/portfolio/portfolio-page.tsx'), 'PortfolioPage'), access: 'login' },
  { path: '/cashflows', element: lazyPage(() => import('../features/cashflows/cashflows-page.tsx'), 'CashflowsPage'), access: 'login' },
  { path: '/vendor_grid', element: lazyPage(() => import('../features/vendor-grid/vendor-grid-page.tsx'), 'VendorGridPage'), access: 'login' },
  { path: '/admin_adco', element: lazyPage(() => import('../features/admin-adco/admin-adco-page.tsx'), 'AdminAdcoPage'), access: { anyRole: ['Admin'] } },
  { path: '/reports', element: lazyPage(() => import('../features/reports/reports-page.tsx'), 'ReportsPage'), access: { anyRole: ['Reports_Consumer', 'Admin'] } },
  { path: '/admin_reports', element: lazyPage(() => import('../features/reports/admin-reports-page.tsx'), 'AdminReportsPage'), access: { anyRole: ['Admin'] } },
  { path: '/loans', element: lazyPage(() => import('../features/loans/loans-page.tsx'), 'LoansPage'), access: 'login' },
  { path: '/vintages', element: lazyPage(() => import('../features/vintages/vintages-page.tsx'), 'VintagesPage'), access: 'login' },
  { path: '/admin_loan_data', element: lazyPage(() => import('../features/vintages/loan-data-upload-page.tsx'), 'LoanDataUploadPage'), access: { anyRole: ['Admin'] } },
  { path: '/rpx_file_creator', element: lazyPage(() => import('../features/utilities/rpx-file-creator-page.tsx'), 'RpxFileCreatorPage'), access: 'login' },
  { path: '/docs', element: lazyPage(() => import('../features/docs/docs-page.tsx'), 'DocsPage'), access: { anyRole: ['DocReader'] } },
  { path: '*', element: <NotFoundPage />, access: 'login' },
];

export interface NavEntry {
  label: string;
  /** Route path; analysis links get ?dealName= of the family's last deal. */
  path: string;
  family?: DealFamily;
  /** Roles of which the user needs one; none = any signed-in user. */
  anyRole?: string[];
  /** Menu group: main bar, Admin dropdown or user dropdown. */
  menu: 'main' | 'admin' | 'user';
  /** A dropdown of the main bar holding the link, so the bar stays one row at 1024 px (issue 23 #8). */
  group?: NavGroup;
  /** False until the screen exists: a link to a missing screen is not shown. */
  available: boolean;
}

export type NavGroup = 'Analysis' | 'Portfolios' | 'Data';

/** The navbar of spec 000 §2 / 001 / 002. */
export const navEntries: NavEntry[] = [
  { label: 'Deal Catalog', path: '/deal_catalog', menu: 'main', available: true },
  { label: 'Bond Analysis', path: '/bond_analysis', family: 'bond', menu: 'main', group: 'Analysis', available: true },
  { label: 'ACIS Analysis', path: '/acis_analysis', family: 'acis', menu: 'main', group: 'Analysis', available: true },
  { label: 'CIRT Analysis', path: '/cirt_analysis', family: 'cirt', menu: 'main', group: 'Analysis', available: true },
  { label: 'Portfolio', path: '/portfolio', menu: 'main', group: 'Portfolios', available: true },
  { label: 'Vendor Grid', path: '/vendor_grid', menu: 'main', group: 'Portfolios', available: true },
  { label: 'Saved Scenarios', path: '/scenario_list', menu: 'main', group: 'Data', available: true },
  { label: 'Vectors', path: '/vector_list', menu: 'main', group: 'Data', available: true },
  { label: 'Cashflows', path: '/cashflows', menu: 'main', group: 'Data', available: true },
  { label: 'Loans', path: '/loans', menu: 'main', group: 'Data', available: true },
  { label: 'Vintages', path: '/vintages', menu: 'main', group: 'Data', available: true },
  { label: 'Reports', path: '/reports', anyRole: ['Reports_Consumer', 'Admin'], menu: 'main', available: true },
  { label: 'Utilities', path: '/rpx_file_creator', menu: 'main', available: true },
  { label: 'Documentation', path: '/docs', anyRole: ['DocReader'], menu: 'main', available: true },
  { label: 'Users', path: '/admin', anyRole: ['Admin'], menu: 'admin', available: true },
  { label: 'Reports', path: '/admin_reports', anyRole: ['Admin'], menu: 'admin', available: true },
  { label: 'Models', path: '/admin_adco', anyRole: ['Admin'], menu: 'admin', available: true },
  { label: 'Loan data', path: '/admin_loan_data', anyRole: ['Admin'], menu: 'admin', available: true },
  { label: 'API reference', path: '/api/docs', anyRole: ['Admin'], menu: 'admin', available: true },
  { label: 'Settings', path: '/settings', menu: 'user', available: true },
];
