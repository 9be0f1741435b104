import { describe, expect, it } from 'vitest';
import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import type { CashFlowWaterfall } from '../deal/cash-flow-spec.ts';
import { groupStartBalances } from './group-start-balances.ts';

// Only the fields the split reads: rep lines (group, balance), class names and class groups.
const line = (collateralGroup: number, balance: number) => ({ collateralGroup, balance });
const spec = {
  collateral: { repLines: [line(1, 600), line(1, 400), line(2, 1000)] },
  tranches: [{ name: 'A' }, { name: 'Z' }],
} as unknown as DealSpec;
const w = { classGroups: { A: 1, Z: 2 } } as unknown as CashFlowWaterfall;
const state = (notionals: Record<string, number>, poolBalance: number, repLineBalances: number[] | null = null) =>
  ({ poolBalance, notionals, repLineBalances }) as unknown as DealState;

describe('groupStartBalances', () => {
  it('gives each group the balance of its classes, pro rata over its lines', () => {
    // Group 1 paid down to 500 (A), group 2 still 1,000 (Z): 500 → 300 / 200, Z's group 1,000.
    expect(groupStartBalances(spec, w, state({ A: 500, Z: 1000 }, 1500))).toEqual([300, 200, 1000]);
  });

  it('keeps the pool balance when the classes do not add up to it (scaled, cent residual settled)', () => {
    // Classes 500 + 1,000 but pool 1,200.01: groups get 1,200.01 × 1/3 and × 2/3.
    const out = groupStartBalances(spec, w, state({ A: 500, Z: 1000 }, 1200.01))!;
    expect(out.reduce((s, v) => s + v, 0)).toBeCloseTo(1200.01, 10);
    expect(out[2]).toBeCloseTo(800.01, 2);
    expect(out[0]! + out[1]!).toBeCloseTo(400, 2);
  });

  it('leaves single-group deals, given balances and empty classes to the pool factor', () => {
    const oneGroup = { ...spec, collateral: { repLines: [line(1, 1)] } } as unknown as DealSpec;
    expect(groupStartBalances(oneGroup, w, state({ A: 1 }, 1))).toBeNull();
    expect(groupStartBalances(spec, w, state({ A: 1, Z: 1 }, 2, [1, 0, 1]))).toBeNull();
    expect(groupStartBalances(spec, w, state({}, 10))).toBeNull();
  });
});
