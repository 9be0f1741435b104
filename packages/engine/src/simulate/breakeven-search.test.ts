import { describe, expect, it } from 'vitest';
import { searchGrid } from './breakeven-search.ts';

/** A probe on a step function (reached from `answer`) with a guide, counting the distinct steps it runs. */
function probeOf(answer: number, guide: ((s: number) => number) | null) {
  const seen = new Set<number>();
  return {
    seen,
    probe: {
      reached: (s: number) => { seen.add(s); return s >= answer; },
      guide: (s: number) => (guide ? guide(s) : null),
    },
  };
}

describe('breakeven grid search', () => {
  it('finds the first step reached, guided in far fewer probes than bisection', () => {
    // A straight guide crossing 0 at 1234.4: the answer is 1235.
    const guided = probeOf(1235, (s) => s - 1234.4);
    expect(searchGrid(0, 10_000, guided.probe)).toBe(1235);
    expect(guided.seen.size).toBeLessThanOrEqual(4);
    const bisected = probeOf(1235, null);
    expect(searchGrid(0, 10_000, bisected.probe)).toBe(1235);
    expect(bisected.seen.size).toBeGreaterThanOrEqual(13);
  });

  it('still answers exactly when the guide is bent or wrong (the bracket moves on the true test only)', () => {
    for (const guide of [(s: number) => (s / 10_000) ** 4 - 0.0001, (s: number) => s - 9_000, () => -1]) {
      expect(searchGrid(0, 10_000, probeOf(777, guide).probe)).toBe(777);
    }
    // A guide that is flat below the target (a class's own write-down) falls back to bisection.
    expect(searchGrid(100, 200, probeOf(101, (s) => (s >= 101 ? 1 : -0.005)).probe)).toBe(101);
  });
});
