/**
 * Vector value rules of spec 001 §5.3: blank filling, pasted text, ranges and the spreadsheet
 * layout (first row names, values below). Pure functions; the screen shows their messages.
 */
import ExcelJS from 'exceljs';
import { MAX_VECTOR_PERIODS } from '@opencrt/contracts';
import { cellNumber, cellText, isBlank } from '../../components/spreadsheet/sheet-cells.ts';

export const PASTE_FAILED = 'Failed to parse the pasted value.';
export const RANGE_START_MESSAGE = 'Start period must be at least 1.';
export const RANGE_END_MESSAGE = 'End period must be greater than start period.';

/** A vector cell: a number or blank. */
export type Cell = number | null;

/** Blank first values become 0; any other blank copies the value before it (spec 001 §5.3). */
export function fillBlanks(values: readonly Cell[]): number[] {
  const out: number[] = [];
  for (const v of values) out.push(v ?? (out.length === 0 ? 0 : out[out.length - 1]!));
  return out;
}

/** Drops trailing blanks (a column ends at its last value). */
export function trimBlanks(values: readonly Cell[]): Cell[] {
  let end = values.length;
  while (end > 0 && values[end - 1] === null) end--;
  return values.slice(0, end);
}

/** One cell's text: blank → null, a number (commas as thousands separators, trailing %) → number, else undefined. */
export function parseValue(text: string): Cell | undefined {
  const t = text.trim().replace(/%$/, '').replaceAll(',', '');
  if (t === '') return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}

/**
 * Pasted text → cells: one value per line (a spreadsheet column), or values separated by commas,
 * tabs or spaces on one line. Throws PASTE_FAILED when a value is not a number.
 */
export function parsePasted(text: string): Cell[] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const tokens = lines.length > 1 ? lines.map((l) => l.split('\t')[0] ?? '') : (lines[0] ?? '').split(/[,\t ]+/).filter((t, i, all) => t !== '' || all.length === 1);
  const cells = tokens.map(parseValue);
  if (cells.length === 0 || cells.some((c) => c === undefined)) throw new Error(PASTE_FAILED);
  return cells as Cell[];
}

/** Writes `cells` into `values` from index `at` down, growing the vector as needed. */
export function pasteAt(values: readonly Cell[], at: number, cells: readonly Cell[]): Cell[] {
  const out = [...values];
  while (out.length < at) out.push(null);
  cells.forEach((c, i) => { out[at + i] = c; });
  return out.slice(0, MAX_VECTOR_PERIODS);
}

/** Spec 001 §3.10 range: periods are 1-based and inclusive. */
export interface VectorRange { id: number; startPeriod: number; endPeriod: number; startValue: number; endValue: number }

/** Problems of one range (start ≥ 1, end > start, finite values, at most MAX_VECTOR_PERIODS). */
export function rangeIssues(r: VectorRange): string[] {
  const issues: string[] = [];
  if (!Number.isInteger(r.startPeriod) || r.startPeriod < 1) issues.push(RANGE_START_MESSAGE);
  if (!Number.isInteger(r.endPeriod) || r.endPeriod <= r.startPeriod) issues.push(RANGE_END_MESSAGE);
  if (r.endPeriod > MAX_VECTOR_PERIODS) issues.push(`End period must be at most ${MAX_VECTOR_PERIODS}.`);
  if (!Number.isFinite(r.startValue) || !Number.isFinite(r.endValue)) issues.push('Range values must be numbers.');
  return issues;
}

/**
 * Applies ranges in order onto `values`: each sets its periods linearly from startValue (at the
 * start period) to endValue (at the end period). Periods no range covers keep their value.
 */
export function applyRanges(values: readonly Cell[], ranges: readonly VectorRange[]): Cell[] {
  const out = [...values];
  for (const r of ranges) {
    while (out.length < r.endPeriod) out.push(null);
    const span = r.endPeriod - r.startPeriod;
    for (let p = r.startPeriod; p <= r.endPeriod; p++) {
      const v = r.startValue + ((r.endValue - r.startValue) * (p - r.startPeriod)) / span;
      out[p - 1] = Number(v.toFixed(10));
    }
  }
  return out;
}

/** Spreadsheet vectors: first sheet, row 1 names, values below; blanks filled later by fillBlanks. */
export async function parseVectorSheet(data: ArrayBuffer, fileName: string): Promise<{ Name: string; Value: Cell[] }[]> {
  const wb = new ExcelJS.Workbook();
  try { await wb.xlsx.load(data); } catch { throw new Error(`No data in ${fileName} file found.`); }
  const ws = wb.worksheets[0];
  const out: { Name: string; Value: Cell[] }[] = [];
  if (ws) {
    for (let col = 1; col <= ws.columnCount; col++) {
      const name = cellText(ws.getCell(1, col).value);
      const values: Cell[] = [];
      for (let row = 2; row <= ws.rowCount; row++) {
        const raw = ws.getCell(row, col).value;
        if (isBlank(raw)) { values.push(null); continue; }
        const n = cellNumber(raw);
        if (n === null) throw new Error(`Cell ${col}:${row} of ${fileName} is not a number: '${cellText(raw)}'.`);
        values.push(n);
      }
      const trimmed = trimBlanks(values);
      if (name && trimmed.length > 0) out.push({ Name: name, Value: trimmed });
    }
  }
  if (out.length === 0) throw new Error(`No data in ${fileName} file found.`);
  return out;
}
