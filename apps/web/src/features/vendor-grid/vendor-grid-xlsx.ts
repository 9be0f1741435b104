/**
 * Spreadsheets of the vendor grid, built on the client (spec 002 §7): the metrics export (one
 * sheet per metric: entries × visible scenarios, vendor row above the scenario row, totals row)
 * and a portfolio part's cash flow ('Export Cashflow to Excel'). Sheet names capped at 30.
 */
import type ExcelJS from 'exceljs';
import type { GridCell, PortfolioEntryOut, PortfolioPart, PortfolioType } from '@opencrt/contracts';
import { cutAfterPayoff } from '../../components/cashflow-table/cut-after-payoff.ts';
import { cellKey, cellText, columnTotal, formatMetric, METRICS, type ScenarioColumn } from './vendor-grid-model.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, '_').slice(0, 30) || 'Sheet';
const safeFile = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/_+/g, '_');

async function workbook(): Promise<ExcelJS.Workbook> {
  const { default: Excel } = await import('exceljs');
  return new Excel.Workbook();
}

export function download(data: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url; a.download = fileName;
  document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Rows of a part's cash flow as written: bond rows cut after a balance below 0.005 (spec 002 §4). */
export function partRows(part: PortfolioPart, bonds: boolean): PortfolioPart['PortfolioCashflow'] {
  if (!bonds) return part.PortfolioCashflow;
  return cutAfterPayoff(part.PortfolioCashflow.map((r) => ({ ...r, Balance: Number(r.Balance ?? 0) })));
}

/** The metrics workbook: one sheet per metric of the portfolio type. */
export async function metricsWorkbook(portfolio: string, type: PortfolioType, entries: readonly PortfolioEntryOut[], columns: readonly ScenarioColumn[], cells: ReadonlyMap<string, GridCell>): Promise<ArrayBuffer> {
  const book = await workbook();
  for (const m of METRICS[type]) {
    const sheet = book.addWorksheet(sheetName(m.label));
    sheet.addRow(['', '', '', ...columns.map((c) => c.vendor ?? 'Not vendor specific')]);
    sheet.addRow(['#', 'Deal', 'Bond', ...columns.map((c) => c.name)]).font = { bold: true };
    for (const e of entries) sheet.addRow([e.OrdinalNumber, e.DealName, e.BondName, ...columns.map((c) => cellText(cells.get(cellKey(e.OrdinalNumber, c)), m.key))]);
    sheet.addRow(['Totals', '', '', ...columns.map((c) => formatMetric(m.key, columnTotal(entries, cells, c, m.key)))]).font = { bold: true };
  }
  book.getWorksheet(1)?.spliceRows(1, 0, [`Portfolio ${portfolio}`]);
  return book.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}

export async function downloadMetrics(portfolio: string, type: PortfolioType, entries: readonly PortfolioEntryOut[], columns: readonly ScenarioColumn[], cells: ReadonlyMap<string, GridCell>): Promise<void> {
  download(await metricsWorkbook(portfolio, type, entries, columns, cells), XLSX_TYPE, `${safeFile(portfolio)}_metrics.xlsx`);
}

/** Appends a part's cash flow as a sheet (header lines, then the rows). */
export function addPartSheet(book: ExcelJS.Workbook, name: string, part: PortfolioPart, bonds: boolean, header: [string, string][]): void {
  let title = sheetName(name);
  for (let i = 2; book.getWorksheet(title); i++) title = `${sheetName(name).slice(0, 27)}_${i}`;
  const sheet = book.addWorksheet(title);
  for (const line of header) sheet.addRow(line);
  sheet.addRow([]);
  const rows = partRows(part, bonds);
  const columns = Object.keys(rows[0] ?? {}).filter((c) => c !== 'IsHistorical');
  sheet.addRow(columns).font = { bold: true };
  for (const r of rows) sheet.addRow(columns.map((c) => { const v = r[c]; return typeof v === 'boolean' ? String(v) : (v ?? null); }));
}

/** 'Export Cashflow to Excel' of one tab. */
export async function downloadPart(fileBase: string, tab: string, part: PortfolioPart, header: [string, string][]): Promise<void> {
  const book = await workbook();
  addPartSheet(book, tab, part, tab === 'Bonds', header);
  download(await book.xlsx.writeBuffer() as ArrayBuffer, XLSX_TYPE, `${safeFile(`${fileBase}_${tab}`)}.xlsx`);
}

/** Scenario cash flows export: one sheet per scenario (the portfolio's total cash flow under it). */
export async function downloadScenarioCashflows(portfolio: string, parts: { column: ScenarioColumn; part: PortfolioPart }[], header: [string, string][]): Promise<void> {
  const book = await workbook();
  for (const { column, part } of parts) addPartSheet(book, column.vendor ? `${column.vendor} ${column.name}` : column.name, part, false, header);
  download(await book.xlsx.writeBuffer() as ArrayBuffer, XLSX_TYPE, `${safeFile(portfolio)}_scenario_cashflows.xlsx`);
}
