import { describe, expect, it } from 'vitest';
import {
  csvField, csvLine, EXPORT_DATE_PATTERN, EXPORT_DECIMALS, EXPORT_NUMBER_FORMATS, exportCell, exportClock, exportDate, exportFileStamp,
  exportFileStampUtc, exportNumber, exportToday, plainNumber, type NumericExportKind,
} from './export-format.ts';

describe('export dates: one form (YYYY-MM-DD) whatever the app holds', () => {
  it('reads YYYYMMDD numbers and text, ISO days and timestamps, MM/DD/YYYY and UTC dates', () => {
    for (const v of [20260225, '20260225', '2026-02-25', '2026-02-25T00:00:00.000Z', '2026-02-25T13:45:00+02:00', '02/25/2026', '2/25/2026', new Date(Date.UTC(2026, 1, 25))]) {
      expect(exportDate(v), String(v)).toBe('2026-02-25');
    }
    expect(exportDate(20261231)).toBe('2026-12-31');
    expect(exportDate(20240229)).toBe('2024-02-29');
  });

  it('gives no date for blanks, dashes, 0 and 01/01/0000 (stored 101) and for days that do not exist', () => {
    for (const v of [null, undefined, '', '-----', 0, 101, '00000101', 20261345, 20250229, '02/30/2026', '2026-13-01', 'soon', 2026.5, new Date(Number.NaN), true]) {
      expect(exportDate(v), String(v)).toBeNull();
    }
  });

  it('writes a date cell as YYYY-MM-DD, keeps other text visible and blanks the dash placeholder', () => {
    expect(exportCell('11/26/2026', 'date')).toBe('2026-11-26');
    expect(exportCell(20261126, 'date')).toBe('2026-11-26');
    expect(exportCell('-----', 'date')).toBeNull();
    expect(exportCell('Pending', 'date')).toBe('Pending');
    expect(exportCell(101, 'date')).toBeNull();
    // Workbook dates read as the screens show them (spec 000 §9, issue 23 #7).
    expect(EXPORT_NUMBER_FORMATS.date).toBe('mm/dd/yyyy');
    expect(exportDate(20260225)).toMatch(EXPORT_DATE_PATTERN);
  });

  it('dates and times of a moment: local day and clock, file stamps', () => {
    const at = new Date(2026, 10, 26, 6, 5, 9);
    expect(exportToday(at)).toBe('2026-11-26');
    expect(exportClock(at)).toBe('06:05:09');
    expect(exportFileStamp(at)).toBe('2026-11-26_0605');
    expect(exportFileStampUtc(new Date(Date.UTC(2026, 0, 2, 23, 4, 5)))).toBe('2026-01-02_230405');
  });
});

describe('export numbers: rounded to the kind, no binary noise', () => {
  it('removes the noise of percent conversions and sums', () => {
    expect(0.07 * 100).not.toBe(7); // the noise this guards against: 7.000000000000001
    expect(exportNumber(0.07 * 100, 'percent')).toBe(7);
    expect(exportNumber(0.57 * 100, 'percent')).toBe(57);
    expect(exportNumber(10.00000000000002, 'percent')).toBe(10);
    expect(exportNumber(0.1 + 0.2, 'money')).toBe(0.3);
    expect(exportNumber(12604796.059999999, 'money')).toBe(12604796.06);
    expect(exportNumber(1.1 / 100, 'fraction')).toBe(0.011);
    expect(exportNumber(6.79336219664, 'percent')).toBe(6.7934);
    expect(exportNumber(99.123456789, 'price')).toBe(99.12346);
    expect(exportNumber(4.7449, 'years')).toBe(4.74);
    expect(exportNumber(41.6, 'integer')).toBe(42);
  });

  it('never writes -0, NaN or infinities', () => {
    expect(Object.is(exportNumber(-0.001, 'money'), 0)).toBe(true);
    expect(Object.is(exportNumber(-0, 'percent'), 0)).toBe(true);
    expect(exportNumber(Number.NaN, 'money')).toBeNull();
    expect(exportNumber(Number.POSITIVE_INFINITY, 'money')).toBeNull();
    expect(exportNumber('12', 'money')).toBeNull();
  });

  it('no kind writes more places than it states, and CSV text never uses an exponent', () => {
    const noisy = [10.00000000000002, 0.1 * 3, 1 / 3, 2 / 3 * 1e6, 1e-7, 5e-9, -1 / 7, 123456789.987654];
    for (const kind of Object.keys(EXPORT_DECIMALS) as NumericExportKind[]) {
      for (const v of noisy) {
        const text = plainNumber(v, kind);
        expect(text, `${kind} ${v}`).toMatch(/^-?\d+(\.\d+)?$/);
        expect((text.split('.')[1] ?? '').length, `${kind} ${v}`).toBeLessThanOrEqual(EXPORT_DECIMALS[kind]);
        expect(Number(text)).toBeCloseTo(v, EXPORT_DECIMALS[kind] - 1);
      }
    }
    expect(plainNumber(1e-7, 'number')).toBe('0.0000001');
    expect(plainNumber(1234.5, 'money')).toBe('1234.5');
    expect(plainNumber(2_000_000, 'money')).toBe('2000000');
  });

  it('a cell of a numeric column reads formatted numeric text as its number; booleans are text', () => {
    expect(exportCell('1,234.567', 'money')).toBe(1234.57);
    expect(exportCell('n/a', 'money')).toBe('n/a');
    expect(exportCell(true)).toBe('true');
    expect(exportCell(0.30000000000000004)).toBe(0.3);
  });
});

describe('CSV lines', () => {
  it('quotes text with commas, quotes or line breaks and writes each value under its kind', () => {
    expect(csvField('Base, case')).toBe('"Base, case"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvLine(['M-1', 20260225, 0.07 * 100, 12604796.059999999, null, 'x\ny'], ['text', 'date', 'percent', 'money', 'money', 'text']))
      .toBe('M-1,2026-02-25,7,12604796.06,,"x\ny"');
  });
});
