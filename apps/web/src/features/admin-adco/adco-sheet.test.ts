import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AdcoSheetError, adcoRunBody, adcoRunPath, readAdcoWorkbook } from './adco-sheet.ts';
import { dealNamesOf } from './admin-adco-page.tsx';

async function book(build: (b: ExcelJS.Workbook) => void): Promise<ArrayBuffer> {
  const b = new ExcelJS.Workbook();
  build(b);
  const buf = await b.xlsx.writeBuffer();
  return buf as ArrayBuffer;
}

describe('ADco scenario spreadsheet', () => {
  it('reads the shipped sample: scenario columns from column B over the Tsy2Year, Tsy10Year, Hpi and Tunes sheets', async () => {
    // jsdom gives import.meta.url another scheme: resolve from this file's path (vitest sets __dirname-like paths via import.meta.dirname).
    const here = import.meta.dirname ?? dirname(fileURLToPath(import.meta.url));
    const file = readFileSync(resolve(here, '../../../../../data/samples/adco-vectors-sample.xlsx'));
    const scenarios = await readAdcoWorkbook(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
    expect(scenarios.map((s) => s.Name)).toEqual(['ADCO BASE', 'ADCO STRESS']);
    expect(scenarios[0]?.Tsy10Year.length).toBe(120);
    expect(scenarios[1]?.Hpi[0]).toBeLessThan(0);
    expect(scenarios[1]?.TuneCdr).toBe(1.5);
  });

  it('takes unnamed sheets in order, defaults missing tunes to 1 and builds the shallow LDM run', async () => {
    const data = await book((b) => {
      const a = b.addWorksheet('Sheet1');
      a.addRow(['Month', 'S1']); a.addRow([1, 3.5]); a.addRow([2, 3.6]);
      const c = b.addWorksheet('Sheet2');
      c.addRow(['Month', 'S1']); c.addRow([1, 4.2]);
      const h = b.addWorksheet('Sheet3');
      h.addRow(['Month', 'S1']); h.addRow([1, -5]);
    });
    const [s] = await readAdcoWorkbook(data);
    expect(s).toEqual({ Name: 'S1', Tsy2Year: [3.5, 3.6], Tsy10Year: [4.2], Hpi: [-5], TuneCpr: 1, TuneCdr: 1, TuneSeverity: 1 });
    expect(adcoRunBody('STACR 2026-DNA1', 20260301, s!)).toEqual({
      DealName: 'STACR 2026-DNA1', SettlementDate: 20260301, Libor: [0, 0.02], RunLoanLevel: false, PrepaymentModel: 'LDM',
      Hpi: [0, -0.05], Tsy2Year: [0, 0.035, 0.036], Tsy10Year: [0, 0.042], TuneCpr: 1, TuneCdr: 1, TuneSeverity: 1,
    });
    expect(adcoRunPath({ ...s!, Name: 'A B' })).toBe('/simulate/save_scenario/A%20B?useShallowResponse=true');
  });

  it('names what is wrong with a sheet', async () => {
    const text = await book((b) => { const a = b.addWorksheet('Hpi'); a.addRow(['Month', 'S1']); a.addRow([1, 'abc']); });
    await expect(readAdcoWorkbook(text)).rejects.toThrow(new AdcoSheetError("Sheet Hpi, row 2, scenario S1: 'abc' is not a number."));
    const none = await book((b) => { const a = b.addWorksheet('Hpi'); a.addRow(['Month']); });
    await expect(readAdcoWorkbook(none)).rejects.toThrow('no scenario names');
    await expect(readAdcoWorkbook(new ArrayBuffer(8))).rejects.toThrow('not an XLSX workbook');
  });

  it('splits the deal box on commas and lines', () => {
    expect(dealNamesOf('STACR 2026-DNA1, CAS 2021-R01\nSTACR 2026-DNA1,')).toEqual(['STACR 2026-DNA1', 'CAS 2021-R01']);
  });
});
