import { NO_DATE } from '@opencrt/contracts';
import { Invalid } from '../../http/errors.ts';

/** Month number (year × 12 + month) of a date YYYYMMDD. */
export const monthIndex = (ymd: number): number => Math.floor(ymd / 10000) * 12 + (Math.floor(ymd / 100) % 100);

const mmYyyy = (ymd: number): string => `${String(Math.floor(ymd / 100) % 100).padStart(2, '0')}/${Math.floor(ymd / 10000)}`;

/**
 * The cancellation date of a run (spec 001 §2.4): null when Cancellation is off; else the chosen
 * month (YYYYMM or YYYYMMDD, the day is ignored) or, without one, the deal's optional
 * cancellation date. A month before the optional cancellation date is refused.
 * @returns YYYYMMDD (a chosen month gives its first day) or null
 */
export function cancellationOf(cancellation: boolean | undefined, asked: number | string | null | undefined, optionalCancellation: number): number | null {
  if (!cancellation) return null;
  const optional = optionalCancellation !== NO_DATE ? optionalCancellation : null;
  const chosen = asked ? Number(String(asked).slice(0, 6)) * 100 + 1 : null;
  // A month outside 1–12 (or text) would silently roll into another year.
  const month = chosen === null ? 1 : Math.floor(chosen / 100) % 100;
  if (chosen !== null && (!Number.isInteger(chosen) || month < 1 || month > 12)) throw new Invalid('Missing valid: Cancellation Date');
  if (chosen !== null && optional !== null && monthIndex(chosen) < monthIndex(optional)) {
    throw new Invalid(`The cancellation date must not be before the optional cancellation date ${mmYyyy(optional)}.`);
  }
  return chosen ?? optional;
}
