/**
 * Checks a downloaded export against the one convention of every export (issue 18 #10,
 * @opencrt/contracts export-format): dates as YYYY-MM-DD CSV text and XLSX date cells formatted
 * mm/dd/yyyy as the screens show them (issue 23 #7), no dates left as text, and no number with more places than its
 * column allows. Returns what it checked, so a test can also assert it saw dates and numbers.
 */
import type ExcelJS from 'exceljs';
import { expect } from 'vitest';

const OLD_DATE_TEXT = /^(\d{1,2}\/\d{1,2}\/\d{4}|\d{8})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Places a number may carry under a number format: its decimals; percent formats hold 6-place fractions; General 8. */
function allowedPlaces(numFmt: string | undefined): number {
  if (!numFmt || numFmt === 'General') return 8;
  if (numFmt.includes('%')) return 6;
  return (/\.(0+)/.exec(numFmt)?.[1] ?? '').length;
}

const placesOf = (n: number): number => {
  const text = String(n);
  if (/e/i.test(text)) return Number.POSITIVE_INFINITY;
  return (text.split('.')[1] ?? '').length;
};

export interface Checked { dates: number; numbers: number }

/** Every cell of every sheet of a workbook. */
export function expectWorkbookConvention(book: ExcelJS.Workbook): Checked {
  const seen: Checked = { dates: 0, numbers: 0 };
  for (const sheet of book.worksheets) {
    sheet.eachRow((row, r) => row.eachCell((cell, c) => {
      const where = `${sheet.name}!R${r}C${c}`;
      const v = cell.value;
      if (v instanceof Date) {
        seen.dates += 1;
        expect(cell.numFmt, `${where} date format`).toMatch(/^mm\/dd\/yyyy( hh:mm:ss)?$/);
      } else if (typeof v === 'number') {
        seen.numbers += 1;
        expect(cell.numFmt ?? '', `${where} number under a date format`).not.toMatch(/yy/);
        expect(placesOf(v), `${where} = ${v} (format ${cell.numFmt ?? 'General'})`).toBeLessThanOrEqual(allowedPlaces(cell.numFmt));
      } else if (typeof v === 'string') {
        expect(v, `${where} date as text`).not.toMatch(OLD_DATE_TEXT);
      }
    }));
  }
  return seen;
}

/**
 * Every line of a CSV (simple: no quoted commas in the checked lines): columns whose header ends
 * in 'Date' hold YYYY-MM-DD; header-block date lines too; no cell is an old-form date; numbers
 * carry at most `places(header)` decimals and never an exponent.
 */
export function expectCsvConvention(lines: readonly string[], places: (header: string) => number): Checked {
  const seen: Checked = { dates: 0, numbers: 0 };
  const headerAt = lines.findIndex((l) => /^Period,|^Line,/.test(l));
  for (const line of lines.slice(0, Math.max(0, headerAt))) {
    const [label, value] = line.split(',');
    if (label && /date$/i.test(label) && value) { seen.dates += 1; expect(value, line).toMatch(ISO_DAY); }
  }
  const headers = (lines[headerAt] ?? '').split(',');
  for (const line of lines.slice(headerAt + 1).filter((l) => l !== '' && !l.includes('"'))) {
    line.split(',').forEach((cell, j) => {
      const header = headers[j] ?? '';
      if (cell === '') return;
      // (YYYYMMDD cannot be told from an 8-digit amount here: date columns must be ISO, below.)
      expect(cell, `${header} in ${line}`).not.toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
      if (/date$/i.test(header)) { seen.dates += 1; expect(cell, `${header} in ${line}`).toMatch(ISO_DAY); return; }
      if (/^-?[\d.]+(e[-+]?\d+)?$/i.test(cell)) {
        seen.numbers += 1;
        expect(cell, `${header} in ${line}`).toMatch(/^-?\d+(\.\d+)?$/);
        expect((cell.split('.')[1] ?? '').length, `${header} = ${cell}`).toBeLessThanOrEqual(places(header));
      }
    });
  }
  return seen;
}
