import { describe, expect, it } from 'vitest';
import { fail, succeed } from './analytics-result.ts';
import { MATRIX_NEEDS_AXES, STANDARD_MATRIX_AXES, mapMatrix, matrixValues, runMatrix, validateMatrixAxes } from './matrix-runner.ts';

describe('matrix runner', () => {
  it('runs the standard 9 × 8 grid indexed by CDR then CPR', () => {
    const calls: string[] = [];
    const m = runMatrix((cpr, cdr) => {
      calls.push(`${cdr}/${cpr}`);
      return cpr * 1000 + cdr;
    });
    expect(m.rows).toHaveLength(9);
    expect(m.rows.every((r) => r.length === 8)).toBe(true);
    expect(m.rows[3]?.[2]).toBe(10 * 1000 + 1); // CDR 1 %, CPR 10 %
    expect(m.rows[8]?.[7]).toBe(35 * 1000 + 5);
    expect(calls).toHaveLength(72);
    expect(calls[0]).toBe('0/0');
    expect(calls[1]).toBe('0/5'); // CPR varies fastest within a CDR row
    expect(m.cprPct).toEqual(STANDARD_MATRIX_AXES.cprPct);
  });

  it('extracts grids from richer cells', () => {
    const m = runMatrix((cpr, cdr) => ({ wal: 10 - cpr / 10, writeDownPct: cdr * 2 }), { cprPct: [0, 10], cdrPct: [1] });
    expect(mapMatrix(m, (c) => c.wal).rows).toEqual([[10, 9]]);
    expect(mapMatrix(m, (c) => c.writeDownPct).rows).toEqual([[2, 2]]);
    const results = runMatrix((cpr) => (cpr > 0 ? succeed(cpr / 100, {}) : fail("Can't compute Yield.")), { cprPct: [0, 20], cdrPct: [0] });
    expect(matrixValues(results).rows).toEqual([[null, 0.2]]);
  });

  it('needs at least one CPR and one CDR', () => {
    expect(validateMatrixAxes({ cprPct: [], cdrPct: [1] })).toEqual([{ path: 'cprPct', message: MATRIX_NEEDS_AXES }]);
    expect(validateMatrixAxes({ cprPct: [1], cdrPct: [] })).toEqual([{ path: 'cdrPct', message: MATRIX_NEEDS_AXES }]);
    expect(MATRIX_NEEDS_AXES).toBe('A matrix needs at least one CPR and one CDR');
    expect(() => runMatrix(() => 0, { cprPct: [], cdrPct: [] })).toThrow(MATRIX_NEEDS_AXES);
  });

  it('rejects values outside 0–100', () => {
    expect(validateMatrixAxes({ cprPct: [5, -1], cdrPct: [Number.NaN] }).map((i) => i.path)).toEqual(['cprPct.1', 'cdrPct.0']);
    expect(validateMatrixAxes(STANDARD_MATRIX_AXES)).toEqual([]);
  });
});
