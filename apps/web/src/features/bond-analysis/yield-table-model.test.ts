import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { YieldTableCell } from '@opencrt/contracts';
import { cellGrid, cellText, parseColumns, rowsProblem, yieldTableBody, type YieldTableRowInput } from './yield-table-model.ts';
import { yieldTableWorkbook } from './yield-table-xlsx.ts';

const row = (patch: Partial<YieldTableRowInput> = {}): YieldTableRowInput => ({ name: 'Base', cpr: '10', cdr: '0.5', lossSeverity: '25', delinquency: '0', scenarioId: null, ...patch });
const cell = (Scenario: string, Price: number, Yield: number | null): YieldTableCell => ({
  Scenario, Price, Yield, DiscountMargin: 150, Wal: 4.2, PrincipalWindow: '1-60', WritedownPct: 0, PrincipalLoss: 0,
});

describe('yield table inputs (issue 25 #4)', () => {
  it('reads columns as the server bounds them', () => {
    expect(parseColumns('97, 98.5  100', 'price')).toEqual({ values: [97, 98.5, 100] });
    expect(parseColumns('0', 'price')).toEqual({ problem: 'Yield table prices must be above 0 and at most 1,000 (percent of face).' });
    expect(parseColumns('', 'price')).toEqual({ problem: 'The yield table needs 1 to 20 prices.' });
    expect(parseColumns('100, abc', 'dm')).toEqual({ problem: 'Missing valid: Discount Margins' });
    expect(parseColumns('20000', 'dm')).toEqual({ problem: 'Yield table discount margins must be between -1,000 and 10,000 bp.' });
  });

  it('names the row of a bad scenario input, and skips the inputs of a saved scenario', () => {
    expect(rowsProblem([row(), row({ name: 'Stress', cdr: 'x%' })])).toBe('Scenario 2 (Stress): Missing valid: CDR');
    expect(rowsProblem([row({ name: ' ' })])).toBe('Each yield table scenario needs a Name of at most 100 characters.');
    expect(rowsProblem([row({ cpr: '', scenarioId: 7 })])).toBeNull();
    expect(rowsProblem([])).toBe('The yield table needs 1 to 20 scenarios.');
  });

  it('builds the request: rates as fractions with the period-0 element, a saved scenario by id, prices or DMs', () => {
    const body = yieldTableBody({ DealName: 'D', BondName: 'M-1' }, [row(), row({ name: 'Saved', scenarioId: 7 })], 'dm', [100, 150]);
    expect(body).toEqual({
      DealName: 'D', BondName: 'M-1', DiscountMargins: [100, 150],
      Scenarios: [{ Name: 'Base', Cpr: [0, 0.1], Cdr: [0, 0.005], LossSeverity: [0, 0.25], Delinquency: [0, 0] }, { Name: 'Saved', SelectedScenarioId: 7 }],
    });
  });

  it('lays the answer out by row and column, and exports both sheets', async () => {
    const cells = [cell('A', 98, 0.061), cell('A', 100, 0.055), cell('B', 98, null), cell('B', 100, 0.05)];
    const grid = cellGrid(cells, 2, 2);
    expect(grid[1]?.[0]?.Scenario).toBe('B');
    expect(cellText(grid[0]?.[0] ?? null, 'price')).toBe('6.100%');
    expect(cellText(grid[1]?.[0] ?? null, 'price')).toBe('-----');
    expect(cellText(grid[0]?.[1] ?? null, 'dm')).toBe('100.00000');
    const data = await yieldTableWorkbook({ dealName: 'D', bondName: 'M-1', settlement: '20260217', runDate: '2026-11-27' }, ['A', 'B'], 'price', [98, 100], cells);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data);
    const table = book.getWorksheet('Yield Table');
    const header = table?.getRow(7);
    expect(header?.getCell(2).value).toBe(98);
    expect(table?.getRow(8).getCell(1).value).toBe('A');
    expect(table?.getRow(8).getCell(2).value).toBeCloseTo(0.061, 6);
    expect(table?.getRow(9).getCell(2).value).toBe('-----');
    const sheet = book.getWorksheet('Cells');
    expect(sheet?.getRow(1).getCell(4).value).toBe('DM (bp)');
    expect(sheet?.getRow(5).getCell(1).value).toBe('B');
    expect(sheet?.rowCount).toBe(5);
  });
});
