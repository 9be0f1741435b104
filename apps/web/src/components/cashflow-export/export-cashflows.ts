import type ExcelJS from 'exceljs';
import { csvField, EXPORT_NUMBER_FORMATS, exportCell, exportDateParts, type ExportKind } from '@opencrt/contracts';

/**
 * The header block every export starts with (spec 000 §9). Dates may come in any form the app
 * holds (YYYYMMDD, MM/DD/YYYY, ISO): the file writes them in the export convention (YYYY-MM-DD
 * text in CSV, date cells in XLSX; @opencrt/contracts export-format).
 */
export interface ExportHeader {
  userName: string;
  /** Deal or portfolio name. */
  dealName: string;
  bondName: string;
  settlementDate: string | number | null;
  runDate: string;
  runTime: string;
  scenarioName: string;
  scenarioVendor: string;
}

export interface ExportColumn<Row> {
  header: string;
  value(row: Row): unknown;
  /** What the column holds: decides the rounding, the date form and the workbook number format (default text). */
  kind?: ExportKind;
  /** Workbook number format instead of the kind's own (same rounding). */
  numFmt?: string;
}

/** One tab of an export: its rows and columns. */
export interface ExportTab<Row = Record<string, unknown>> {
  name: string;
  columns: ExportColumn<Row>[];
  rows: Row[];
  /** The class this tab holds, for the header block's Bond line when the export's header has none (a deal workbook's class sheets). */
  bondName?: string;
}

/** A label/value line of a sheet (header block, run inputs), with the kind of its value. */
export type ExportLine = [label: string, value: unknown, kind?: ExportKind];

/** The header block's lines: settlement and run dates are dates. */
export function headerLines(h: ExportHeader): ExportLine[] {
  return [
    ['User', h.userName], ['Deal', h.dealName], ['Bond', h.bondName], ['Settlement Date', h.settlementDate, 'date'],
    ['Run Date', h.runDate, 'date'], ['Run Time', h.runTime], ['Scenario Name', h.scenarioName], ['Scenario Vendor', h.scenarioVendor],
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

/** A row's raw values, with period-0 premium/interest/rate cells blanked. */
function rawValues<Row>(tab: ExportTab<Row>, row: Row): unknown[] {
  const period = tab.columns.find((c) => /^period$/i.test(c.header))?.value(row);
  return tab.columns.map((c) => (period === 0 && BLANK_AT_PERIOD_ZERO.test(c.header) ? null : c.value(row)));
}

/** A row's export values (the export convention: dates 'YYYY-MM-DD', numbers rounded to their kind), period-0 premium/interest/rate blank. */
export function exportValues<Row>(tab: ExportTab<Row>, row: Row): (string | number | null)[] {
  return rawValues(tab, row).map((v, i) => exportCell(v, tab.columns[i]?.kind));
}

const csvLineOf = (cells: (string | number | null)[], kinds: (ExportKind | undefined)[]) => cells.map((v, i) => csvField(v, kinds[i])).join(',');

/** A single tab as CSV text: header block, blank line, column names, rows. */
export function tabToCsv<Row>(header: ExportHeader, tab: ExportTab<Row>): string {
  const lines = headerLines(header).map(([k, v, kind]) => csvLineOf([k, exportCell(v, kind)], ['text', kind]));
  lines.push('');
  lines.push(tab.columns.map((c) => csvField(c.header)).join(','));
  const kinds = tab.columns.map((c) => c.kind);
  for (const row of tab.rows) lines.push(csvLineOf(exportValues(tab, row), kinds));
  return `${lines.join('\r\n')}\r\n`;
}

/** A free sheet of a workbook (the inputs of a run): label/value lines after the header block. */
export interface ExportLines { name: string; lines: ExportLine[] }

/**
 * A value as a workbook cell of its kind: a date as a Date at UTC midnight (Excel stores the day,
 * formatted 'mm/dd/yyyy'), a number rounded to its kind, text as it is.
 */
export function xlsxCell(value: unknown, kind: ExportKind = 'text'): string | number | Date | null {
  if (kind === 'date') {
    const p = exportDateParts(value);
    if (p) return new Date(Date.UTC(p[0], p[1] - 1, p[2]));
  }
  return exportCell(value, kind);
}

/** The workbook number format of a column: its own, else its kind's. */
export const xlsxNumFmt = (kind: ExportKind | undefined, own?: string): string | undefined => own ?? EXPORT_NUMBER_FORMATS[kind ?? 'text'];

/** Writes one row of values under their kinds (cells formatted one by one, so a header block above keeps its own formats). */
export function addXlsxRow(sheet: ExcelJS.Worksheet, values: readonly unknown[], kinds: readonly (ExportKind | undefined)[] = [], numFmts: readonly (string | undefined)[] = []): ExcelJS.Row {
  const row = sheet.addRow(values.map((v, i) => xlsxCell(v, kinds[i])));
  values.forEach((v, i) => {
    const fmt = xlsxNumFmt(kinds[i], numFmts[i]);
    if (fmt && v !== null && v !== undefined) row.getCell(i + 1).numFmt = fmt;
  });
  return row;
}

/** Writes label/value lines (a header block, inputs), each value under its kind. */
export function addXlsxLines(sheet: ExcelJS.Worksheet, lines: readonly ExportLine[]): void {
  for (const [label, value, kind] of lines) addXlsxRow(sheet, [label, value], ['text', kind]);
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
 * with the header block; numbers stay numbers (rounded to their kind) with their kind's number
 * format, dates are date cells.
 */
export async function workbookToXlsx(header: ExportHeader, tabs: ExportTab<never>[] | ExportTab<unknown>[], lineSheets: ExportLines[] = []): Promise<ArrayBuffer> {
  const { default: Excel } = await import('exceljs'); // loaded on the first export, not with the screen
  const workbook = new Excel.Workbook();
  const used = new Set<string>();
  for (const sheetLines of lineSheets) {
    const sheet = workbook.addWorksheet(sheetName(sheetLines.name, used));
    addXlsxLines(sheet, headerLines(header));
    sheet.addRow([]);
    addXlsxLines(sheet, sheetLines.lines);
    sheet.getColumn(1).width = 24;
    sheet.getColumn(2).width = 28;
  }
  for (const tab of tabs as ExportTab<unknown>[]) {
    const sheet = workbook.addWorksheet(sheetName(tab.name, used));
    addXlsxLines(sheet, headerLines(tab.bondName ? { ...header, bondName: tab.bondName } : header));
    sheet.addRow([]);
    sheet.addRow(tab.columns.map((c) => c.header)).font = { bold: true };
    const kinds = tab.columns.map((c) => c.kind);
    const numFmts = tab.columns.map((c) => c.numFmt);
    for (const row of tab.rows) addXlsxRow(sheet, rawValues(tab, row), kinds, numFmts);
    tab.columns.forEach((c, i) => { sheet.getColumn(i + 1).width = Math.max(12, c.header.length + 2); });
  }
  return workbook.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}

/** Several tabs as an XLSX workbook (sheet names capped at 30 characters). */
export async function tabsToXlsx<Row>(header: ExportHeader, tabs: ExportTab<Row>[]): Promise<ArrayBuffer> {
  return workbookToXlsx(header, tabs as ExportTab<unknown>[]);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves a file the browser way (a temporary link). Every export of the app is saved through here. */
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

/** Saves workbook bytes as an .xlsx file. */
export function saveXlsx(data: ArrayBuffer, fileName: string): void {
  saveBlob(new Blob([data], { type: XLSX_TYPE }), fileName);
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
    : new Blob([await tabsToXlsx(header, tabs)], { type: XLSX_TYPE });
  saveBlob(blob, exportFileName(header, csv ? 'csv' : 'xlsx'));
}
