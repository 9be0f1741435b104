/** Issue 25 #9: the workbook is the screen (figures, vectors, class names, units) and #8 its Compare sheet. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';
import { workbookToXlsx, type ExportHeader } from '../../components/cashflow-export/export-cashflows.ts';
import { addPin } from './compare-runs.ts';
import { dealWorkbookSheets } from './deal-workbook.ts';
import { summaryRows } from './tranche-summary-rows.ts';

const header: ExportHeader = { userName: 'analyst', dealName: 'STACR 2026-DNA1', bondName: '', settlementDate: '02/17/2026', runDate: '11/22/2026', runTime: '0:01', scenarioName: '', scenarioVendor: '' };
const collateral = (period: number) => ({ Period: period, PaymentDate: 20260325, Balance: 1000, Interest: 5, PassThru: 4, ScheduledPrincipal: 1, PrepaidPrincipal: 2, Defaults: 0, Losses: 0, Recoveries: 0, CumulativeLosses: 0, CumulativeDefaults: 0, InterestRate: 0.06, PassThruRate: 0.05, CprRate: 0.1, CdrRate: 0.01, LossSeverityRate: 0.25, DelinquencyRate: 0.02, ForeclosureBalance: 0 });
const bondRow = { Period: 1, PaymentDate: 20260325, Balance: 90, Principal: 10, Interest: 0.5, Rate: 0.055, Cash: 10.5, ActualWriteDown: 0, CprRate: 0.1, CdrRate: 0.01, LossSeverityRate: 0.25, DelinquencyRate: 0 };
const result = {
  ProjectedLosses: 0, CollateralCashflow: [collateral(1), collateral(2), collateral(3)],
  BondsCashflows: [{ BondName: 'M-1', BondCashflow: [bondRow], Wal: 0.08, PrincipalWindow: '1-1', WritedownPct: 0, FirstLossPeriod: 0 }],
  MiscVariables: { Triggers: [] },
} as unknown as SimulationResult;
const figures = new Map([['M-1', { price: 99.5, yieldPct: 5.04316, dmBp: 131.8123, breakevenFirst: '2.35', breakevenFull: '5.10 *' }]]);

async function load(extras: Parameters<typeof dealWorkbookSheets>[3]) {
  const summary = summaryRows(result.BondsCashflows, ['M-1']);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await workbookToXlsx(header, dealWorkbookSheets(result, summary, false, extras), [{ name: 'Inputs', lines: [] }]));
  return book;
}
const rowOf = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe('the workbook is the screen (issue 25 #9)', () => {
  it('the summary carries price, yield, DM and breakevens as shown, with units in the headers', async () => {
    const book = await load({ figures, breakevenHeaders: { first: 'BE CDR first loss (%)', full: 'BE CDR full loss (%)' } });
    const sheet = book.getWorksheet('Summary')!;
    const headers = rowOf(sheet, 10);
    expect(headers).toEqual(['Class', 'Balance ($)', 'Coupon (%)', 'WAL (yrs)', 'Window', 'Write-down (%)', 'First Loss Period', 'Principal ($)', 'Interest ($)', 'Loss ($)',
      'Price (% of face)', 'Yield (%)', 'DM (bp)', 'BE CDR first loss (%)', 'BE CDR full loss (%)']);
    const m1 = sheet.getRow(11);
    expect(m1.getCell(11).value).toBe(99.5);
    expect(m1.getCell(12).value).toBe(5.0432);
    expect(m1.getCell(13).value).toBe(131.8123);
    expect(m1.getCell(13).numFmt).toBe('0.00');
    expect(m1.getCell(14).value).toBe(2.35);
    expect(m1.getCell(15).value).toBe(5.1);
  });
  it('class sheets name their class in the header block (blank before: the deal export header has no bond)', async () => {
    const book = await load({});
    expect(rowOf(book.getWorksheet('M-1')!, 3)).toEqual(['Bond', 'M-1']);
    expect(rowOf(book.getWorksheet('Summary')!, 3)).toEqual(['Bond', '']);
  });
  it('a Vectors sheet holds the per-period CPR, CDR, severity, delinquency and index (the curve, its last rate carried on)', async () => {
    const book = await load({ runBody: { IndexCurve: [0.03, 0.035] } });
    const sheet = book.getWorksheet('Vectors')!;
    expect(rowOf(sheet, 10)).toEqual(['Period', 'Payment Date', 'CPR (%)', 'CDR (%)', 'Loss Severity (%)', 'Delinquency (%)', 'Index (%)']);
    expect(rowOf(sheet, 11).slice(2)).toEqual([10, 1, 25, 2, 3]);
    expect(sheet.getRow(13).getCell(7).value).toBe(3.5);
    const flat = await load({ runBody: { Libor: [0, 0.036] } });
    expect(flat.getWorksheet('Vectors')!.getRow(12).getCell(7).value).toBe(3.6);
  });
  it('pinned runs make one Compare sheet, a column per run headed by its inputs (issue 25 #8)', async () => {
    const rows = summaryRows(result.BondsCashflows, ['M-1']);
    let pins = addPin([], { label: 'CPR 10, CDR 1', rows, figures }).pins;
    pins = addPin(pins, { label: 'CPR 10, CDR 3', rows, figures: new Map() }).pins;
    const book = await load({ pins });
    expect(book.worksheets.at(-1)?.name).toBe('Compare');
    const sheet = book.getWorksheet('Compare')!;
    expect(rowOf(sheet, 10)).toEqual(['Class', 'Figure', 'Run 1: CPR 10, CDR 1', 'Run 2: CPR 10, CDR 3']);
    const dm = [...Array(sheet.rowCount).keys()].map((i) => rowOf(sheet, i + 1)).find((r) => r[1] === 'DM (bp)');
    expect(dm).toEqual(['M-1', 'DM (bp)', 131.81]);
  });
});
