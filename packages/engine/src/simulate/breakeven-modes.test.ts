import { describe, expect, it } from 'vitest';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { bondRows } from './bond-cashflows.ts';
import { runBreakevens } from './breakeven-cdr.ts';
import { responseOf } from './simulate.ts';
import { runAnyDeal } from './run-any-deal.ts';
import type { DealScenario } from './run-deal.ts';

const spec = dna1Json as DealSpec;
const base: DealScenario = {
  prepay: { kind: 'annual', values: 0.1 }, default: { kind: 'annual', values: 0.02 }, severity: 0.25, delinquency: 0,
  indexRate: 0.0365786, lossSource: 'scenario', cleanUpCall: false, timeCall: false, collateralGroup: null,
};
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Write-down of a class in one independent full run (the per-line projection, not the search's aggregates). */
function writeDown(scenario: DealScenario, bond: string): number {
  const rows = bondRows(runAnyDeal(spec, scenario, null), []).find((b) => b.name === bond)!.rows;
  return rows.reduce((s, r) => s + r.ActualWriteDown, 0);
}

describe('breakeven modes (issue 25 #5)', { timeout: 120_000 }, () => {
  it('Severity: at the base CDR, no loss one 0.01 step below the first-loss severity, a loss at it; full write-down at its own severity', () => {
    const result = runBreakevens(spec, base, null, { bondNames: ['M-2B', 'B-1H'], mode: 'Severity' });
    expect(result.Mode).toBe('Severity');
    expect(result.MaxSeverity).toBe(100);
    for (const b of result.Breakevens) {
      expect(b.FirstLossCdr).toBeNull();
      const first = b.FirstLossSeverity!;
      expect(first).toBeGreaterThan(0);
      expect(writeDown({ ...base, severity: round2(first - 0.01) / 100 }, b.BondName)).toBeLessThanOrEqual(0.005);
      expect(writeDown({ ...base, severity: first / 100 }, b.BondName)).toBeGreaterThan(0.005);
    }
    // The junior class breaks at a lower severity.
    const [m2b, b1h] = result.Breakevens;
    expect(b1h!.FirstLossSeverity!).toBeLessThan(m2b!.FirstLossSeverity!);
    expect(b1h!.FullWriteDownSeverity!).toBeGreaterThanOrEqual(b1h!.FirstLossSeverity!);
  });

  it('CumulativeLoss: the CDR breakevens, with the collateral loss of the run at each CDR as a percent of the original balance', () => {
    const cdr = runBreakevens(spec, base, null, { bondNames: ['M-1'] }).Breakevens[0]!;
    const result = runBreakevens(spec, base, null, { bondNames: ['M-1'], mode: 'CumulativeLoss' });
    const m1 = result.Breakevens[0]!;
    expect(m1.FirstLossCdr).toBe(cdr.FirstLossCdr);
    expect(m1.FullWriteDownCdr).toBe(cdr.FullWriteDownCdr);
    for (const [at, pct] of [[m1.FirstLossCdr!, m1.FirstLossCumulativeLoss!], [m1.FullWriteDownCdr!, m1.FullWriteDownCumulativeLoss!]] as const) {
      const single = responseOf(runAnyDeal(spec, { ...base, default: { kind: 'annual', values: at / 100 } }, null), null, spec.dates.closingDate);
      expect(pct).toBeCloseTo((single.ProjectedLosses / result.CollateralOriginalBalance) * 100, 6);
    }
    expect(m1.FullWriteDownCumulativeLoss!).toBeGreaterThan(m1.FirstLossCumulativeLoss!);
  });
});
