import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportFileName, exportValues, tabsToXlsx, tabToCsv, type ExportHeader, type ExportTab } from './export-cashflows.ts';

const header: ExportHeader = {
  userName: 'analyst', dealName: 'STACR 2026-DNA1', bondName: 'M-1', settlementDate: '02/17/2026',
  runDate: '11/22/2026', runTime: '0:01', scenarioName: 'Base, case', scenarioVendor: '',
};
const tab: ExportTab<{ p: number; b: number | null }> = {
  name: 'M-1', rows: [{ p: 0, b: null }, { p: 1, b: 1234.5 }],
  columns: [{ header: 'Period', value: (r) => r.p }, { header: 'Balance', value: (r) => r.b }],
};

describe('cashflow export', () => {
  it('writes the header block, a blank line, then the table as CSV', () => {
    const lines = tabToCsv(header, tab).split('\r\n');
    expect(lines.slice(0, 8)).toEqual([
      'User,analyst', 'Deal,STACR 2026-DNA1', 'Bond,M-1', 'Settlement Date,2026-02-17', 'Run Date,2026-11-22',
      'Run Time,0:01', 'Scenario Name,"Base, case"', 'Scenario Vendor,',
    ]);
    expect(lines.slice(8, 12)).toEqual(['', 'Period,Balance', '0,', '1,1234.5']);
  });

  it('leaves premium, interest and rate blank in period 0 only', () => {
    const flows: ExportTab<{ p: number; i: number; r: number; b: number }> = {
      name: 'x', rows: [{ p: 0, i: 5, r: 0.04, b: 100 }, { p: 1, i: 5, r: 0.04, b: 90 }],
      columns: [{ header: 'Period', value: (x) => x.p }, { header: 'Interest', value: (x) => x.i }, { header: 'Rate', value: (x) => x.r }, { header: 'Insurance Premium', value: (x) => x.i }, { header: 'Balance', value: (x) => x.b }],
    };
    expect(exportValues(flows, flows.rows[0]!)).toEqual([0, null, null, null, 100]);
    expect(exportValues(flows, flows.rows[1]!)).toEqual([1, 5, 0.04, 5, 90]);
    expect(tabToCsv(header, flows).split('\r\n')[10]).toBe('0,,,,100');
  });

  it('names files from deal, bond and scenario', () => {
    expect(exportFileName(header, 'csv')).toBe('STACR_2026-DNA1_M-1_Base_case.csv');
  });

  it('writes one sheet per tab to XLSX that reads back', async () => {
    const buffer = await tabsToXlsx(header, [tab, { ...tab, name: 'A name that is far too long for a sheet tab' }]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['M-1', 'A name that is far too long fo']);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'User', 'analyst']);
    expect(sheet?.getRow(10).values).toEqual([undefined, 'Period', 'Balance']);
    expect(sheet?.getRow(12).values).toEqual([undefined, 1, 1234.5]);
  });

  // Issue 18 #10: exports mixed MM/DD/YYYY, ISO and YYYYMMDD dates and carried float noise.
  const mixed: ExportTab<{ d: string | number; r: number; m: number }> = {
    name: 'Mixed',
    rows: [{ d: 20261125, r: 0.07 * 100, m: 0.1 + 0.2 }, { d: '2026-12-25', r: 10.00000000000002, m: 12604796.059999999 }, { d: '01/25/2027', r: -1e-9, m: -0.001 }],
    columns: [{ header: 'Payment Date', value: (x) => x.d, kind: 'date' }, { header: 'CPR (%)', value: (x) => x.r, kind: 'percent' }, { header: 'Cash', value: (x) => x.m, kind: 'money' }],
  };

  it('writes every date of a CSV as YYYY-MM-DD and no number with more places than its kind', () => {
    const lines = tabToCsv(header, mixed).split('\r\n');
    expect(lines.slice(10, 13)).toEqual(['2026-11-25,7,0.3', '2026-12-25,10,12604796.06', '2027-01-25,0,0']);
    expect(lines.slice(3, 5)).toEqual(['Settlement Date,2026-02-17', 'Run Date,2026-11-22']);
  });

  it('writes dates as date cells (mm/dd/yyyy) and numbers rounded with their formats to XLSX, header block included', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await tabsToXlsx<unknown>(header, [mixed, tab] as ExportTab<unknown>[]));
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(4).getCell(2).value).toEqual(new Date(Date.UTC(2026, 1, 17)));
    expect(sheet.getRow(5).getCell(2).value).toEqual(new Date(Date.UTC(2026, 10, 22)));
    expect([sheet.getRow(4).getCell(2).numFmt, sheet.getRow(5).getCell(2).numFmt]).toEqual(['mm/dd/yyyy', 'mm/dd/yyyy']);
    expect(sheet.getRow(11).values).toEqual([undefined, new Date(Date.UTC(2026, 10, 25)), 7, 0.3]);
    expect(sheet.getRow(12).values).toEqual([undefined, new Date(Date.UTC(2026, 11, 25)), 10, 12604796.06]);
    expect(sheet.getRow(13).values).toEqual([undefined, new Date(Date.UTC(2027, 0, 25)), 0, 0]);
    expect([1, 2, 3].map((c) => sheet.getRow(12).getCell(c).numFmt)).toEqual(['mm/dd/yyyy', '0.0000', '#,##0.00']);
    // The header block's text keeps General: a column format is not spread over it.
    expect(sheet.getRow(1).getCell(3).numFmt).toBeUndefined();
  });
});
