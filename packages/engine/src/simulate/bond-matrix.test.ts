import { describe, expect, it } from 'vitest';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { runBondMatrix } from './bond-matrix.ts';
import type { DealScenario } from './run-deal.ts';

const spec = dna1Json as DealSpec;
const base: DealScenario = {
  prepay: { kind: 'annual', values: 0 }, default: { kind: 'annual', values: 0 }, severity: 0.25, delinquency: 0,
  indexRate: 0.0365786, lossSource: 'scenario', cleanUpCall: true, timeCall: true, collateralGroup: null,
};

describe('bond matrix (CDR rows × CPR columns)', () => {
  it('has the spec axes and agrees with the per-line projection to the printed 2 decimals', () => {
    const fast = runBondMatrix(spec, base, 'M-1', null, spec.dates.closingDate);
    expect(fast.Projection).toBe('aggregates');
    expect(fast.Cpr).toEqual([0, 5, 10, 15, 20, 25, 30, 35]);
    expect(fast.Cdr).toEqual([0, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5]);
    expect(fast.Wal).toHaveLength(9);
    expect(fast.Wal[0]).toHaveLength(8);
    const full = runBondMatrix(spec, base, 'M-1', null, spec.dates.closingDate, { full: true, cprPct: [5, 10, 30], cdrPct: [0, 1, 5] });
    expect(full.Projection).toBe('full');
    full.Wal.forEach((row, r) => row.forEach((w, c) => {
      const cdrIdx = fast.Cdr.indexOf(full.Cdr[r]!);
      const cprIdx = fast.Cpr.indexOf(full.Cpr[c]!);
      expect(fast.Wal[cdrIdx]![cprIdx]!.toFixed(2)).toBe(w.toFixed(2));
    }));
    // Table 1: M-1 WAL 1.75 at 10 % CPR, no losses, redemption at PD 60.
    expect(fast.Wal[0]![2]!.toFixed(2)).toBe('1.75');
    // Write-downs grow with CDR and vanish without losses.
    expect(fast.WritedownPct[0]!.every((x) => x === 0)).toBe(true);
    expect(fast.WritedownPct[8]![0]!).toBeGreaterThan(fast.WritedownPct[3]![0]!);
  });
  it('evaluates an extra metric per cell', () => {
    const m = runBondMatrix(spec, base, 'M-2', null, spec.dates.closingDate, { cprPct: [10], cdrPct: [0], metric: (b) => b.rows.reduce((s, r) => s + r.Interest, 0) });
    expect(m.Metric![0]![0]!).toBeGreaterThan(0);
  });
});
