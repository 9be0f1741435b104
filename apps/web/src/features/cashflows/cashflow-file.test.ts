import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cashflowWorkbook, labelOfFileName, parseCashflowFile, sampleCashflowLists } from './cashflow-file.ts';

const sheetOf = async (rows: unknown[][]): Promise<ArrayBuffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('x');
  for (const r of rows) sheet.addRow(r);
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
};
const HEADER = ['Period', 'Balance', 'Gross Interest', 'Net Interest', 'Scheduled Principal', 'Prepaid Principal', 'Defaults', 'Losses', 'Recoveries', 'Delinquency', 'Libor'];

describe('user cashflow files', () => {
  it('takes the label from the file name deal.month.scenario[.vendor]', () => {
    expect(labelOfFileName('STACR 2026-DNA1.202602.Base.Acme.xlsx')).toEqual({ DealName: 'STACR 2026-DNA1', CollateralMonth: '202602', ScenarioName: 'Base', Vendor: 'Acme' });
    expect(labelOfFileName('STACR 2026-DNA1.2026-02.Base.xlsx')).toMatchObject({ CollateralMonth: '202602', Vendor: '' });
    expect(labelOfFileName('cashflow.xlsx')).toMatch(/must be deal\.month\.scenario\[\.vendor\]\.xlsx/);
    expect(labelOfFileName('A.202613.Base.xlsx')).toBe('A.202613.Base.xlsx: "202613" is not a collateral month (YYYYMM).');
  });

  it('reads the sample back as written (period 0 blank except Balance)', async () => {
    const lists = sampleCashflowLists();
    const parsed = await parseCashflowFile(await cashflowWorkbook(lists), 'STACR 2026-DNA1.202602.Sample.xlsx');
    expect(parsed.CollateralCashflow).toEqual(lists);
    expect(parsed.CollateralCashflow.Balance).toHaveLength(13);
    expect(parsed.CollateralCashflow.Interest[0]).toBe(0);
  });

  it('says which cell, column or file is wrong', async () => {
    const name = 'D.202602.S.xlsx';
    await expect(parseCashflowFile(await sheetOf([HEADER.slice(0, 9), [0, 100]]), name)).rejects.toThrow('D.202602.S.xlsx: missing columns Delinquency, Libor in the first row.');
    await expect(parseCashflowFile(await sheetOf([HEADER, [0, 100], [1, 90, 'abc', 0, 0, 10, 0, 0, 0, 0, 0]]), name)).rejects.toThrow('D.202602.S.xlsx, row 3, column Gross Interest: "abc" is not a number.');
    await expect(parseCashflowFile(await sheetOf([HEADER, [0, 100], [1, 90, 1, 1, 0, 10, 0, 0, 0, 5, 0]]), name)).rejects.toThrow(/column Delinquency: 5 is not a fraction/);
    await expect(parseCashflowFile(await sheetOf([HEADER, [0, 100]]), name)).rejects.toThrow(/at least one month/);
    // Issue 23 sweep: huge amounts and a negative delinquency name the cell with unit and range
    // (1e20 read as zod's 'Too big: expected number to be <=1000000000000', naming no cell).
    await expect(parseCashflowFile(await sheetOf([HEADER, [0, 1e20], [1, 90, 1, 1, 0, 10, 0, 0, 0, 0, 0]]), name)).rejects.toThrow('D.202602.S.xlsx, row 2, column Balance ($) must be from 0 to 1,000,000,000,000.');
    await expect(parseCashflowFile(await sheetOf([HEADER, [0, 100], [1, 90, 1, 1, 0, 10, 0, -1, 0, 0, 0]]), name)).rejects.toThrow('D.202602.S.xlsx, row 3, column Losses ($) must be from 0 to 1,000,000,000,000.');
    await expect(parseCashflowFile(await sheetOf([HEADER, [0, 100], [1, 90, 1, 1, 0, 10, 0, 0, 0, -0.5, 0]]), name)).rejects.toThrow('D.202602.S.xlsx, row 3, column Delinquency must be from 0 to 1 (a fraction: 1 % is 0.01).');
    await expect(parseCashflowFile(new TextEncoder().encode('not a workbook').buffer as ArrayBuffer, name)).rejects.toThrow('D.202602.S.xlsx: the file is not an XLSX workbook.');
  });
});
