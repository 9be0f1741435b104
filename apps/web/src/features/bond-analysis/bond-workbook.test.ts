import ExcelJS from 'exceljs';
import type { BondRunResponse } from '@opencrt/contracts';
import { describe, expect, it } from 'vitest';
import { workbookToXlsx, type ExportHeader } from '../../components/cashflow-export/export-cashflows.ts';
import { bondSummaryLines, bondWorkbookTabs } from './bond-workbook.ts';

const header: ExportHeader = { userName: 'analyst', dealName: 'STACR 2026-DNA1', bondName: 'M-1', settlementDate: '02/17/2026', runDate: '11/22/2026', runTime: '0:01', scenarioName: '', scenarioVendor: '' };
const row = (period: number) => ({ Period: period, PaymentDate: 20260325, Balance: 90, Principal: 10, Interest: 0.5, Rate: 0.055, Cash: 10.5, ActualWriteDown: 0, CprRate: 0.1, CdrRate: 0.01, LossSeverityRate: 0.25, DelinquencyRate: 0 });
const run = {
  Value: 0.0504316, IsSuccessful: true, ErrorMessage: null, CleanPrice: 99.5, DirtyPrice: 99.6, AccruedInterest: 0.1, AccrualDays: 10, AccrualDayCount: 'act/360',
  DiscountMargin: { Margin: 0.01, Value: 0.0131812, IsSuccessful: true, ErrorMessage: null },
  Simulation: { BondsCashflows: [{ BondName: 'M-1', BondCashflow: [row(1), row(2)], Wal: 4.2, PrincipalWindow: '1-60', WritedownPct: 0, FirstLossPeriod: 0 }], MiscVariables: {} },
} as BondRunResponse;

describe('bond workbook (issue 25 #9)', () => {
  it('holds the result as shown (price, yield %, DM bp), the vectors with the index, and the class in each header', async () => {
    const lines = bondSummaryLines(run, 'yield', { Price: 99.5 });
    expect(lines.lines.slice(0, 4)).toEqual([['Class', 'M-1'], ['Price (% of face)', 99.5, 'price'], ['Yield (%)', 5.04316, 'percent'], ['DM (bp)', 131.81, 'number']]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await workbookToXlsx({ ...header, bondName: '' }, bondWorkbookTabs(run, { IndexCurve: [0.03, 0.031] }, false), [lines]));
    expect(book.worksheets.map((w) => w.name)).toEqual(['Summary', 'Vectors', 'M-1']);
    expect(book.getWorksheet('M-1')!.getRow(3).getCell(2).value).toBe('M-1');
    expect(book.getWorksheet('Vectors')!.getRow(12).getCell(7).value).toBe(3.1);
    expect(book.getWorksheet('Summary')!.getRow(12).getCell(2).value).toBe(5.0432);
  });
});
