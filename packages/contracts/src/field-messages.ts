/**
 * One message style for refused input (issue 23 #4): the field named as the screen labels it, with
 * its unit, and the range ("Initial Limit ($) must be from 0 to 1,000,000,000,000"); a list row as
 * "Line N" (1-based); letters in a number field "must be a number". Server and screens share these.
 */
import { MAX_AMOUNT } from './common.ts';
import type { PortfolioType } from './portfolios.ts';

/** A bound as the screens write numbers: thousands separators, at most 6 decimals. */
export const formatBound = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 6 });
/** "{label} must be from {min} to {max}". */
export const mustBeFrom = (label: string, min: number, max: number): string => `${label} must be from ${formatBound(min)} to ${formatBound(max)}`;
/** "{label} must be a number" (letters typed in a number field). */
export const mustBeNumber = (label: string): string => `${label} must be a number`;
/** "Line {n}: {text}" (n is 1-based). */
export const atLine = (line: number, text: string): string => `Line ${line}: ${text}`;

/** A field of a stored portfolio entry, its label on the portfolio screen and its range (percent units). */
interface EntryField { key: 'OwnedFaceAmt' | 'Margin' | 'InterestRate' | 'Cpr' | 'Cdr' | 'LossSeverity' | 'Delinquency'; label: string; min: number; max: number }

/**
 * The portfolio screen's labels and ranges of an entry (spec 002 §5 spreadsheet headers): dollars
 * up to a trillion, collateral and rates in percent 0–100, a bond price 0–1,000 per 100 of face.
 */
export function portfolioEntryFields(type: PortfolioType): EntryField[] {
  const reinsurance = type === 'Reinsurance';
  return [
    { key: 'OwnedFaceAmt', label: reinsurance ? 'Initial Limit ($)' : 'Balance ($)', min: 0, max: MAX_AMOUNT },
    reinsurance ? { key: 'Margin', label: 'Collateral Hold (%)', min: 0, max: 100 } : { key: 'Margin', label: 'Price ($)', min: 0, max: 1000 },
    ...(reinsurance ? [{ key: 'InterestRate', label: 'Interest Rate (%)', min: 0, max: 100 } as const] : []),
    { key: 'Cpr', label: 'CPR (%)', min: 0, max: 100 },
    { key: 'Cdr', label: 'CDR (%)', min: 0, max: 100 },
    { key: 'LossSeverity', label: 'Sev (%)', min: 0, max: 100 },
    { key: 'Delinquency', label: 'Del (%)', min: 0, max: 100 },
  ];
}

type EntryValues = Partial<Record<EntryField['key'], number | readonly number[] | null | undefined>>;

/**
 * Range problems of one portfolio entry as "{label} must be from … to …" (or "must be a number"
 * for NaN), in the screen's units: each field named once, however many periods of a vector fail.
 */
export function portfolioEntryProblems(type: PortfolioType, entry: EntryValues): string[] {
  const out: string[] = [];
  for (const f of portfolioEntryFields(type)) {
    const raw = entry[f.key];
    if (raw === null || raw === undefined) continue;
    const values = typeof raw === 'number' ? [raw] : raw;
    if (values.some((x) => Number.isNaN(x))) out.push(mustBeNumber(f.label));
    else if (values.some((x) => !(x >= f.min && x <= f.max))) out.push(mustBeFrom(f.label, f.min, f.max));
  }
  return out;
}
