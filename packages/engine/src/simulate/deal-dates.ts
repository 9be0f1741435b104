/** Calendar helpers on ISO `YYYY-MM-DD` strings (UTC, no clock reads). */
import type { DealSpec } from '../deal/deal-spec.ts';

/**
 * Year, month and day of an ISO date. These helpers run per period and per bond, so the usual
 * `YYYY-MM-DD` shape is read digit by digit instead of through split/map allocations.
 */
function parts(iso: string): [number, number, number] {
  if (isIsoShape(iso)) return [digits(iso, 0, 4), digits(iso, 5, 7), digits(iso, 8, 10)];
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function isIsoShape(iso: string): boolean {
  return iso.length === 10 && iso.charCodeAt(4) === 45 && iso.charCodeAt(7) === 45;
}

/** The decimal number written in iso[start, end); NaN when a character there is not a digit. */
function digits(iso: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const digit = iso.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    n = n * 10 + digit;
  }
  return n;
}

/** ISO date `months` after `iso`, on `day` of that month. */
export function addMonthsOnDay(iso: string, months: number, day: number): string {
  const [y, m] = parts(iso);
  const total = y * 12 + (m - 1) + months;
  const yy = Math.floor(total / 12);
  const mm = (total % 12) + 1;
  return `${String(yy).padStart(4, '0')}-${String(mm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Runs turn the same few hundred payment dates from numbers to ISO strings and into day counts
 * thousands of times (a 50×50 matrix spent a third of its time there, issue 27). Both are pure
 * functions of the date, so their answers are kept, up to a bound (past it the memo starts over).
 */
const MEMO_LIMIT = 20_000;
const isoOfYmd = new Map<number | string, string | null>();
const dayOfIso = new Map<string, number>();

function memoised<K, V>(memo: Map<K, V>, key: K, compute: (key: K) => V): V {
  const known = memo.get(key);
  // (A null answer, a malformed date, is computed again: rare, and cheap to redo.)
  if (known !== undefined && known !== null) return known;
  const value = compute(key);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/** Days since 1970-01-01 of an ISO date (NaN when malformed; an overflowing day rolls over as Date.UTC does). */
function dayNumber(iso: string): number {
  return memoised(dayOfIso, iso, (date) => {
    const [y, m, d] = parts(date);
    return Date.UTC(y, m - 1, d) / 86_400_000;
  });
}

/** Actual days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return Math.round(dayNumber(b) - dayNumber(a));
}

/** 30/360 (US) days from `a` to `b`. */
export function days30360(a: string, b: string): number {
  const [ya, ma, da0] = parts(a);
  const [yb, mb, db0] = parts(b);
  const da = Math.min(da0, 30);
  const db = db0 === 31 && da === 30 ? 30 : db0;
  return 360 * (yb - ya) + 30 * (mb - ma) + (db - da);
}

/** ISO date → yyyymmdd number (API dates). */
export function isoToYmd(iso: string): number {
  if (isIsoShape(iso)) return digits(iso, 0, 4) * 10_000 + digits(iso, 5, 7) * 100 + digits(iso, 8, 10);
  return Number(iso.replaceAll('-', ''));
}

/** yyyymmdd number or string → ISO date; null when malformed. */
export function ymdToIso(ymd: number | string): string | null {
  return memoised(isoOfYmd, ymd, isoOf);
}

function isoOf(ymd: number | string): string | null {
  const s = String(ymd);
  if (!/^\d{8}$/.test(s)) return null;
  const iso = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
  const [y, m, d] = parts(iso);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d ? iso : null;
}

/**
 * Start of the first accrual period (ISO). Reference-tranche notes accrue from the closing
 * date. Cash-flow classes (RMBS, ABS, agency) accrue payment date to payment date and pay a
 * full month of fixed interest on the first payment date, so their first period starts one
 * month before it — which also makes a buyer at closing pay the interest accrued since then.
 */
export function firstAccrualStart(spec: Pick<DealSpec, 'dates' | 'waterfall'>): string {
  if (spec.waterfall.kind !== 'cash-flow') return spec.dates.closingDate;
  return addMonthsOnDay(spec.dates.firstPaymentDate, -1, spec.dates.paymentDayOfMonth);
}
