/**
 * Day counts for the analytics. Dates come in as ISO `YYYY-MM-DD` strings or as `yyyymmdd`
 * numbers (the API's `PaymentDate` form); both are accepted everywhere a `DateInput` is typed.
 * Pure calendar arithmetic: no clock is read.
 */

/** ISO `YYYY-MM-DD` string or `yyyymmdd` number (e.g. 20260425). */
export type DateInput = string | number;

interface Ymd {
  y: number;
  m: number;
  d: number;
}

/**
 * Parses a `DateInput`; throws RangeError on a malformed or impossible date (a caller bug).
 * Day counts run once per period per bond (tens of thousands of times a run) over a few hundred
 * distinct dates, so parsed dates are remembered; the cache is bounded by clearing it when full.
 */
export function parseDate(date: DateInput): Readonly<Ymd> {
  const known = parsedDates.get(date);
  if (known) return known;
  const parsed = Object.freeze(parseUncached(date));
  if (parsedDates.size >= PARSED_DATES_MAX) parsedDates.clear();
  parsedDates.set(date, parsed);
  return parsed;
}

const PARSED_DATES_MAX = 100_000;
const parsedDates = new Map<DateInput, Readonly<Ymd>>();

function parseUncached(date: DateInput): Ymd {
  const text = typeof date === 'number' ? String(date) : date;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`Not a date: ${String(date)}`);
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) {
    throw new RangeError(`Not a date: ${String(date)}`);
  }
  return { y, m, d };
}

/** Days since 1970-01-01 of a date, remembered like parsed dates (actual day counts subtract these). */
function dayNumber(date: DateInput): number {
  const known = dayNumbers.get(date);
  if (known !== undefined) return known;
  const { y, m, d } = parseDate(date);
  const day = Date.UTC(y, m - 1, d) / 86_400_000;
  if (dayNumbers.size >= PARSED_DATES_MAX) dayNumbers.clear();
  dayNumbers.set(date, day);
  return day;
}

const dayNumbers = new Map<DateInput, number>();

/** Actual days from `a` to `b` (negative when `b` is earlier). */
export function actualDays(a: DateInput, b: DateInput): number {
  return dayNumber(b) - dayNumber(a);
}

/**
 * 30/360 days from `a` to `b`, US bond basis (SIFMA): a day-31 start becomes 30; a day-31 end
 * becomes 30 only when the start is 30 or 31. The same rule the engine's date helpers use.
 */
export function days30360(a: DateInput, b: DateInput): number {
  const p = parseDate(a);
  const q = parseDate(b);
  const d1 = Math.min(p.d, 30);
  const d2 = q.d === 31 && d1 === 30 ? 30 : q.d;
  return 360 * (q.y - p.y) + 30 * (q.m - p.m) + (d2 - d1);
}

/** Months from `a` to `b` on 30/360 (days / 30): the τ of the price–yield equation. */
export function months30360(a: DateInput, b: DateInput): number {
  return days30360(a, b) / 30;
}

/** Years from `a` to `b` on 30/360 (days / 360): the WAL clock of the offering documents. */
export function years30360(a: DateInput, b: DateInput): number {
  return days30360(a, b) / 360;
}

/** True when `a` is strictly before `b`. */
export function isBefore(a: DateInput, b: DateInput): boolean {
  return actualDays(a, b) > 0;
}
