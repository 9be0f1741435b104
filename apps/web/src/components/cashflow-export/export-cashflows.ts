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

export interface ExportColumn<Row> {
  header: string;
  value(row: Row): string | number | null;
  /** Excel number format of the column in workbooks ('#,##0.00'); 'mm/dd/yyyy' turns MM/DD/YYYY text into dates. */
  numFmt?: string;
}

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

/** A free sheet of a workbook (the inputs of a run): label/value lines after the header block. */
export interface ExportLines { name: string; lines: [string, string | number | null][] }

/** MM/DD/YYYY text → a UTC date for a date-formatted cell (other values as they are). */
function cellValue(value: string | number | null, numFmt: string | undefined): string | number | Date | null {
  const m = numFmt === 'mm/dd/yyyy' && typeof value === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value) : null;
  return m ? new Date(Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]))) : value;
}

/** A sheet name Excel accepts (no []:*?/\, at most 31 characters), unique in the workbook. */
function sheetName(wanted: string, used: Set<string>): string {
  let name = wanted.replace(/[\\/?*[\]:]/g, '_').slice(0, 30) || 'Sheet';
  for (let i = 2; used.has(name); i++) name = `${name.slice(0, 27)}_${i}`;
  used.add(name);
  return name;
}

/**
 * An XLSX workbook: optional line sheets first (the run's inputs), then one sheet per tab, each
 * with the header block; numbers stay numbers, with each column's number format.
 */
export async function workbookToXlsx(header: ExportHeader, tabs: ExportTab<never>[] | ExportTab<unknown>[], lineSheets: ExportLines[] = []): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  const used = new Set<string>();
  for (const sheetLines of lineSheets) {
    const sheet = workbook.addWorksheet(sheetName(sheetLines.name, used));
    for (const line of headerLines(header)) sheet.addRow(line);
    sheet.addRow([]);
    for (const line of sheetLines.lines) sheet.addRow(line);
    sheet.getColumn(1).width = 24;
    sheet.getColumn(2).width = 28;
  }
  for (const tab of tabs as ExportTab<unknown>[]) {
    const sheet = workbook.addWorksheet(sheetName(tab.name, used));
    for (const line of headerLines(header)) sheet.addRow(line);
    sheet.addRow([]);
    sheet.addRow(tab.columns.map((c) => c.header)).font = { bold: true };
    for (const row of tab.rows) {
      const values = exportValues(tab, row);
      sheet.addRow(values.map((v, i) => cellValue(v, tab.columns[i]?.numFmt)));
    }
    tab.columns.forEach((c, i) => {
      const column = sheet.getColumn(i + 1);
      column.width = Math.max(12, c.header.length + 2);
      if (c.numFmt) column.numFmt = c.numFmt;
    });
  }
  return workbook.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}

/** Several tabs as an XLSX workbook (sheet names capped at 30 characters). */
export async function tabsToXlsx<Row>(header: ExportHeader, tabs: ExportTab<Row>[]): Promise<ArrayBuffer> {
  return workbookToXlsx(header, tabs as ExportTab<unknown>[]);
}

/** Saves a file the browser way (a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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
  saveBlob(blob, exportFileName(header, csv ? 'csv' : 'xlsx'));
}
