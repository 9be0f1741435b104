import type { ReportCell } from '@opencrt/contracts';

/**
 * Limits of one report run: time left (its wait for a turn already taken off), rows, the JSON size
 * of the rows, and the length of one cell (longer text is cut).
 */
export interface RunLimits {
  timeoutMs: number; maxRows: number; maxBytes: number; maxCellChars: number;
  /** The report's whole time limit, its wait included (timeout messages name it); timeoutMs when absent. */
  budgetMs?: number | undefined;
}

export interface SourceResult {
  columns: string[];
  rows: ReportCell[][];
  /** Why the answer was cut, or null when it is whole. */
  truncatedBy: 'rows' | 'bytes' | null;
  /** Cells cut at the cell cap. */
  cellsCut: number;
}

/** A database refused or stopped the query; the message is safe to show to the report's user. */
export class ReportRunFailure extends Error {}
