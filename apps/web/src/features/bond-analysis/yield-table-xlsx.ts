/**
 * The yield table workbook (issue 25 #4): a 'Yield Table' sheet as the tab shows it (scenarios ×
 * columns) and a 'Cells' sheet with every figure of every cell. Cells follow the export convention
 * (@opencrt/contracts export-format): prices 5 places, yields as % cells, DM in bp, WAL in years.
 */
import type { ExportKind, YieldTableCell } from '@opencrt/contracts';
import { addXlsxLines, addXlsxRow } from '../../components/cashflow-export/export-cashflows.ts';
import { cellGrid, type YieldTableAxis } from './yield-table-model.ts';

export interface YieldTableMeta { dealName: string; bondName: string; settlement: string; runDate: string }

export async function yieldTableWorkbook(
  meta: YieldTableMeta, scenarioNames: readonly string[], axis: YieldTableAxis, columns: readonly number[], cells: readonly YieldTableCell[],
): Promise<ArrayBuffer> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  const grid = cellGrid(cells, scenarioNames.length, columns.length);
  const table = book.addWorksheet('Yield Table');
  addXlsxLines(table, [['Deal', meta.dealName, 'text'], ['Bond', meta.bondName, 'text'], ['Settlement Date', meta.settlement, 'date'], ['Run Date', meta.runDate, 'date'],
    ['Table', axis === 'price' ? 'Yield (%) by scenario and price' : 'Price by scenario and discount margin (bp)', 'text']]);
  addXlsxRow(table, []);
  addXlsxRow(table, [axis === 'price' ? 'Scenario \\ Price' : 'Scenario \\ DM (bp)', ...columns], ['text', ...columns.map((): ExportKind => (axis === 'price' ? 'price' : 'basisPoints'))]);
  scenarioNames.forEach((name, r) => {
    const row = grid[r] ?? [];
    const values = row.map((cell) => (axis === 'price' ? (cell?.Yield ?? '-----') : (cell?.Price ?? '-----')));
    addXlsxRow(table, [name, ...values], ['text', ...values.map((v): ExportKind => (typeof v !== 'number' ? 'text' : axis === 'price' ? 'fraction' : 'price'))]);
  });
  const sheet = book.addWorksheet('Cells');
  addXlsxRow(sheet, ['Scenario', 'Price', 'Yield', 'DM (bp)', 'WAL', 'Principal Window', 'Write Down (%)', 'Principal Loss ($)']);
  for (const c of cells) {
    addXlsxRow(sheet, [c.Scenario, c.Price ?? '-----', c.Yield ?? '-----', c.DiscountMargin ?? '-----', c.Wal, c.PrincipalWindow, c.WritedownPct, c.PrincipalLoss],
      ['text', c.Price === null ? 'text' : 'price', c.Yield === null ? 'text' : 'fraction', c.DiscountMargin === null ? 'text' : 'basisPoints', 'years', 'text', 'percent', 'money']);
  }
  return book.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}
