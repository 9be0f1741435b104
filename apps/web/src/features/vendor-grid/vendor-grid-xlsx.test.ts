import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { GridCell, PortfolioEntryOut, PortfolioPart } from '@opencrt/contracts';
import { cellKey, type ScenarioColumn } from './vendor-grid-model.ts';
import { addPartSheet, metricsWorkbook, partFieldKind } from './vendor-grid-xlsx.ts';

const entry = (OrdinalNumber: number, DealName: string, OwnedFaceAmt: number): PortfolioEntryOut => ({
  OrdinalNumber, DealName, BondName: 'M', OwnedFaceAmt, Margin: 20, AnnualPremium: 0, Cpr: [0], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0],
  InterestRate: null, CancellationDate: null, CleanupCall: null, ScenarioId: null,
});
const cell = (OrdinalNumber: number, column: ScenarioColumn, patch: Partial<GridCell>): GridCell => ({
  OrdinalNumber, ScenarioName: column.name, Vendor: column.vendor, Missing: false, Error: null, Yield: null, YieldError: null, RateOnLine: null, LossOnLine: null,
  ReturnOnLine: null, CollateralLossesPct: null, Wal: null, WritedownPct: null, Spread: null, CurrentBalance: null, ...patch,
});

async function reread(buffer: ArrayBuffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer);
  return book;
}

describe('vendor grid spreadsheets (export convention, issue 18 #10)', () => {
  it('writes metrics as rounded numbers with the grid\'s formats, not as text', async () => {
    const base: ScenarioColumn = { key: 'a/base', name: 'Base', vendor: 'A' };
    const entries = [entry(1, 'ACIS 2020-DNA3', 1_000_000), entry(2, 'CIRT 2023-9', 3_000_000)];
    const cells = new Map([
      [cellKey(1, base), cell(1, base, { RateOnLine: 0.0123456789, CollateralLossesPct: 1.23456789, Yield: 0.07 })],
      [cellKey(2, base), cell(2, base, { Missing: true })],
    ]);
    const book = await reread(await metricsWorkbook('VG', 'Reinsurance', entries, [base], cells));
    const rol = book.getWorksheet('Rate On Line')!;
    // Row 1: the portfolio line spliced in above the vendor and scenario rows.
    expect(rol.getRow(4).values).toEqual([undefined, 1, 'ACIS 2020-DNA3', 'M', 0.012346]);
    expect(rol.getRow(4).getCell(4).numFmt).toBe('0.00%');
    expect(rol.getRow(5).getCell(4).value).toBe('Missing scenario');
    expect(rol.getRow(6).getCell(4).value).toBe(0.012346); // face-weighted total of the cells that have a value
    const loss = book.getWorksheet('Ref Pool Loss Pct')!;
    expect(loss.getRow(3).getCell(4).value).toBe(0.012346); // 1.23456789 % as the fraction Excel shows as 1.23%
    expect(loss.getRow(3).getCell(4).numFmt).toBe('0.00%');
  });

  it('writes a part\'s cash flow with one date form (bond YYYYMMDD and insurance ISO alike) and rounded amounts', async () => {
    const part = {
      PortfolioCashflow: [
        { Period: 0, PaymentDate: '2026-10-25', Balance: 1_000_000, Cash: 0, Losses: 0, CprRate: 0.1 },
        { Period: 1, PaymentDate: 20261125, Balance: 999_000.0000000001, Cash: 0.1 + 0.2, Losses: 12604796.059999999, CprRate: 0.07 * 1.0000000000000002 },
      ],
    } as unknown as PortfolioPart;
    const book = new ExcelJS.Workbook();
    addPartSheet(book, 'Totals', part, false, [['User', 'analyst'], ['Settlement Date', '2026-10-31', 'date'], ['Run Date', '11/26/2026', 'date']]);
    const sheet = (await reread(await book.xlsx.writeBuffer() as ArrayBuffer)).worksheets[0]!;
    expect(sheet.getRow(2).getCell(2).value).toEqual(new Date(Date.UTC(2026, 9, 31)));
    expect(sheet.getRow(3).getCell(2).value).toEqual(new Date(Date.UTC(2026, 10, 26)));
    expect(sheet.getRow(5).values).toEqual([undefined, 'Period', 'PaymentDate', 'Balance', 'Cash', 'Losses', 'CprRate']);
    expect(sheet.getRow(6).getCell(2).value).toEqual(new Date(Date.UTC(2026, 9, 25)));
    expect(sheet.getRow(7).values).toEqual([undefined, 1, new Date(Date.UTC(2026, 10, 25)), 999_000, 0.3, 12604796.06, 0.07]);
    expect([2, 3, 6].map((c) => sheet.getRow(7).getCell(c).numFmt)).toEqual(['mm/dd/yyyy', '#,##0.00', '0.0000%']);
    expect(['PaymentDate', 'Period', 'DelinquencyRate', 'IsHistorical', 'NetInsuranceCashflow'].map(partFieldKind)).toEqual(['date', 'integer', 'fraction', 'text', 'money']);
  });
});
