import { describe, expect, it } from 'vitest';
import { cutAfterPayoff, cutSimulationRows } from './cut-after-payoff.ts';

const rows = (balances: number[]) => balances.map((Balance, i) => ({ Period: i + 1, Balance }));

describe('cutAfterPayoff (spec 000 §4, issue 18 #4)', () => {
  it('keeps the row after the first balance under 0.005 and drops the rest', () => {
    // Pays off in period 3: period 4 is the last row shown.
    expect(cutAfterPayoff(rows([100, 50, 0, 0, 0, 0])).map((r) => r.Period)).toEqual([1, 2, 3, 4]);
    expect(cutAfterPayoff(rows([100, 0.004, 0, 0])).map((r) => r.Period)).toEqual([1, 2, 3]);
  });

  it('keeps every row of a class still outstanding, and 0.005 itself is not a payoff', () => {
    expect(cutAfterPayoff(rows([100, 50, 0.005, 0.005]))).toHaveLength(4);
    expect(cutAfterPayoff([])).toEqual([]);
  });

  it('cuts the collateral and each bond of a simulation answer on its own balance', () => {
    const cut = cutSimulationRows({
      CollateralCashflow: rows([10, 5, 1, 0.5]),
      BondsCashflows: [{ BondName: 'M-1', BondCashflow: rows([5, 0, 0, 0]) }, { BondName: 'B-1', BondCashflow: rows([5, 5, 5, 5]) }],
    });
    expect(cut.CollateralCashflow).toHaveLength(4);
    expect(cut.BondsCashflows.map((b) => b.BondCashflow.length)).toEqual([3, 4]);
  });
});
