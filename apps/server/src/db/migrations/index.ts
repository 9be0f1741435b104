import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';
import * as deals from './0002-deals.ts';
import * as scenarios from './0003-scenarios.ts';
import * as portfolios from './0004-portfolios.ts';
import * as portfolioCalculations from './0005-portfolio-calculations.ts';
import * as authNotifications from './0006-auth-notifications.ts';
import * as accounts from './0007-accounts.ts';
import * as reports from './0008-reports.ts';
import * as customDeals from './0009-custom-deals.ts';
import * as portfolioEntriesCashflow from './0010-portfolio-entries-cashflow.ts';
import * as userCashflows from './0012-user-cashflows.ts';
import * as catalogNotifications from './0019-catalog-notifications.ts';
import * as remitHistoryNotifications from './0022-remit-history-notifications.ts';
import * as failedLoginAddress from './0026-failed-login-address.ts';
import * as scenarioIndexCurve from './0027-scenario-index-curve.ts';
import * as failedLoginDevice from './0028-failed-login-device.ts';
import * as gseFiles from './0033-gse-files.ts';
import * as modelCalibrations from './0036-model-calibrations.ts';
import * as reportCreator from './0037-report-creator.ts';
import * as collateralFlows from './0038-collateral-flows.ts';

/**
 * Every migration, in order. Names sort in the order they must run; add a line per new migration.
 * The same set runs on PGlite and PostgreSQL (one dialect: PostgreSQL).
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-deals': deals,
  '0003-scenarios': scenarios,
  '0004-portfolios': portfolios,
  '0005-portfolio-calculations': portfolioCalculations,
  '0006-auth-notifications': authNotifications,
  '0007-accounts': accounts,
  '0008-reports': reports,
  '0009-custom-deals': customDeals,
  '0010-portfolio-entries-cashflow': portfolioEntriesCashflow,
  '0012-user-cashflows': userCashflows,
  '0019-catalog-notifications': catalogNotifications,
  '0022-remit-history-notifications': remitHistoryNotifications,
  '0026-failed-login-address': failedLoginAddress,
  '0027-scenario-index-curve': scenarioIndexCurve,
  '0028-failed-login-device': failedLoginDevice,
  '0033-gse-files': gseFiles,
  '0036-model-calibrations': modelCalibrations,
  '0037-report-creator': reportCreator,
  '0038-collateral-flows': collateralFlows,
};
