import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ImportError, parseClRamp, parseScenarioXlsx } from './scenario-import.ts';

const SAMPLES = path.resolve(__dirname, '../../../../../data/samples');
const bytes = (file: string): ArrayBuffer => {
  const b = readFileSync(path.join(SAMPLES, file));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};
const DEALS = ['STACR 2026-DNA1', 'STACR 2026-DNA2'];

/** A workbook in memory from rows (row 1 first). */
async function book(rows: (string | number | null)[][], sheets = 1): Promise<ArrayBuffer> {
  const wb = new ExcelJS.Workbook();
  for (let s = 0; s < sheets; s++) {
    const ws = wb.addWorksheet(`S${s}`);
    rows.forEach((r, i) => r.forEach((v, j) => { if (v !== null) ws.getCell(i + 1, j + 1).value = v; }));
  }
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

describe('XLSX scenario import', () => {
  it('reads the sample: three scenarios, vectors grouped by name, deal and vendor', async () => {
    const list = await parseScenarioXlsx(bytes('scenarios-sample.xlsx'), 'scenarios-sample.xlsx', DEALS);
    expect(list.map((s) => [s.ScenarioName, s.DealName, s.Vendor])).toEqual([
      ['Sample Base', 'STACR 2026-DNA1', 'OpenCRT'], ['Sample Stress', 'STACR 2026-DNA1', 'OpenCRT'], ['Sample Generic Slow', null, null]]);
    const [base, stress, generic] = list as [typeof list[0], typeof list[0], typeof list[0]];
    expect(base.Cpr).toHaveLength(60);
    expect([base.Cpr[0], base.Cpr[12], base.Cpr[24], base.Cpr[59]]).toEqual([6, 9, 12, 12]);
    expect(new Set(base.LossSeverity)).toEqual(new Set([25]));
    expect([base.Delinquency[0], base.Delinquency[36]]).toEqual([0.5, 1.5]);
    expect([stress.Cdr.length, stress.Cdr[0], stress.Cdr[18]]).toEqual([48, 0.5, 3]);
    expect([generic.Cpr.length, generic.Cdr[0], generic.Delinquency[35]]).toEqual([36, 0.25, 0]);
  });

  it('reads the vector type case-insensitively, ends a column at its first empty cell, keeps the catalog spelling', async () => {
    const data = await book([
      ['Vendor', 'V', 'V'], ['Deal', 'stacr 2026-dna2', 'stacr 2026-dna2'], ['Scenario', 'A', 'A'], ['Vector', 'CpR', 'DEL'],
      [1, 10, '2.5'], [2, 11, null], [3, null, 4],
    ]);
    const [a] = await parseScenarioXlsx(data, 'x.xlsx', DEALS);
    expect(a).toEqual({ ScenarioName: 'A', DealName: 'STACR 2026-DNA2', Vendor: 'V', Cpr: [10, 11], Cdr: [], LossSeverity: [], Delinquency: [2.5] });
  });

  it('gives the spec messages for a missing name, an unknown deal and an empty file', async () => {
    const noName = await book([['', 'V'], ['', ''], ['', ''], ['', 'cpr'], [1, 5]]);
    await expect(parseScenarioXlsx(noName, 'a.xlsx', DEALS)).rejects.toThrow(new ImportError('Scenario name is required. Please fix the input file.'));
    const badDeal = await book([['', 'V'], ['', 'NOPE 1'], ['', 'A'], ['', 'cpr'], [1, 5]]);
    await expect(parseScenarioXlsx(badDeal, 'a.xlsx', DEALS)).rejects.toThrow("The NOPE 1 deal doesn't exist. Please fix the input file.");
    await expect(parseScenarioXlsx(await book([['Vendor'], ['Deal']]), 'empty.xlsx', DEALS)).rejects.toThrow('No data in empty.xlsx file found.');
    await expect(parseScenarioXlsx(new TextEncoder().encode('not a workbook').buffer as ArrayBuffer, 'junk.xlsx', DEALS))
      .rejects.toThrow('No data in junk.xlsx file found.');
  });

  it('refuses text in a data cell and an unknown vector type', async () => {
    await expect(parseScenarioXlsx(await book([['', ''], ['', ''], ['', 'A'], ['', 'cpr'], [1, 'abc']]), 'a.xlsx', DEALS))
      .rejects.toThrow("Cell B5 (A cpr) is not a number: 'abc'. Please fix the input file.");
    await expect(parseScenarioXlsx(await book([['', ''], ['', ''], ['', 'A'], ['', 'psa'], [1, 1]]), 'a.xlsx', DEALS))
      .rejects.toThrow(/Unknown vector type 'psa' in column B/);
  });
});

describe('CL-RAMP import', () => {
  it('reads the sample: one unnamed scenario from row 6, columns B–E', async () => {
    const s = await parseClRamp(bytes('cl-ramp-sample.xlsx'), 'cl-ramp-sample.xlsx');
    expect([s.ScenarioName, s.DealName, s.Vendor]).toEqual(['', null, null]);
    expect([s.Cpr.length, s.Cdr.length, s.LossSeverity.length, s.Delinquency.length]).toEqual([120, 120, 120, 120]);
    expect([s.Cpr[0], s.Cpr[30], s.Cdr[15], s.LossSeverity[60], s.Delinquency[0]]).toEqual([8, 15, 0.6, 35, 0.8]);
  });

  it('uses the first sheet only and stops each column at its first empty cell', async () => {
    const rows = [[], [], [], [], ['P', 'CPR', 'CDR', 'SEV', 'DLQ'], [1, 5, 1, 20, 0], [2, 6, null, 21, 0], [3, 7, 3, null, 0]];
    const s = await parseClRamp(await book(rows, 2), 'r.xlsx');
    expect(s).toMatchObject({ Cpr: [5, 6, 7], Cdr: [1], LossSeverity: [20, 21], Delinquency: [0, 0, 0] });
    await expect(parseClRamp(await book([['title']]), 'blank.xlsx')).rejects.toThrow('No data in blank.xlsx file found.');
  });
});
