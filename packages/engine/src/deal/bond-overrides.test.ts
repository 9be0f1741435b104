import { describe, expect, it } from 'vitest';
import remicJson from '../../../../data/deals/templates/fhlmc-5005.json' with { type: 'json' };
import nqmJson from '../../../../data/deals/templates/nqm-generic.json' with { type: 'json' };
import type { DealSpec } from './deal-spec.ts';
import { applyBondOverrides } from './bond-overrides.ts';
import { cashFlowWaterfall } from './waterfall-kind.ts';
import { validateDeal } from './validate-deal.ts';
import { simulate } from '../simulate/simulate.ts';

const remic = remicJson as DealSpec;
const nqm = nqmJson as DealSpec;
const run = (spec: DealSpec) => simulate(spec, { DealName: spec.dealName, Cpr: 0.1, Cdr: 0.005, LossSeverity: 0.3, Delinquency: 0.01, Libor: 0.04 }, null);

describe('template deals with overridden bonds (spec 001 Python editor)', () => {
  it('ships both templates as valid cash-flow structures', () => {
    expect(nqm.dealName).toBe('NQM GENERIC');
    expect(remic.dealName).toBe('FHLMC 5005');
    expect(validateDeal(nqm)).toEqual([]);
    expect(validateDeal(remic)).toEqual([]);
  });

  it('NQM GENERIC: a smaller A-1 shrinks the collateral and moves every attachment point', () => {
    const spec = applyBondOverrides(nqm, { 'A-1': { balance: 250_000_000 }, 'A-2': { couponPct: 6 } });
    expect(validateDeal(spec)).toEqual([]);
    // $400,000,000 − (288,000,000 − 250,000,000) = $362,000,000 of collateral.
    expect(spec.collateral.cutOffBalance).toBe(362_000_000);
    expect(spec.collateral.repLines.reduce((s, l) => s + l.balance, 0)).toBe(362_000_000);
    // A-1 attaches above the other classes: 112,000,000 / 362,000,000 = 30.9392 %.
    const a1 = spec.tranches.find((t) => t.name === 'A-1');
    expect(a1).toMatchObject({ originalNotional: 250_000_000, attachmentPct: 30.9392, detachmentPct: 100 });
    expect(cashFlowWaterfall(spec).interest.find((c) => c.tranche === 'A-2')?.coupon).toEqual({ kind: 'fixed', ratePct: 6 });
    // First month's interest of A-2: 32,000,000 × 6 % / 12 = 160,000 (the net-WAC cap 7.35 % does not bind).
    expect(run(spec).BondsCashflows.find((b) => b.BondName === 'A-2')?.BondCashflow[0]?.Interest).toBe(160_000);
  });

  it('FHLMC 5005: dropping the support class drops it everywhere; the PAC schedule scales with the PACs', () => {
    const spec = applyBondOverrides(remic, { SC: { balance: 0 }, PB: { balance: 90_000_000 } });
    expect(validateDeal(spec)).toEqual([]);
    expect(spec.tranches.map((t) => t.name)).toEqual(['PA', 'PB', 'Z']);
    // Group 1 collateral = PA + PB = 340,000,000; group 2 keeps Z's 205,000,000.
    expect(spec.collateral.cutOffBalance).toBe(545_000_000);
    const w = cashFlowWaterfall(spec);
    const oldSchedule = cashFlowWaterfall(remic).groups[0]?.steps[0]?.schedule ?? [];
    const schedule = w.groups[0]?.steps[0]?.schedule ?? [];
    // Scaled by 340 / 430: the first scheduled balance 427,903,529.72 × 340 / 430 = 338,342,093.04.
    expect(schedule[0]).toBeCloseTo(((oldSchedule[0] as number) * 340) / 430, 2);
    expect(w.groups[0]?.steps.map((s) => s.order)).toEqual([[['PA'], ['PB']], [['PA'], ['PB']]]);
    // The IO notional follows its PACs: 250 + 90 = 340 million.
    expect(spec.macrClasses.find((m) => m.name === 'IO')?.originalBalance).toBe(340_000_000);
    expect(run(spec).BondsCashflows.map((b) => b.BondName)).toEqual(['PA', 'PB', 'Z', 'IO']);
  });

  it('FHLMC 5005: dropping Z drops collateral group 2', () => {
    const spec = applyBondOverrides(remic, { Z: { balance: -1 } });
    expect(new Set(spec.collateral.repLines.map((l) => l.collateralGroup))).toEqual(new Set([1]));
    expect(spec.collateral.cutOffBalance).toBe(595_000_000);
    expect(validateDeal(spec)).toEqual([]);
  });

  it('refuses an unknown bond, a bad coupon and an empty deal', () => {
    expect(() => applyBondOverrides(remic, { XX: { balance: 1 } })).toThrow('Bond XX is not in FHLMC 5005.');
    expect(() => applyBondOverrides(remic, { PA: { couponPct: 30 } })).toThrow('Coupon of PA must be between 0 and 25 %.');
    expect(() => applyBondOverrides(nqm, Object.fromEntries(nqm.tranches.map((t) => [t.name, { balance: 0 }])))).toThrow('At least one bond needs a balance above 0.');
  });
});
