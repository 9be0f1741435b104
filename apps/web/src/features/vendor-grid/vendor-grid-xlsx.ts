/**
 * Spreadsheets of the vendor grid, built on the client (spec 002 §7): the metrics export (one
 * sheet per metric: entries × visible scenarios, vendor row above the scenario row, totals row)
 * and a portfolio part's cash flow ('Export Cashflow to Excel'). Sheet names capped at 30. Cells
 * follow the export convention (@opencrt/contracts export-format): numbers rounded to their kind
 * with number formats, dates as date cells.
 */
import type ExcelJS from 'exceljs';
import { MISSING_SCENARIO, type ExportKind, type GridCell, type PortfolioEntryOut, type PortfolioPart, type PortfolioType } from '@opencrt/contracts';
import { addXlsxLines, addXlsxRow, saveXlsx, type ExportLine } from '../../components/cashflow-export/export-cashflows.ts';
import { cutAfterPayoff } from '../../components/cashflow-table/cut-after-payoff.ts';
import { cellKey, columnTotal, METRICS, type MetricKey, type ScenarioColumn } from './vendor-grid-model.ts';

const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, '_').slice(0, 30) || 'Sheet';
const safeFile = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/_+/g, '_');

async function workbook(): Promise<ExcelJS.Workbook> {
  const { default: Excel } = await import('exceljs');
  return new Excel.Workbook();
}


/** Rows of a part's cash flow as written: bond rows cut after a balance below 0.005 (spec 002 §4). */
export function partRows(part: PortfolioPart, bonds: boolean): PortfolioPart['PortfolioCashflow'] {
  if (!bonds) return part.PortfolioCashflow;
  return cutAfterPayoff(part.PortfolioCashflow.map((r) => ({ ...r, Balance: Number(r.Balance ?? 0) })));
}

/** A metric cell of the workbook: the grid's reading as a number with a number format (WAL years, spread bp, the rest percent). */
interface MetricCell { value: unknown; kind: ExportKind; numFmt?: string }
export function metricCell(key: MetricKey, value: number | null): MetricCell {
  if (value === null || !Number.isFinite(value)) return { value: '-----', kind: 'text' };
  switch (key) {
    case 'Wal': return { value, kind: 'years' };
    case 'Spread': return { value: value * 10_000, kind: 'basisPoints' };
    // Percent fields (3.5 = 3.5 %) as the fraction Excel formats as 3.50%, like the grid.
    case 'WritedownPct': case 'CollateralLossesPct': return { value: value / 100, kind: 'fraction', numFmt: '0.00%' };
    default: return { value, kind: 'fraction', numFmt: '0.00%' };
  }
}

/** A grid cell as the workbook writes it: blank (not run), Missing scenario, '-----' (failed) or the metric. */
function gridMetricCell(cell: GridCell | undefined, key: MetricKey): MetricCell {
  if (!cell) return { value: null, kind: 'text' };
  if (cell.Missing) return { value: MISSING_SCENARIO, kind: 'text' };
  if (cell.Error) return { value: '-----', kind: 'text' };
  return metricCell(key, cell[key]);
}

function addMetricRow(sheet: ExcelJS.Worksheet, lead: unknown[], cells: MetricCell[]): ExcelJS.Row {
  return addXlsxRow(sheet, [...lead, ...cells.map((c) => c.value)], [...lead.map((v) => (typeof v === 'number' ? 'integer' : 'text') as ExportKind), ...cells.map((c) => c.kind)],
    [...lead.map(() => undefined), ...cells.map((c) => c.numFmt)]);
}

/** The metrics workbook: one sheet per metric of the portfolio type (numbers with the grid's formats). */
export async function metricsWorkbook(portfolio: string, type: PortfolioType, entries: readonly PortfolioEntryOut[], columns: readonly ScenarioColumn[], cells: ReadonlyMap<string, GridCell>): Promise<ArrayBuffer> {
  const book = await workbook();
  for (const m of METRICS[type]) {
    const sheet = book.addWorksheet(sheetName(m.label));
    sheet.addRow(['', '', '', ...columns.map((c) => c.vendor ?? 'Not vendor specific')]);
    sheet.addRow(['#', 'Deal', 'Bond', ...columns.map((c) => c.name)]).font = { bold: true };
    for (const e of entries) addMetricRow(sheet, [e.OrdinalNumber, e.DealName, e.BondName], columns.map((c) => gridMetricCell(cells.get(cellKey(e.OrdinalNumber, c)), m.key)));
    addMetricRow(sheet, ['Totals', '', ''], columns.map((c) => { const t = columnTotal(entries, cells, c, m.key); return t === null ? { value: null, kind: 'text' as const } : metricCell(m.key, t); })).font = { bold: true };
  }
  book.getWorksheet(1)?.spliceRows(1, 0, [`Portfolio ${portfolio}`]);
  return book.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}

export async function downloadMetrics(portfolio: string, type: PortfolioType, entries: readonly PortfolioEntryOut[], columns: readonly ScenarioColumn[], cells: ReadonlyMap<string, GridCell>): Promise<void> {
  saveXlsx(await metricsWorkbook(portfolio, type, entries, columns, cells), `${safeFile(portfolio)}_metrics.xlsx`);
}

/**
 * Kind of a portfolio cash flow field (insurance, bond or total rows): payment dates are dates
 * (bond rows carry YYYYMMDD, insurance rows ISO text: one form in the file), rates are fractions
 * (shown as %), the period a count, everything else dollars.
 */
export function partFieldKind(field: string): ExportKind {
  if (/date$/i.test(field)) return 'date';
  if (/^period$/i.test(field)) return 'integer';
  if (/rate$/i.test(field)) return 'fraction';
  if (/^Is[A-Z]/.test(field)) return 'text';
  return 'money';
}

/** Appends a part's cash flow as a sheet (header lines, then the rows). */
export function addPartSheet(book: ExcelJS.Workbook, name: string, part: PortfolioPart, bonds: boolean, header: readonly ExportLine[]): void {
  let title = sheetName(name);
  for (let i = 2; book.getWorksheet(title); i++) title = `${sheetName(name).slice(0, 27)}_${i}`;
  const sheet = book.addWorksheet(title);
  addXlsxLines(sheet, header);
  sheet.addRow([]);
  const rows = partRows(part, bonds);
  const columns = Object.keys(rows[0] ?? {}).filter((c) => c !== 'IsHistorical');
  const kinds = columns.map(partFieldKind);
  sheet.addRow(columns).font = { bold: true };
  for (const r of rows) addXlsxRow(sheet, columns.map((c) => r[c] ?? null), kinds);
}

/** 'Export Cashflow to Excel' of one tab. */
export async function downloadPart(fileBase: string, tab: string, part: PortfolioPart, header: readonly ExportLine[]): Promise<void> {
  const book = await workbook();
  addPartSheet(book, tab, part, tab === 'Bonds', header);
  saveXlsx(await book.xlsx.writeBuffer() as ArrayBuffer, `${safeFile(`${fileBase}_${tab}`)}.xlsx`);
}

/** Scenario cash flows export: one sheet per scenario (the portfolio's total cash flow under it). */
export async function downloadScenarioCashflows(portfolio: string, parts: { column: ScenarioColumn; part: PortfolioPart }[], header: readonly ExportLine[]): Promise<void> {
  const book = await workbook();
  for (const { column, part } of parts) addPartSheet(book, column.vendor ? `${column.vendor} ${column.name}` : column.name, part, false, header);
  saveXlsx(await book.xlsx.writeBuffer() as ArrayBuffer, `${safeFile(portfolio)}_scenario_cashflows.xlsx`);
}
