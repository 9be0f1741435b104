import { describe, expect, it } from 'vitest';
import dna2Json from '../../../../data/deals/structures/stacr-2026-dna2.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { runReferenceWaterfall } from './reference-waterfall.ts';
import { referenceWaterfall } from '../deal/waterfall-kind.ts';
import type { PoolPeriod } from './pool-periods.ts';

const spec = dna2Json as DealSpec;
const cut = Math.round(spec.collateral.cutOffBalance * 100);
const idx = (name: string): number => spec.tranches.findIndex((t) => t.name === name);

/** Pool periods with given stated principal, credit events, loss and recovery (cents). */
function periods(rows: { sp: number; ce: number; loss: number; rec?: number; dlq?: number }[]): PoolPeriod[] {
  let upb = cut;
  return rows.map((r, i) => {
    upb -= r.sp + r.ce;
    return {
      paymentDateNumber: i + 1, firstMonth: i, lastMonth: i, scheduled: r.sp, unscheduled: 0, statedPrincipal: r.sp,
      creditEvents: r.ce, principalLoss: r.loss, principalRecovery: r.rec ?? 0, upbEnd: upb, distressed: r.dlq ?? 0,
    };
  });
}
const opts = { cleanUpCall: false, timeCallPaymentDateNumber: null, state: null };

describe('reference waterfall rules', () => {
  it('writes down reverse-sequentially and writes up sequentially, excess to OC which absorbs later losses first', () => {
    const b3 = Math.round(spec.tranches[idx('B-3H')]!.originalNotional * 100);
    const res = runReferenceWaterfall(spec, periods([
      { sp: 0, ce: b3 + 5_000_00, loss: b3 + 5_000_00 },     // wipes B-3H, 5,000 into B-2H
      { sp: 0, ce: 0, loss: 0, rec: 3_000_00 },             // write-up, top-down: first tranche with write-downs is B-2H
      { sp: 0, ce: 0, loss: 0, rec: b3 + 10_000_00 },       // more than all cumulative write-downs → OC
      { sp: 0, ce: 1_000_00, loss: 1_000_00 },              // OC absorbs it
    ]), opts);
    const [p1, p2, p3, p4] = res.periods;
    expect(p1!.writeDown[idx('B-3H')]).toBe(b3);
    expect(p1!.writeDown[idx('B-2H')]).toBe(5_000_00);
    // Write-ups go top-down to the first tranche with cumulative write-downs: B-2H before B-3H.
    expect(p2!.writeUp[idx('B-2H')]).toBe(3_000_00);
    expect(p3!.writeUp[idx('B-2H')]).toBe(2_000_00);
    expect(p3!.writeUp[idx('B-3H')]).toBe(b3);
    expect(p3!.overcollateralization).toBe(8_000_00);
    expect(p4!.writeDown.every((x) => x === 0)).toBe(true);
    expect(p4!.overcollateralization).toBe(7_000_00);
    // Recovery principal (write-ups) is paid to the senior tranche.
    expect(p2!.recoveryPrincipal).toBe(3_000_00);
    expect(p2!.principal[idx('A-H')]).toBe(3_000_00);
  });
  it('raises A-H when a realised loss exceeds the period credit events (loss after the event)', () => {
    const res = runReferenceWaterfall(spec, periods([{ sp: 0, ce: 10_000_00, loss: 0 }, { sp: 0, ce: 0, loss: 2_500_00 }]), opts);
    const [p1, p2] = res.periods;
    expect(p1!.recoveryPrincipal).toBe(10_000_00);
    expect(p2!.seniorIncrease).toBe(2_500_00);
    expect(p2!.notional[idx('A-H')]! - p1!.notional[idx('A-H')]!).toBe(2_500_00);
  });
  it('fails the delinquency test when the 6-period average distressed balance is too high, paying all principal senior', () => {
    const res = runReferenceWaterfall(spec, periods([{ sp: 100_000_000_00, ce: 0, loss: 0, dlq: Math.round(cut * 0.03) }]), opts);
    const p = res.periods[0]!;
    expect(p.tests.delinquency).toBe(false);
    expect(p.tests.allPass).toBe(false);
    expect(p.subordinateReduction).toBe(0);
    expect(p.seniorReduction).toBe(100_000_000_00);
  });
  it("applies the CAS-style failing rule when the deal says so", () => {
    const cas: DealSpec = { ...spec, waterfall: { ...referenceWaterfall(spec), failingTestRule: 'senior-pct-scheduled-plus-unscheduled' } };
    const pp = periods([{ sp: 50_000_000_00, ce: 0, loss: 0, dlq: Math.round(cut * 0.03) }]);
    pp[0] = { ...pp[0]!, scheduled: 20_000_000_00, unscheduled: 30_000_000_00 };
    const p = runReferenceWaterfall(cas, pp, opts).periods[0]!;
    expect(p.seniorReduction).toBe(Math.round(p.seniorPct * 20_000_000_00) + 30_000_000_00);
    expect(p.subordinateReduction).toBe(50_000_000_00 - p.seniorReduction);
  });
  it('redeems at the time call after applying write-downs', () => {
    const res = runReferenceWaterfall(spec, periods([{ sp: 1_000_00, ce: 0, loss: 0 }, { sp: 1_000_00, ce: 4_000_00, loss: 1_000_00 }]), { ...opts, timeCallPaymentDateNumber: 2 });
    const p = res.periods[1]!;
    expect(p.redemption).toBe(true);
    expect(p.writeDown[idx('B-3H')]).toBe(1_000_00);
    expect(p.notional.every((x) => x === 0)).toBe(true);
    expect(res.periods).toHaveLength(2);
  });
});
