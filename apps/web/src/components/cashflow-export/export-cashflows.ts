import ExcelJS from 'exceljs';

/** The header block every export starts with (spec 000 §9). */
export interface ExportHeader {
  userName: string;
  /** Deal or portfolio name. */
  dealName: string;
  bondName: string;
  settlementDate: string;
  runDate: string;
  runTime: string;
  scenarioName: string;
  scenarioVendor: string;
}

export interface ExportColumn<Row> { header: string; value(row: Row): string | number | null }

/** One tab of an export: its rows and columns. */
export interface ExportTab<Row = Record<string, unknown>> {
  name: string;
  columns: ExportColumn<Row>[];
  rows: Row[];
}

function headerLines(h: ExportHeader): [string, string][] {
  return [
    ['User', h.userName], ['Deal', h.dealName], ['Bond', h.bondName], ['Settlement Date', h.settlementDate],
    ['Run Date', h.runDate], ['Run Time', h.runTime], ['Scenario Name', h.scenarioName], ['Scenario Vendor', h.scenarioVendor],
  ];
}

/** File name from deal, bond and scenario (spec 000 §9), safe for every file system. */
export function exportFileName(h: ExportHeader, extension: 'csv' | 'xlsx'): string {
  const parts = [h.dealName, h.bondName, h.scenarioName].filter(Boolean).join('_');
  return `${parts.replace(/[^\w.-]+/g, '_').replace(/_+/g, '_') || 'cashflows'}.${extension}`;
}

/**
 * Period 0 (the settlement row) has no premium, interest or rate of its own: those cells are
 * blank in every export (spec 001 §7). Columns are matched by header text.
 */
const BLANK_AT_PERIOD_ZERO = /premium|interest|rate|coupon/i;

/** A row's export values, with period-0 premium/interest/rate cells blanked. */
export function exportValues<Row>(tab: ExportTab<Row>, row: Row): (string | number | null)[] {
  const period = tab.columns.find((c) => /^period$/i.test(c.header))?.value(row);
  return tab.columns.map((c) => (period === 0 && BLANK_AT_PERIOD_ZERO.test(c.header) ? null : c.value(row)));
}

function csvCell(value: string | number | null): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A single tab as CSV text: header block, blank line, column names, rows. */
export function tabToCsv<Row>(header: ExportHeader, tab: ExportTab<Row>): string {
  const lines = headerLines(header).map(([k, v]) => `${csvCell(k)},${csvCell(v)}`);
  lines.push('');
  lines.push(tab.columns.map((c) => csvCell(c.header)).join(','));
  for (const row of tab.rows) lines.push(exportValues(tab, row).map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Several tabs as an XLSX workbook (sheet names capped at 30 characters). */
export async function tabsToXlsx<Row>(header: ExportHeader, tabs: ExportTab<Row>[]): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  const used = new Set<string>();
  for (const tab of tabs) {
    let name = tab.name.replace(/[\\/?*[\]:]/g, '_').slice(0, 30) || 'Sheet';
    for (let i = 2; used.has(name); i++) name = `${name.slice(0, 27)}_${i}`;
    used.add(name);
    const sheet = workbook.addWorksheet(name);
    for (const line of headerLines(header)) sheet.addRow(line);
    sheet.addRow([]);
    sheet.addRow(tab.columns.map((c) => c.header)).font = { bold: true };
    for (const row of tab.rows) sheet.addRow(exportValues(tab, row));
  }
  return workbook.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}

/**
 * Downloads one tab as .csv or several as .xlsx (spec 000 §9); `format` forces one (the ACIS and
 * CIRT screens' "Export Cashflow to Excel" is always a workbook, spec 001 §2.2–§2.3).
 */
export async function downloadCashflows<Row>(header: ExportHeader, tabs: ExportTab<Row>[], format?: 'csv' | 'xlsx'): Promise<void> {
  const first = tabs[0];
  if (!first) return;
  const csv = (format ?? (tabs.length === 1 ? 'csv' : 'xlsx')) === 'csv';
  const blob = csv
    ? new Blob([tabToCsv(header, first)], { type: 'text/csv' })
    : new Blob([await tabsToXlsx(header, tabs)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(header, csv ? 'csv' : 'xlsx');
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
