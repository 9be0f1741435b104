// The rows of a report as its thread collects them (report-client-worker.mjs and
// embedded-report-worker.mjs): driver values as JSON-safe cells, each cell cut at the cell cap, the
// answer cut at the row cap and at the byte cap (the rows' JSON size). Plain JavaScript: report
// threads load it without a TypeScript loader.

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** Any driver value as a JSON-safe cell: dates as ISO text, bytes as hex, JSON as text. */
export function toCell(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    // node-postgres reads a `date` as local midnight: give it back as the calendar day it was.
    const midnight = value.getHours() === 0 && value.getMinutes() === 0 && value.getSeconds() === 0 && value.getMilliseconds() === 0;
    return midnight ? `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}` : value.toISOString();
  }
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  return JSON.stringify(value);
}

/**
 * Collects rows up to the row cap and the byte cap. A text cell longer than `maxCellChars` is cut
 * to that length (counted in `cellsCut`, so the answer can say so). `add` answers false once the
 * answer is full, and `truncatedBy` tells why.
 */
export class RowCollector {
  rows = [];
  /** @type {'rows' | 'bytes' | null} */
  truncatedBy = null;
  cellsCut = 0;
  bytes = 0;

  constructor(maxRows, maxBytes, maxCellChars) {
    this.maxRows = maxRows;
    this.maxBytes = maxBytes;
    this.maxCellChars = maxCellChars;
  }

  add(raw) {
    if (this.truncatedBy) return false;
    let cut = 0;
    const cells = raw.map((value) => {
      const cell = toCell(value);
      if (typeof cell === 'string' && cell.length > this.maxCellChars) { cut++; return cell.slice(0, this.maxCellChars); }
      return cell;
    });
    this.bytes += Buffer.byteLength(JSON.stringify(cells));
    if (this.bytes > this.maxBytes) { this.truncatedBy = 'bytes'; return false; }
    if (this.rows.length === this.maxRows) { this.truncatedBy = 'rows'; return false; }
    this.rows.push(cells);
    this.cellsCut += cut;
    return true;
  }

  /** The answer as the thread posts it. */
  answer(columns) {
    return { columns, rows: this.rows, truncatedBy: this.truncatedBy, cellsCut: this.cellsCut };
  }
}

/**
 * Rows to ask for in the next batch so a batch stays near `batchBytes`: from the bytes the last
 * batch measured per row, between 1 and 1,000 (a first batch of one row measures them).
 */
export function nextBatchRows(batchBytes, measuredBytes, measuredRows) {
  if (measuredRows === 0) return 1;
  const perRow = Math.max(1, measuredBytes / measuredRows);
  return Math.max(1, Math.min(1000, Math.floor(batchBytes / perRow)));
}

/** The byte budget of one batch: an eighth of the answer cap, between 64 KiB and 2 MiB. */
export const batchBytesOf = (maxBytes) => Math.max(64 * 1024, Math.min(2 * 1024 * 1024, Math.floor(maxBytes / 8)));
