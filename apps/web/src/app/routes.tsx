import type { ReactNode } from 'react';
import { AdminAdcoPage } from '../features/admin-adco/admin-adco-page.tsx';
import { AdminPage } from '../features/admin/admin-page.tsx';
import { ConfirmEmailPage } from '../features/password/confirm-email-page.tsx';
import { PasswordForgotPage } from '../features/password/password-forgot-page.tsx';
import { PasswordResetPage } from '../features/password/password-reset-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { AcisAnalysisPage } from '../features/acis-analysis/acis-analysis-page.tsx';
import { BondAnalysisPage } from '../features/bond-analysis/bond-analysis-page.tsx';
import { CirtAnalysisPage } from '../features/cirt-analysis/cirt-analysis-page.tsx';
import { DealAnalysisPage } from '../features/deal-analysis/deal-analysis-page.tsx';
import { DealCatalogPage } from '../features/deal-catalog/deal-catalog-page.tsx';
import { DealCreatePage } from '../features/deal-editor/deal-create-page.tsx';
import { ErrorPage } from '../features/error-page/error-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { NotFoundPage } from '../features/error-page/not-found-page.tsx';
import { PortfolioPage } from '../features/portfolio/portfolio-page.tsx';
import { ScenarioListPage } from '../features/scenario-list/scenario-list-page.tsx';
import { VectorListPage } from '../features/vector-list/vector-list-page.tsx';
import { TrialPage } from '../features/trial/trial-page.tsx';
import type { Access } from './guards.tsx';
import type { DealFamily } from './last-deal.ts';

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
  { path: '/trial', element: <TrialPage />, access: 'public', lightNavbar: true },
  { path: '/error', element: <ErrorPage />, access: 'public' },
  // -- screens of later issues go here --
  { path: '/deal_catalog', element: <DealCatalogPage />, access: 'login' },
  { path: '/scenario_list', element: <ScenarioListPage />, access: 'login' },
  { path: '/vector_list', element: <VectorListPage />, access: 'login' },
  { path: '/deal_analysis', element: <DealAnalysisPage />, access: 'login' },
  { path: '/bond_analysis', element: <BondAnalysisPage />, access: 'login' },
  { path: '/acis_analysis', element: <AcisAnalysisPage />, access: 'login' },
  { path: '/cirt_analysis', element: <CirtAnalysisPage />, access: 'login' },
  { path: '/admin', element: <AdminPage />, access: { anyRole: ['Admin'] } },
  { path: '/settings', element: <SettingsPage />, access: 'login' },
  { path: '/password_forgot', element: <PasswordForgotPage />, access: 'public' },
  { path: '/password_reset/:userId', element: <PasswordResetPage />, access: 'public' },
  { path: '/confirm_email', element: <ConfirmEmailPage />, access: 'public' },
  { path: '/deal_create', element: <DealCreatePage />, access: { anyRole: ['OnlineDeals_Creator', 'Admin'] } },
  { path: '/admin_adco', element: <AdminAdcoPage />, access: { anyRole: ['Admin'] } },
  { path: '/portfolio', element: <PortfolioPage />, access: 'login' },
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
  /** False until the screen exists: a link to a missing screen is not shown. */
  available: boolean;
}

/** The navbar of spec 000 §2 / 001 / 002. */
export const navEntries: NavEntry[] = [
  { label: 'Deal Catalog', path: '/deal_catalog', menu: 'main', available: true },
  { label: 'Bond Analysis', path: '/bond_analysis', family: 'bond', menu: 'main', available: true },
  { label: 'ACIS Analysis', path: '/acis_analysis', family: 'acis', menu: 'main', available: true },
  { label: 'CIRT Analysis', path: '/cirt_analysis', family: 'cirt', menu: 'main', available: true },
  { label: 'Portfolio', path: '/portfolio', menu: 'main', available: true },
  { label: 'Vendor Grid', path: '/vendor_grid', menu: 'main', available: false },
  { label: 'Saved Scenarios', path: '/scenario_list', menu: 'main', available: true },
  { label: 'Vectors', path: '/vector_list', menu: 'main', available: true },
  { label: 'Cashflows', path: '/cashflows', menu: 'main', available: false },
  { label: 'Loans', path: '/loans', menu: 'main', available: false },
  { label: 'Reports', path: '/reports', anyRole: ['Reports_Consumer', 'Admin'], menu: 'main', available: true },
  { label: 'Utilities', path: '/rpx_file_creator', menu: 'main', available: false },
  { label: 'Documentation', path: '/docs', anyRole: ['DocReader'], menu: 'main', available: false },
  { label: 'Users', path: '/admin', anyRole: ['Admin'], menu: 'admin', available: true },
  { label: 'Reports', path: '/admin_reports', anyRole: ['Admin'], menu: 'admin', available: true },
  { label: 'Models', path: '/admin_adco', anyRole: ['Admin'], menu: 'admin', available: true },
  { label: 'API reference', path: '/api/docs', anyRole: ['Admin'], menu: 'admin', available: true },
  { label: 'Settings', path: '/settings', menu: 'user', available: true },
];
