import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';
import { workbookToXlsx, type ExportHeader } from '../../components/cashflow-export/export-cashflows.ts';
import { dealWorkbookSheets } from './deal-workbook.ts';
import { summaryRows } from './tranche-summary-rows.ts';

const header: ExportHeader = { userName: 'analyst', dealName: 'STACR 2026-DNA1', bondName: '', settlementDate: '02/17/2026', runDate: '11/22/2026', runTime: '0:01', scenarioName: '', scenarioVendor: '' };
const collateral = { Period: 1, PaymentDate: 20260325, Balance: 1000.004, Interest: 5, PassThru: 4, ScheduledPrincipal: 1, PrepaidPrincipal: 2, Defaults: 0, Losses: 0, Recoveries: 0, CumulativeLosses: 0, CumulativeDefaults: 0, InterestRate: 0.06, PassThruRate: 0.05, CprRate: 0.1, CdrRate: 0.01, LossSeverityRate: 0.25, DelinquencyRate: 0, ForeclosureBalance: 0 };
const bondRow = { Period: 1, PaymentDate: 20260325, Balance: 90, Principal: 10, Interest: 0.5, Rate: 0.055, Cash: 10.5, ActualWriteDown: 0, CprRate: 0.1, CdrRate: 0.01, LossSeverityRate: 0.25, DelinquencyRate: 0 };
const result = {
  ProjectedLosses: 0, CollateralCashflow: [collateral],
  BondsCashflows: [
    { BondName: 'M-1', BondCashflow: [bondRow], Wal: 0.08, PrincipalWindow: '1-1', WritedownPct: 0, FirstLossPeriod: 0 },
    { BondName: 'M-2R', BondCashflow: [bondRow], Wal: 0.08, PrincipalWindow: '1-1', WritedownPct: 0, FirstLossPeriod: 0 },
  ],
  MiscVariables: { Triggers: [] },
} as unknown as SimulationResult;

describe('deal workbook', () => {
  it('has Inputs, Summary, Collateral and one sheet per class shown, numbers as formatted numbers', async () => {
    const summary = summaryRows(result.BondsCashflows, ['M-1']);
    const buffer = await workbookToXlsx(header, dealWorkbookSheets(result, summary, false), [{ name: 'Inputs', lines: [['CPR (%)', '10'], ['CDR (%)', '1']] }]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Inputs', 'Summary', 'Vectors', 'Collateral', 'M-1']);
    const inputs = book.getWorksheet('Inputs')!;
    expect(inputs.getRow(1).values).toEqual([undefined, 'User', 'analyst']);
    // Header block dates are date cells (given as MM/DD/YYYY here), formatted as every export date.
    expect(inputs.getRow(4).getCell(2).value).toEqual(new Date(Date.UTC(2026, 1, 17)));
    expect(inputs.getRow(4).getCell(2).numFmt).toBe('mm/dd/yyyy');
    expect(inputs.getRow(10).values).toEqual([undefined, 'CPR (%)', '10']);
    const sheet = book.getWorksheet('Summary')!;
    expect(sheet.getRow(10).getCell(1).value).toBe('Class');
    const m1 = sheet.getRow(11);
    expect(m1.getCell(1).value).toBe('M-1');
    expect(m1.getCell(2).value).toBe(100);
    expect(m1.getCell(2).numFmt).toBe('#,##0.00');
    expect(m1.getCell(3).value).toBe(5.5);
    const coll = book.getWorksheet('Collateral')!.getRow(11);
    // Dollars to the cent, dates as dates, rates in percent like the screen.
    expect(coll.getCell(3).value).toBe(1000);
    expect(coll.getCell(2).value).toEqual(new Date(Date.UTC(2026, 2, 25)));
    expect(coll.getCell(2).numFmt).toBe('mm/dd/yyyy');
    // Rates: percent to 4 places with their format; the header block's column keeps its own format.
    expect(coll.getCell(16).value).toBe(10);
    expect(coll.getCell(16).numFmt).toBe('0.0000');
    expect(book.getWorksheet('Collateral')!.getRow(4).getCell(2).numFmt).toBe('mm/dd/yyyy');
    expect(book.getWorksheet('Collateral')!.getRow(1).getCell(3).numFmt).toBeUndefined();
    expect(book.getWorksheet('M-1')!.getRow(11).getCell(3).value).toBe(90);
  });

  it('leaves the loss columns out for agency deals', () => {
    const [summary] = dealWorkbookSheets(result, summaryRows(result.BondsCashflows, ['M-1']), true);
    expect(summary!.columns.map((c) => c.header)).not.toContain('Loss');
  });
});
