/**
 * Number and date formats of the catalog (spec 000 §9): dollars with 2 decimals, default
 * rounding 5 places, percent with 2 or 4 decimals, '>1000%' for values that print with an
 * exponent, '-----' for missing values; dates MM/DD/YYYY, the factor date MM/YYYY.
 */
export const MISSING = '-----';

const dollarFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Half-up rounding on the decimal text of x (so 3.525 → 3.53, not the binary 3.52). */
export function roundHalfUp(x: number, places: number): number {
  const shifted = Math.round(Number(`${x}e${places}`));
  return Number(`${shifted}e-${places}`);
}

const isMissing = (x: number | null | undefined): x is null | undefined => x === null || x === undefined || Number.isNaN(x);

/** 1234567.891 → '1,234,567.89'. */
export function formatDollars(x: number | null | undefined): string {
  return isMissing(x) ? MISSING : dollarFormat.format(roundHalfUp(x, 2));
}

/** Default rounding: 5 decimal places (deal factor 0.944203 → '0.94420'). */
export function formatDecimal(x: number | null | undefined, places = 5): string {
  return isMissing(x) ? MISSING : roundHalfUp(x, places).toFixed(places);
}

/** Percent with 2 (or 4) decimals; values that would print with an exponent show '>1000%'. */
export function formatPercent(x: number | null | undefined, places: 2 | 4 = 2): string {
  if (isMissing(x)) return MISSING;
  if (!Number.isFinite(x) || String(x).includes('e') || Math.abs(x) >= 1000) return '>1000%';
  return `${roundHalfUp(x, places).toFixed(places)}%`;
}

function parts(yyyymmdd: number): [string, string, string] | null {
  // 01/01/0000 (= 101) is the "no date" value: shown as dashes.
  if (!Number.isInteger(yyyymmdd) || yyyymmdd <= 101) return null;
  const s = String(yyyymmdd).padStart(8, '0');
  return [s.slice(0, 4), s.slice(4, 6), s.slice(6, 8)];
}

/** YYYYMMDD → 'MM/DD/YYYY'. */
export function formatDate(yyyymmdd: number | null | undefined): string {
  const p = isMissing(yyyymmdd) ? null : parts(yyyymmdd);
  return p ? `${p[1]}/${p[2]}/${p[0]}` : MISSING;
}

/** YYYYMMDD → 'MM/YYYY' (factor dates). */
export function formatMonth(yyyymmdd: number | null | undefined): string {
  const p = isMissing(yyyymmdd) ? null : parts(yyyymmdd);
  return p ? `${p[1]}/${p[0]}` : MISSING;
}
