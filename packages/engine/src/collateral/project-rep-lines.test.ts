import { describe, expect, it } from 'vitest';
import bma from '../../../../data/sources/bma/sda-cashflow-a.json' with { type: 'json' };
import { projectRepLines } from './project-rep-lines.ts';
import { scheduledBalanceFactor } from './amortization.ts';
import type { CollateralScenario } from './collateral-types.ts';

// Golden test: BMA Uniform Practices ch. SF, Cash Flow A (printed to whole dollars, half up).
const inp = bma.inputs;
const exp = bma.expected;
const line = { balance: inp.original_balance, grossRate: inp.gross_coupon_pct / 100, netRate: inp.net_coupon_pct / 100, remainingTerm: inp.remaining_term_months, age: inp.age_months };
const scenario = (advancing: boolean): CollateralScenario => ({
  prepay: { kind: 'monthly', values: inp.prepay.speed / 100 },
  default: { kind: 'monthly', values: inp.default.speed / 100 },
  severity: inp.loss_severity, delinquency: 0, recoveryLagMonths: inp.recovery_lag_months,
  servicerAdvancing: advancing, convention: 'sifma', fixedLossShare: null, roundToCent: false,
});

function maxError(actual: Float64Array | number[], printed: number[]): { max: number; at: number } {
  let max = 0;
  let at = -1;
  printed.forEach((p, i) => {
    const err = Math.abs((actual[i] as number) - p);
    if (err > max) { max = err; at = i + 1; }
  });
  return { max, at };
}

describe('BMA Cash Flow A (sifma convention)', () => {
  const adv = projectRepLines([line], scenario(true), 360);
  const noAdv = projectRepLines([line], scenario(false), 360);
  const adb = Array.from(adv.losses, (l, i) => l + (adv.recoveries[i] as number));
  const cases: [string, Float64Array | number[], number[]][] = [
    ['perf_bal', adv.balance, exp.perf_bal],
    ['new_def', adv.defaults, exp.new_def],
    ['fcl', adv.foreclosure, exp.fcl],
    ['exp_am', adv.scheduled, exp.exp_am],
    ['vol_prepay', adv.prepaid, exp.vol_prepay],
    ['exp_int', adv.interest, exp.exp_int],
    ['prin_recov', adv.recoveries, exp.prin_recov],
    ['prin_loss', adv.losses, exp.prin_loss],
    ['adb', adb, exp.adb],
    ['act_am', noAdv.scheduled, exp.act_am],
    ['act_int', noAdv.interest, exp.act_int],
    ['am_def', Array.from(adv.scheduled, (s, i) => s - (noAdv.scheduled[i] as number)), exp.am_def],
    ['lost_int', Array.from(adv.interest, (s, i) => s - (noAdv.interest[i] as number)), exp.lost_int],
  ];
  it.each(cases)('%s: every printed cell within $1', (_name, actual, printed) => {
    expect(printed).toHaveLength(360);
    const { max, at } = maxError(actual, printed);
    expect(max, `max error ${max.toFixed(4)} at month ${at}`).toBeLessThanOrEqual(1);
  });
  it('amort_factor and rates match the printed 4 / 2 decimals', () => {
    exp.amort_factor.forEach((p, i) => expect(Math.abs(scheduledBalanceFactor(0.08, 360, i + 1) - p)).toBeLessThanOrEqual(0.00005 + 1e-12));
    const mdr = Array.from(adv.defaults, (d, i) => d / (i === 0 ? inp.original_balance : (adv.balance[i - 1] as number)));
    exp.mdr.forEach((p, i) => expect(mdr[i]).toBeCloseTo(p, 6));
  });
  it('totals match the printed totals within $1', () => {
    const sum = (a: ArrayLike<number>): number => Array.from(a).reduce((s, x) => s + x, 0);
    expect(Math.abs(sum(adv.defaults) - exp.totals.new_def)).toBeLessThanOrEqual(1);
    expect(Math.abs(sum(adv.scheduled) - exp.totals.exp_am)).toBeLessThanOrEqual(1);
    expect(Math.abs(sum(adv.prepaid) - exp.totals.vol_prepay)).toBeLessThanOrEqual(1);
    expect(Math.abs(sum(adv.recoveries) - exp.totals.prin_recov)).toBeLessThanOrEqual(1);
    expect(Math.abs(sum(adv.losses) - exp.totals.prin_loss)).toBeLessThanOrEqual(1);
    expect(Math.abs(sum(adb) - exp.totals.adb)).toBeLessThanOrEqual(1);
  });
});
