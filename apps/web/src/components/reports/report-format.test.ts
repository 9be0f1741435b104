import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnTotals, displayColumns, formatCell } from './report-format.ts';
import { reportFileName, reportWorkbook, sheetName } from './report-export.ts';

describe('report column formats', () => {
  it('shows each DataType as the spec lists them', () => {
    expect(formatCell(1234567.891, 'Number2')).toBe('1,234,567.89');
    expect(formatCell(0.5, 'Number4')).toBe('0.5000');
    expect(formatCell(41.6, 'Integer')).toBe('42');
    expect(formatCell(0.052512345, 'Percent4')).toBe('5.2512%');
    expect(formatCell('2024-03-01', 'DateShort')).toBe('03/01/2024');
    expect(formatCell('2024-03-01T13:05:09.000Z', 'DateTime')).toBe('03/01/2024 13:05:09');
    expect(formatCell(null, 'Number2')).toBe('');
    expect(formatCell('n/a', 'Number2')).toBe('n/a');
    expect(formatCell(1234.5, 'Auto')).toBe('1,234.5');
  });

  it('orders columns by the formats, then adds unformatted result columns; totals only marked ones', () => {
    const cols = displayColumns([
      { Order: 1, DbName: 'bal', Name: 'Balance', Total: true, DataType: 'Number2' },
      { Order: 0, DbName: 'deal', Name: 'Deal', Total: false, DataType: 'StringLeft' },
      { Order: 2, DbName: 'gone', Name: 'Gone', Total: false, DataType: 'Auto' },
    ], ['deal', 'bal', 'extra']);
    expect(cols.map((c) => [c.key, c.label, c.dataType])).toEqual([['deal', 'Deal', 'StringLeft'], ['bal', 'Balance', 'Number2'], ['extra', 'extra', 'Auto']]);
    expect(columnTotals(cols, [{ deal: 'A', bal: 10.5, extra: 1 }, { deal: 'B', bal: 2, extra: 1 }, { deal: 'C', bal: null, extra: 1 }]))
      .toEqual(new Map([['bal', 12.5]]));
  });

  it('exports numbers and dates with their Excel formats, and a totals row', async () => {
    const cols = displayColumns([
      { Order: 0, DbName: 'month', Name: 'Month', Total: false, DataType: 'DateShort' },
      { Order: 1, DbName: 'bal', Name: 'Balance', Total: true, DataType: 'Number2' },
      { Order: 2, DbName: 'pct', Name: 'Pct', Total: false, DataType: 'Percent4' },
    ], ['month', 'bal', 'pct']);
    const buffer = await reportWorkbook('A very long report name that is cut', cols, [{ month: '2024-01-31', bal: 1000.5, pct: 0.0525 }, { month: '2024-02-29', bal: 2, pct: 0.01 }]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe(sheetName('A very long report name that is cut'));
    expect(sheet.name.length).toBeLessThanOrEqual(30);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Month', 'Balance', 'Pct']);
    expect(sheet.getCell('B2').value).toBe(1000.5);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('C2').numFmt).toBe('0.0000%');
    expect(sheet.getCell('A2').value).toEqual(new Date(Date.UTC(2024, 0, 31)));
    expect(sheet.getCell('A2').numFmt).toBe('mm/dd/yyyy');
    expect(sheet.getCell('A4').value).toBe('Total');
    expect(sheet.getCell('B4').value).toBe(1002.5);
  });

  it('exports numbers rounded to their column format (no binary noise) and dates in the export convention', async () => {
    const cols = displayColumns([
      { Order: 0, DbName: 'at', Name: 'At', Total: false, DataType: 'DateTime' },
      { Order: 1, DbName: 'bal', Name: 'Balance', Total: true, DataType: 'Number2' },
      { Order: 2, DbName: 'pct', Name: 'Pct', Total: false, DataType: 'Percent4' },
      { Order: 3, DbName: 'n4', Name: 'N4', Total: false, DataType: 'Number4' },
      { Order: 4, DbName: 'cnt', Name: 'Count', Total: false, DataType: 'Integer' },
    ], ['at', 'bal', 'pct', 'n4', 'cnt', 'raw']);
    const rows = [
      { at: '2024-03-01T13:05:09.000Z', bal: 0.1 + 0.2, pct: 0.0525000000000001, n4: 1 / 3, cnt: '41.6', raw: 10.00000000000002 },
      { at: null, bal: 12604796.059999999, pct: -0.0000001, n4: 2, cnt: 1, raw: 'x' },
    ];
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await reportWorkbook('Noise', cols, rows));
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).values).toEqual([undefined, new Date('2024-03-01T13:05:09.000Z'), 0.3, 0.0525, 0.3333, 42, 10]);
    expect(sheet.getCell('A2').numFmt).toBe('mm/dd/yyyy hh:mm:ss');
    expect(sheet.getCell('C3').value).toBe(0);
    expect(sheet.getCell('B4').value).toBe(12604796.36); // the totals row is rounded too (0.30000000000000004 + 12604796.059999999)
  });

  it('names the file with the run date and time as YYYY-MM-DD_HHMM', () => {
    expect(reportFileName('Deal Historical STACR 2026-DNA1', new Date(2026, 10, 26, 9, 7))).toBe('Deal_Historical_STACR_2026-DNA1_2026-11-26_0907.xlsx');
  });
});
