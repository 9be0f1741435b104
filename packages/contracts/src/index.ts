// One contract per endpoint: request and response schemas shared by server (validation) and web (types).
import './browser-zod.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './public-forms.ts';
export * from './deals.ts';
export * from './scenarios.ts';
export * from './vectors.ts';
export * from './simulation.ts';
export * from './acis-cirt.ts';
export * from './portfolios.ts';
export * from './users.ts';
export * from './user-cashflows.ts';
export * from './portfolio-runs.ts';
export * from './reports.ts';
export * from './custom-deals.ts';
export * from './report-sql.ts';
export * from './breakeven.ts';
export * from './export-format.ts';
