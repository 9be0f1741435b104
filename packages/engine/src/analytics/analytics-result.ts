/**
 * Result objects of the analytics solvers. The shape follows the bond-run answer of spec 001
 * §3.9 (`Value`, `IsSuccessful`, `ErrorMessage`), so a server route can pass it through.
 * Failures are data, never exceptions: the screen shows '-----' for the silent messages below
 * (spec 001 §8, spec 002) and surfaces any other message.
 */

/** No root can exist (bad inputs, no cash flows after settlement, one-signed flows, no sign change). */
export const CANT_COMPUTE_YIELD = "Can't compute Yield.";
/** The bracketed Newton search used up its try budget (`maxTries`) before converging. */
export const TOO_MANY_TRIES_YIELD = 'Too many tries in Yield calculation.';
/** The guess, the given yield, or the root itself lies at or below the rate floor (periodic rate ≤ −99 %). */
export const TOO_NEGATIVE_YIELD = 'Guess is too negative in Yield calculation.';
/** A spread cannot exist (bad inputs, no benchmark at the WAL, discount factors undefined, no root). */
export const CANT_COMPUTE_SPREAD = "Can't compute Spread.";
/** The discount-margin search used up its try budget before converging. */
export const TOO_MANY_TRIES_SPREAD = 'Too many tries in Spread calculation.';

/** The five messages the client shows as a bare '-----' (spec 001 §8). */
export const SILENT_ANALYTICS_MESSAGES: readonly string[] = [
  CANT_COMPUTE_YIELD,
  TOO_MANY_TRIES_YIELD,
  TOO_NEGATIVE_YIELD,
  CANT_COMPUTE_SPREAD,
  TOO_MANY_TRIES_SPREAD,
];

/** A solved number (unrounded) plus solver details `D`. */
export type AnalyticsSuccess<D extends object = object> = { IsSuccessful: true; Value: number; ErrorMessage: null } & D;
/** A failed solve: `Value` is null and `ErrorMessage` says why. */
export interface AnalyticsFailure {
  IsSuccessful: false;
  Value: null;
  ErrorMessage: string;
}
/** Either outcome; narrow on `IsSuccessful`. */
export type AnalyticsResult<D extends object = object> = AnalyticsSuccess<D> | AnalyticsFailure;

/** Builds a success result. */
export function succeed<D extends object>(value: number, details: D): AnalyticsSuccess<D> {
  return { IsSuccessful: true, Value: value, ErrorMessage: null, ...details };
}

/** Builds a failure result. */
export function fail(message: string): AnalyticsFailure {
  return { IsSuccessful: false, Value: null, ErrorMessage: message };
}

/** True when the client should show '-----' without an alert for this message. */
export function isSilentAnalyticsMessage(message: string): boolean {
  return SILENT_ANALYTICS_MESSAGES.includes(message);
}
