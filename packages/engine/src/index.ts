/**
 * Public surface of the OpenCRT cashflow engine. Pure: no I/O, no clock, no randomness.
 * Callers pass deal specs, scenarios and dates; the engine returns results.
 */
export * from './deal/deal-spec.ts';
export { validateDeal } from './deal/validate-deal.ts';
export type { ValidationIssue } from './deal/validate-deal.ts';
