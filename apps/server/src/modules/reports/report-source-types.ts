import type { ReportCell } from '@opencrt/contracts';

/** Limits of one report run: time, rows, and the JSON size of the rows. */
export interface RunLimits { timeoutMs: number; maxRows: number; maxBytes: number }

export interface SourceResult {
  columns: string[];
  rows: ReportCell[][];
  /** Why the answer was cut, or null when it is whole. */
  truncatedBy: 'rows' | 'bytes' | null;
}

/** A database refused or stopped the query; the message is safe to show to the report's user. */
export class ReportRunFailure extends Error {}
