import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RootSearch, findRoot } from './root-solver.ts';

const search: RootSearch = { guess: 0, floor: -1, ceiling: 100, step: 0.01, tolerance: 1e-13, maxTries: 200 };

describe('findRoot', () => {
  it('solves x² = 2 with and without a derivative', () => {
    const withSlope = findRoot((x) => x * x - 2, (x) => 2 * x, { ...search, guess: 0.5 });
    const without = findRoot((x) => x * x - 2, null, { ...search, guess: 0.5 });
    expect(withSlope.ok && withSlope.x).toBeCloseTo(Math.SQRT2, 13);
    expect(without.ok && without.x).toBeCloseTo(Math.SQRT2, 13);
  });

  it('reports noRoot when f never changes sign (x² + 1)', () => {
    expect(findRoot((x) => x * x + 1, null, search)).toEqual({ ok: false, reason: 'noRoot' });
  });

  it('reports belowFloor when |f| shrinks toward the floor (x + 5, floor −1)', () => {
    expect(findRoot((x) => x + 5, () => 1, search)).toEqual({ ok: false, reason: 'belowFloor' });
    expect(findRoot((x) => x, () => 1, { ...search, guess: -1 })).toEqual({ ok: false, reason: 'belowFloor' });
  });

  it('reports tooManyTries when the budget is spent', () => {
    expect(findRoot((x) => x - 50, () => 1, { ...search, maxTries: 3 })).toEqual({ ok: false, reason: 'tooManyTries' });
  });

  it('finds the root of any increasing line inside the interval (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.99, max: 99, noNaN: true }), fc.double({ min: 0.01, max: 1e6, noNaN: true }), (root, slope) => {
        const r = findRoot((x) => slope * (x - root), null, { ...search, tolerance: 1e-9 * slope });
        expect(r.ok && r.x).toBeCloseTo(root, 8);
      }),
    );
  });
});
