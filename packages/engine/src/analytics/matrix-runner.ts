/**
 * Scenario matrices (crt-domain §5.3; spec 001 §3.9: "the matrix answer is indexed by CDR then
 * CPR"). The runner is generic: each cell is the caller's own full recomputation at one constant
 * CPR/CDR pair, so any metric (price, yield, WAL, write-down %, ROI) fits.
 */

/** Matrix axes in percent (CPR 10 = 10 % a year). */
export interface MatrixAxes {
  cprPct: readonly number[];
  cdrPct: readonly number[];
}

/** The standard grid: CPR columns 0–35 % by 5, CDR rows 0–5 %. */
export const STANDARD_MATRIX_AXES: MatrixAxes = {
  cprPct: [0, 5, 10, 15, 20, 25, 30, 35],
  cdrPct: [0, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5],
};

/** Spec 000 §5 wording for an empty axis. */
export const MATRIX_NEEDS_AXES = 'A matrix needs at least one CPR and one CDR';

/** A validation problem (path names the input, message is shown to the user). */
export interface MatrixIssue {
  path: string;
  message: string;
}

/**
 * Checks matrix axes: both non-empty (spec 000 §5 message), every value a finite number
 * ≥ 0 (CPR ≤ 100). Returns an empty list when the axes can be run.
 */
export function validateMatrixAxes(axes: MatrixAxes): MatrixIssue[] {
  if (axes.cprPct.length === 0 || axes.cdrPct.length === 0) return [{ path: axes.cprPct.length === 0 ? 'cprPct' : 'cdrPct', message: MATRIX_NEEDS_AXES }];
  const issues: MatrixIssue[] = [];
  axes.cprPct.forEach((v, k) => {
    if (!Number.isFinite(v) || v < 0 || v > 100) issues.push({ path: `cprPct.${k}`, message: 'CPR must be between 0 and 100' });
  });
  axes.cdrPct.forEach((v, k) => {
    if (!Number.isFinite(v) || v < 0 || v > 100) issues.push({ path: `cdrPct.${k}`, message: 'CDR must be between 0 and 100' });
  });
  return issues;
}

/** A computed matrix: `rows[i][j]` is the cell at `cdrPct[i]`, `cprPct[j]`. */
export interface Matrix<T> {
  cprPct: readonly number[];
  cdrPct: readonly number[];
  rows: T[][];
}

/**
 * Runs `cell(cprPct, cdrPct)` for every CDR row and CPR column (rows by CDR, then CPR).
 * Throws RangeError with the first validation message when the axes are invalid: validate user
 * input with `validateMatrixAxes` first.
 */
export function runMatrix<T>(cell: (cprPct: number, cdrPct: number) => T, axes: MatrixAxes = STANDARD_MATRIX_AXES): Matrix<T> {
  const issues = validateMatrixAxes(axes);
  if (issues.length > 0) throw new RangeError((issues[0] as MatrixIssue).message);
  return {
    cprPct: [...axes.cprPct],
    cdrPct: [...axes.cdrPct],
    rows: axes.cdrPct.map((cdr) => axes.cprPct.map((cpr) => cell(cpr, cdr))),
  };
}

/**
 * Extracts one grid from a matrix of richer cells (e.g. WAL or write-down % from per-cell
 * metrics): same axes, `pick` applied to each cell.
 */
export function mapMatrix<T, U>(matrix: Matrix<T>, pick: (cell: T, cprPct: number, cdrPct: number) => U): Matrix<U> {
  return {
    cprPct: matrix.cprPct,
    cdrPct: matrix.cdrPct,
    rows: matrix.rows.map((row, i) => row.map((c, j) => pick(c, matrix.cprPct[j] as number, matrix.cdrPct[i] as number))),
  };
}

/** Value grid of result-object cells: `Value` when successful, null (shown '-----') otherwise. */
export function matrixValues<T extends { IsSuccessful: boolean; Value: number | null }>(matrix: Matrix<T>): Matrix<number | null> {
  return mapMatrix(matrix, (c) => (c.IsSuccessful ? c.Value : null));
}
