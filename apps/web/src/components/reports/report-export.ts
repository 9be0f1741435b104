/**
 * Export to Excel (spec 002 "Reports": built on the client with ExcelJS). The sheet keeps the
 * column formats as Excel number formats, so numbers stay numbers (rounded to the column's places)
 * and dates stay dates, in the export convention (mm/dd/yyyy; @opencrt/contracts export-format).
 */
import ExcelJS from 'exceljs';
import { exportFileStamp, type ReportCell } from '@opencrt/contracts';
import { columnTotals, excelNumberFormat, excelValue, type DisplayColumn } from './report-format.ts';

/** Worksheet names are cut to 30 characters and lose the characters Excel refuses (spec 002 §9). */
export const sheetName = (name: string): string => (name.replace(/[\\/?*[\]:]/g, ' ').trim() || 'Report').slice(0, 30);

export async function reportWorkbook(reportName: string, columns: readonly DisplayColumn[], rows: readonly Record<string, ReportCell>[]): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(reportName));
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: Math.max(12, Math.min(40, c.label.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => excelValue(row[c.key] ?? null, c.dataType)));
  const totals = columnTotals(columns, rows);
  if (totals.size > 0) {
    const totalRow = sheet.addRow(columns.map((c, i) => (totals.has(c.key) ? excelValue(totals.get(c.key)!, c.dataType) : i === 0 ? 'Total' : null)));
    totalRow.font = { bold: true };
  }
  columns.forEach((c, i) => {
    const format = excelNumberFormat(c.dataType);
    if (format) sheet.getColumn(i + 1).numFmt = format;
  });
  return workbook.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}

/** File name from the report name and the run time (the export convention's YYYY-MM-DD_HHMM). */
export function reportFileName(reportName: string, at: Date): string {
  return `${reportName.replace(/[^\w.-]+/g, '_').replace(/_+/g, '_') || 'report'}_${exportFileStamp(at)}.xlsx`;
}

