/** Reading numbers and text out of ExcelJS cells (plain values, formulas, rich text, hyperlinks). */
import type ExcelJS from 'exceljs';

/** A cell's value reduced to a primitive: formula → its result, rich text → its text. */
export function cellPrimitive(value: ExcelJS.CellValue): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('result' in value) return cellPrimitive(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return null;
  }
  return null;
}

/** True when the cell holds nothing (or only spaces). */
export function isBlank(value: ExcelJS.CellValue): boolean {
  const p = cellPrimitive(value);
  return p === null || (typeof p === 'string' && p.trim() === '');
}

/** Trimmed text of a cell ('' when blank). */
export function cellText(value: ExcelJS.CellValue): string {
  const p = cellPrimitive(value);
  if (p === null) return '';
  return p instanceof Date ? p.toISOString() : String(p).trim();
}

/** The cell as a finite number (numeric text accepted, '%' sign ignored), or null. */
export function cellNumber(value: ExcelJS.CellValue): number | null {
  const p = cellPrimitive(value);
  if (typeof p === 'number') return Number.isFinite(p) ? p : null;
  if (typeof p === 'string') {
    const text = p.trim().replace(/%$/, '').replaceAll(',', '');
    if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null;
    return Number(text);
  }
  return null;
}

/** Excel column letters of a 1-based column number (for messages). */
export function columnLetter(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
