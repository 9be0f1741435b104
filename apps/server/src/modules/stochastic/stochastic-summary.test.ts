import { describe, expect, it } from 'vitest';
import { histogram, percentile } from './stochastic-summary.ts';

describe('stochastic summary statistics', () => {
  it('nearest-rank percentiles', () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(Float64Array.of(7), 99)).toBe(7);
  });

  it('a histogram holds every path once, the largest in the last bin', () => {
    const sorted = Float64Array.of(0, 0, 0, 1, 2, 10);
    const bins = histogram(sorted, 5);
    expect(bins.map((b) => b.Paths)).toEqual([4, 1, 0, 0, 1]);
    expect(bins[0]).toEqual({ FromPct: 0, ToPct: 2, Paths: 4 });
    expect(bins[4]!.ToPct).toBe(10);
    expect(histogram(Float64Array.of(0, 0, 0))).toEqual([{ FromPct: 0, ToPct: 0, Paths: 3 }]);
  });
});
