import { describe, expect, it } from 'vitest';
import { cdrFromLossTiming, lossTimingProblem } from './loss-timing.ts';
import { cdrToMdr, cprToSmm } from './rate-conversions.ts';

/** Replays the derivation's balance recursion: the loss each year of the CDR vector. */
function lossByYear(cdr: number[], severity: number, cpr: number): number[] {
  const years: number[] = [];
  let balance = 1;
  cdr.forEach((c, i) => {
    const defaults = balance * cdrToMdr(c);
    years[Math.floor(i / 12)] = (years[Math.floor(i / 12)] ?? 0) + defaults * severity;
    balance = (balance - defaults) * (1 - cprToSmm(cpr));
  });
  return years;
}

describe('loss timing → CDR vector (issue 25 #6)', () => {
  it('realizes the cumulative loss in the curve\'s yearly shares, with no defaults after the last year', () => {
    const cdr = cdrFromLossTiming(5, [20, 30, 25, 15, 10], 0.4, 0.1);
    expect(cdr).toHaveLength(61);
    expect(cdr[60]).toBe(0);
    const years = lossByYear(cdr, 0.4, 0.1);
    [0.2, 0.3, 0.25, 0.15, 0.1].forEach((share, y) => expect(years[y]).toBeCloseTo(0.05 * share, 12));
    // A later year needs a higher default rate on a smaller balance for the same loss.
    expect(cdr[24]!).toBeGreaterThan(cdr[0]!);
  });

  it('follows a severity vector and refuses curves that do not sum to 100', () => {
    const cdr = cdrFromLossTiming(2, [100], [0.5, 0.25], 0);
    expect(cdrToMdr(cdr[1]!)).toBeCloseTo(2 * cdrToMdr(cdr[0]!) * (1 / (1 - cdrToMdr(cdr[0]!))), 10);
    expect(lossTimingProblem([20, 30, 25, 15, 10])).toBeNull();
    expect(lossTimingProblem([20, 30, 25, 15])).toBe('shares must sum to 100 (they sum to 90)');
    expect(lossTimingProblem([])).toBe('needs 1 to 30 yearly shares');
    expect(lossTimingProblem([150, -50])).toBe('shares must be percents from 0 to 100');
  });
});
