import { describe, expect, it } from 'vitest';
import bma from '../../../../data/sources/bma/sda-cashflow-a.json' with { type: 'json' };
import { projectLoans, sortLoansByRemainingTerm } from './project-loans.ts';
import { projectRepLines } from './project-rep-lines.ts';
import type { CollateralLine, CollateralScenario } from './collateral-types.ts';
import { tapeOf } from './test-tape.ts';

const base: CollateralScenario = {
  prepay: { kind: 'annual', values: [0.06, 0.08, 0.12] }, default: { kind: 'annual', values: 0.02 }, severity: 0.35,
  delinquency: 0.01, recoveryLagMonths: 0, servicerAdvancing: false, convention: 'sifma', fixedLossShare: null, roundToCent: false,
};
const lines: CollateralLine[] = [
  { balance: 1_000_000, grossRate: 0.065, netRate: 0.06, remainingTerm: 357, age: 3 },
  { balance: 2_500_000, grossRate: 0.04, netRate: 0.035, remainingTerm: 120, age: 60 },
  { balance: 750_000.5, grossRate: 0.07125, netRate: 0.0675, remainingTerm: 240, age: 0 },
];

describe('loan-level projection', () => {
  it('reproduces BMA Cash Flow A for a single loan (lag 12, advancing) within $1', () => {
    const sc: CollateralScenario = { ...base, prepay: { kind: 'monthly', values: 0.01 }, default: { kind: 'monthly', values: 0.01 }, severity: 0.2, recoveryLagMonths: 12, servicerAdvancing: true };
    const f = projectLoans(tapeOf([{ balance: 1e8, grossRate: 0.08, netRate: 0.08, remainingTerm: 360, age: 0 }]), sc, 360);
    const e = bma.expected;
    const cols: [Float64Array, number[]][] = [[f.balance, e.perf_bal], [f.scheduled, e.exp_am], [f.prepaid, e.vol_prepay], [f.interest, e.exp_int], [f.losses, e.prin_loss], [f.recoveries, e.prin_recov], [f.foreclosure, e.fcl]];
    for (const [a, p] of cols) p.forEach((x, i) => expect(Math.abs((a[i] as number) - x)).toBeLessThanOrEqual(1));
  });
  for (const convention of ['sifma', 'stacr-ppm'] as const) {
    it(`matches the rep-line projection summed over lines (${convention}, no rounding)`, () => {
      const sc = { ...base, convention, fixedLossShare: convention === 'stacr-ppm' ? 0.25 : null };
      const loans = projectLoans(sortLoansByRemainingTerm(tapeOf(lines)), sc, 360);
      const reps = projectRepLines(lines, sc, 360);
      for (const key of ['balance', 'scheduled', 'prepaid', 'defaults', 'losses', 'recoveries', 'interest', 'passThru'] as const) {
        reps[key].forEach((x, i) => expect(Math.abs((loans[key][i] as number) - x), `${key}[${i}]`).toBeLessThan(1e-4));
      }
    });
  }
  it('sorts by remaining term ascending', () => {
    const s = sortLoansByRemainingTerm(tapeOf(lines));
    expect(Array.from(s.remainingTerm)).toEqual([120, 240, 357]);
    expect(Array.from(s.balance)).toEqual([2_500_000, 750_000.5, 1_000_000]);
  });
});
