/**
 * The one convention of every exported file (CSV and XLSX, built in the browser or answered by the
 * server), issue 18 #10: exports mixed MM/DD/YYYY, ISO and YYYYMMDD dates and carried binary noise
 * (10.00000000000002).
 *
 * - Dates: the spec fixes screen dates (MM/DD/YYYY) and API dates (YYYYMMDD). Workbooks are read
 *   like the screens, so their date cells are real Excel dates formatted 'mm/dd/yyyy' (spec 000 §9,
 *   issue 23 #7); CSV, read by programs, carries ISO 8601 'YYYY-MM-DD' text (sortable, unambiguous).
 * - Numbers: every column has a kind, and a number is rounded to its kind's decimals before it is
 *   written (money to the cent, percent to 4 places as the screens show it, …); workbook cells stay
 *   numbers and carry the kind's number format. CSV numbers are plain decimals (no exponent).
 *
 * Pure functions only (no ExcelJS): the server's CSV routes and the web app both use them.
 */

/** What a column holds, which decides how it is written. */
export type ExportKind =
  | 'text'
  /** A calendar day: YYYYMMDD number or text, 'YYYY-MM-DD[T…]', 'MM/DD/YYYY' or a Date (its UTC day). */
  | 'date'
  /** Counts and periods. */
  | 'integer'
  /** Dollars, to the cent. */
  | 'money'
  /** A rate in percent units (6.25 = 6.25 %), 4 places as on screen (spec 000 §9: percent 2 or 4 decimals). */
  | 'percent'
  /** A rate as a fraction (0.0625 = 6.25 %), 6 places: the same 4 places of percent; shown as % in workbooks. */
  | 'fraction'
  /** A price per 100 of face, 5 places (spec 001: price shown with 5 decimals). */
  | 'price'
  /** Years (WAL), 2 places as the screens and the PPM tables show them. */
  | 'years'
  /** Basis points, whole. */
  | 'basisPoints'
  /** Any other number (inputs as entered, unknown columns): 8 places, the editors' precision (spec 001: numbers sent with 8 decimals). */
  | 'number';

export type NumericExportKind = Exclude<ExportKind, 'text' | 'date'>;

/** Decimals each numeric kind is rounded to before it is written. */
export const EXPORT_DECIMALS: Readonly<Record<NumericExportKind, number>> = {
  integer: 0, money: 2, percent: 4, fraction: 6, price: 5, years: 2, basisPoints: 0, number: 8,
};

/** Excel number format of each kind in workbooks (undefined: General). */
export const EXPORT_NUMBER_FORMATS: Readonly<Record<ExportKind, string | undefined>> = {
  text: undefined, date: 'mm/dd/yyyy', integer: '0', money: '#,##0.00', percent: '0.0000', fraction: '0.0000%',
  price: '0.00000', years: '0.00', basisPoints: '0', number: undefined,
};

/** The export date format, for messages and tests. */
export const EXPORT_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Year, month (1–12) and day of a valid calendar day, or null. Years before 1000 (0000-01-01 stands for 'no date') are no date. */
function calendarDay(y: number, m: number, d: number): [number, number, number] | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= last ? [y, m, d] : null;
}

/** The calendar day a value stands for, or null when it is none. */
export function exportDateParts(value: unknown): [number, number, number] | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : calendarDay(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? calendarDay(Math.floor(value / 10_000), Math.floor(value / 100) % 100, value % 100) : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(text) ?? /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (m) return calendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return m ? calendarDay(Number(m[3]), Number(m[1]), Number(m[2])) : null;
}

/** A date as export text 'YYYY-MM-DD', or null when the value is no date (blank, '-----', 0, 01/01/0000). */
export function exportDate(value: unknown): string | null {
  const p = exportDateParts(value);
  return p ? `${p[0]}-${pad2(p[1])}-${pad2(p[2])}` : null;
}

/** The local calendar day of a moment (a run's date, as the user's clock reads it) as 'YYYY-MM-DD'. */
export function exportToday(at: Date): string {
  return `${at.getFullYear()}-${pad2(at.getMonth() + 1)}-${pad2(at.getDate())}`;
}

/** The local clock time of a moment as 'HH:MM:SS' (24 hours). */
export function exportClock(at: Date): string {
  return `${pad2(at.getHours())}:${pad2(at.getMinutes())}:${pad2(at.getSeconds())}`;
}

/** 'YYYY-MM-DD_HHMMSS' of a moment in UTC: the date-and-time part of file names (server files). */
export function exportFileStampUtc(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10)}_${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** 'YYYY-MM-DD_HHMM' of a moment on the user's clock: the date-and-time part of file names (browser files). */
export function exportFileStamp(at: Date): string {
  return `${exportToday(at)}_${pad2(at.getHours())}${pad2(at.getMinutes())}`;
}

/** A number rounded to its kind's decimals (no -0), or null when it is not a finite number. */
export function exportNumber(value: unknown, kind: NumericExportKind = 'number'): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const rounded = Number(value.toFixed(EXPORT_DECIMALS[kind]));
  return rounded === 0 ? 0 : rounded;
}

const isNumericKind = (kind: ExportKind): kind is NumericExportKind => kind !== 'text' && kind !== 'date';

/**
 * A cell as the file holds it, for its column's kind: dates as 'YYYY-MM-DD' (text that is no
 * date stays as it is, blanks and '-----' become empty), numbers rounded, booleans as 'true' /
 * 'false'. A number in a text column is rounded as 'number'.
 */
export function exportCell(value: unknown, kind: ExportKind = 'text'): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return String(value);
  if (kind === 'date') {
    const iso = exportDate(value);
    if (iso) return iso;
    if (typeof value === 'string') return value.trim() === '' || /^-+$/.test(value.trim()) ? null : value;
    return null;
  }
  if (typeof value === 'number') return exportNumber(value, isNumericKind(kind) ? kind : 'number');
  if (value instanceof Date) return exportDate(value);
  if (typeof value === 'string' && isNumericKind(kind)) {
    // Numeric text (a cell the screen formatted) is written as the number it reads.
    const text = value.trim().replaceAll(',', '');
    if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return exportNumber(Number(text), kind);
  }
  return String(value);
}

/** A number as plain decimal text (never '1e-7'), with no more places than its kind allows. */
export function plainNumber(value: number, kind: NumericExportKind = 'number'): string {
  const rounded = exportNumber(value, kind);
  if (rounded === null) return '';
  const fixed = rounded.toFixed(EXPORT_DECIMALS[kind]);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/** One CSV field (RFC 4180 quoting) of a cell already passed through exportCell. */
export function csvField(value: string | number | null | undefined, kind: ExportKind = 'number'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return plainNumber(value, isNumericKind(kind) ? kind : 'number');
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A CSV line of raw values under their kinds (each passed through exportCell, then csvField). */
export function csvLine(values: readonly unknown[], kinds: readonly ExportKind[] = []): string {
  return values.map((v, i) => { const kind = kinds[i] ?? 'text'; return csvField(exportCell(v, kind), kind); }).join(',');
}
