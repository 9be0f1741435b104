import type { ReportCell } from '@opencrt/contracts';

/** Duplicate column names (select a.x, b.x) get a suffix so every column survives as a key. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}_${count}`;
  });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Any driver value as a JSON-safe cell: dates as ISO text, bytes as hex, JSON as text. */
export function toCell(value: unknown): ReportCell {
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
 * Collects rows up to the row cap and the byte cap (the rows' JSON size). `add` answers false once
 * the answer is full, and `truncatedBy` tells why.
 */
export class RowCollector {
  readonly rows: ReportCell[][] = [];
  truncatedBy: 'rows' | 'bytes' | null = null;
  private bytes = 0;
  constructor(private readonly maxRows: number, private readonly maxBytes: number) {}

  add(raw: readonly unknown[]): boolean {
    if (this.truncatedBy) return false;
    const cells = raw.map(toCell);
    this.bytes += Buffer.byteLength(JSON.stringify(cells));
    if (this.bytes > this.maxBytes) { this.truncatedBy = 'bytes'; return false; }
    if (this.rows.length === this.maxRows) { this.truncatedBy = 'rows'; return false; }
    this.rows.push(cells);
    return true;
  }
}
