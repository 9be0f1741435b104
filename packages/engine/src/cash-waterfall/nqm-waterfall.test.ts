import { describe, expect, it } from 'vitest';
import type { CashWaterfallOptions, GroupCollections } from './cash-waterfall-types.ts';
import { runCashWaterfall } from './run-cash-waterfall.ts';
import { c, series } from './test-collections.ts';
import type { RowInput } from './test-collections.ts';
import { nqm } from './test-deals.ts';

// Deal (test-deals.ts `nqm`): A-1 500k / A-2 200k / A-3 100k at 6 % (+1 % after PD 2), M-1 100k at 7 %,
// B-1 100k at 8 %, all capped at net WAC − 0.12 % fees; 1 % cumulative-loss band, 10 % delinquency, 30 % call.
const { tranches, w } = nqm;

const options: CashWaterfallOptions = {
  optionalRedemption: true, callPaymentDateNumber: null, indexRates: [], accrualDays: [],
  startBalances: null, startReserve: null, startCumulativeLoss: 0,
};
const A1 = 0, M1 = 3, B1 = 4;
/** A quiet closing date appended so that the dates under test are not the final (redemption) one. */
const tail: RowInput = { netRate: 0.075 };
const run = (rows: RowInput[], opts: Partial<CashWaterfallOptions> = {}) =>
  runCashWaterfall(tranches, w, 1_000_000, [series(1, 1_000_000, [...rows, tail])], { ...options, ...opts });
const run1 = (row: RowInput, opts: Partial<CashWaterfallOptions> = {}) => run([row], opts).periods[0]!;

/** PD 1 flows: 7.5 % net WAC, $1,000 scheduled + $9,000 prepaid. */
const pd1: RowInput = { netRate: 0.075, scheduled: 1_000, prepaid: 9_000 };

describe('cash-flow waterfall: NQM', () => {
  it('pays fees, capped coupons and pro-rata senior principal while the trigger passes', () => {
    const p = run1(pd1);
    // Interest collected = 1,000,000 × 7.5 % / 12 = 6,250.00; fees = 1,000,000 × 0.12 % / 12 = 100.00.
    expect(p.collections.netInterest).toBe(c(6_250));
    expect(p.fees).toBe(c(100));
    // Net WAC cap = 7.50 − 0.12 = 7.38 %: binds B-1 (8 %), not M-1 (7 %) or the seniors (6 %).
    expect(p.coupon[B1]).toBeCloseTo(0.0738, 12);
    expect(p.coupon[M1]).toBeCloseTo(0.07, 12);
    // A-1 500,000 × 6 %/12 = 2,500; A-2 1,000; A-3 500; M-1 100,000 × 7 %/12 = 583.33; B-1 100,000 × 7.38 %/12 = 615.00.
    expect(p.interest).toEqual([c(2_500), c(1_000), c(500), c(583.33), c(615)]);
    // Principal 10,000 pro rata 500:200:100 → 6,250 / 2,500 / 1,250; M-1, B-1 nothing.
    expect(p.triggerPass).toBe(true);
    expect(p.principal).toEqual([c(6_250), c(2_500), c(1_250), 0, 0]);
    // Residual = 6,250 − 100 − 5,198.33 = 951.67 (excess spread).
    expect(p.residual).toBe(c(951.67));
    expect(p.notional).toEqual([c(493_750), c(197_500), c(98_750), c(100_000), c(100_000)]);
    expect(p.overcollateralization).toBe(0);
  });

  it('cumulative-loss trigger: 0.9999 % and exactly 1 % pass (pro rata), 1.0001 % fails (sequential)', () => {
    // Loss 9,999 on 1,000,000 = 0.9999 % ≤ 1 %: pro rata; the loss writes B-1 down (no OC):
    // classes after principal 990,000 − collateral 980,001 = 9,999.
    const under = run1({ ...pd1, losses: 9_999 });
    expect(under.triggerPass).toBe(true);
    expect(under.cumulativeLossPct).toBeCloseTo(0.009999, 12);
    expect(under.principal).toEqual([c(6_250), c(2_500), c(1_250), 0, 0]);
    expect(under.writeDown).toEqual([0, 0, 0, 0, c(9_999)]);
    expect(run1({ ...pd1, losses: 10_000 }).triggerPass).toBe(true);
    // Loss 10,001 = 1.0001 % > 1 %: A-1 takes all 10,000 first.
    const over = run1({ ...pd1, losses: 10_001 });
    expect(over.triggerPass).toBe(false);
    expect(over.principal).toEqual([c(10_000), 0, 0, 0, 0]);
    expect(over.writeDown[B1]).toBe(c(10_001));
    // The loss is cumulative: 9,999 before the run + 2 now = 10,001 fails as well.
    expect(run1({ ...pd1, losses: 2 }, { startCumulativeLoss: c(9_999) }).triggerPass).toBe(false);
  });

  it('delinquency trigger: 60+ at exactly 10 % of the end balance passes, a cent more fails', () => {
    // End balance 990,000; 10 % = 99,000.00.
    expect(run1({ ...pd1, delinquent: 99_000 }).triggerPass).toBe(true);
    const over = run1({ ...pd1, delinquent: 99_000.99 });
    expect(over.triggerPass).toBe(false);
    expect(over.principal).toEqual([c(10_000), 0, 0, 0, 0]);
  });

  it('steps senior coupons up after PD 2 and caps every class at net WAC less fees when it falls', () => {
    const still = { netRate: 0.075 };
    const res = run([still, still, still, { netRate: 0.068 }]);
    const [p1, p2, p3, p4] = res.periods;
    expect(p1!.coupon[A1]).toBeCloseTo(0.06, 12);
    expect(p2!.coupon[A1]).toBeCloseTo(0.06, 12);
    // PD 3: 6 + 1 = 7 % (below the 7.38 % cap) → A-1 500,000 × 7 %/12 = 2,916.67.
    expect(p3!.coupon[A1]).toBeCloseTo(0.07, 12);
    expect(p3!.interest[A1]).toBe(c(2_916.67));
    // PD 4: net WAC 6.80 % → cap 6.68 % binds all five classes:
    // A-1 2,783.33, A-2 1,113.33, A-3 556.67, M-1 556.67, B-1 556.67 = 5,566.67
    // = interest 5,666.67 − fees 100 → the residual gets nothing.
    expect(p4!.coupon.every((x) => Math.abs(x - 0.0668) < 1e-12)).toBe(true);
    expect(p4!.interest).toEqual([c(2_783.33), c(1_113.33), c(556.67), c(556.67), c(556.67)]);
    expect(p4!.residual).toBe(0);
  });

  it('writes losses down reverse sequentially, never below zero, and carries unpaid interest forward', () => {
    // Loss 150,000: B-1 100,000 to 0, then M-1 50,000. Trigger fails (15 %).
    const res = run([{ netRate: 0.075, losses: 150_000 }, { netRate: 0.075, netInterest: 3_000 }, { netRate: 0.075, netInterest: 7_000 }]);
    const [p1, p2, p3] = res.periods;
    expect(p1!.writeDown).toEqual([0, 0, 0, c(50_000), c(100_000)]);
    expect(p1!.notional).toEqual([c(500_000), c(200_000), c(100_000), c(50_000), 0]);
    expect(p1!.triggerPass).toBe(false);
    // PD 2 interest 3,000 − fees (850,000 × 0.12 %/12 = 85) = 2,915 for seniors due 2,500 + 1,000 + 500
    // = 4,000: pro rata by due → 1,821.88 / 728.75 / 364.37 (residual cent to the last); shortfalls
    // 678.12 / 271.25 / 135.63 carried; M-1 (50,000 × 7 %/12 = 291.67) gets nothing.
    expect(p2!.interest).toEqual([c(1_821.88), c(728.75), c(364.37), 0, 0]);
    expect(p2!.interestShortfall).toEqual([c(678.12), c(271.25), c(135.63), c(291.67), 0]);
    expect(p2!.residual).toBe(0);
    // PD 3 (seniors stepped up to 7 %): interest 7,000 − fees 85 = 6,915. Due = coupon + carry (no interest on
    // the carry): A-1 2,916.67 + 678.12 = 3,594.79, A-2 1,166.67 + 271.25 = 1,437.92, A-3 583.33 + 135.63 = 718.96,
    // M-1 291.67 + 291.67 = 583.34 — all paid; residual 6,915 − 5,751.67 − 583.34 = 579.99.
    expect(p3!.interest).toEqual([c(3_594.79), c(1_437.92), c(718.96), c(583.34), 0]);
    expect(p3!.residual).toBe(c(579.99));
    expect(p3!.interestShortfall).toEqual([0, 0, 0, 0, 0]);
  });

  it('redeems when the collateral reaches 30 % of cut-off with the switch on, pays every class off', () => {
    const row: RowInput = { netRate: 0.075, prepaid: 700_000 };
    const p = run1(row);
    // End balance 300,000 = 30 % of 1,000,000 → sold at par; 700,000 + 300,000 pays all 1,000,000.
    expect(p.redemption).toBe(true);
    expect(p.redemptionProceeds).toBe(c(300_000));
    expect(p.principal).toEqual([c(500_000), c(200_000), c(100_000), c(100_000), c(100_000)]);
    expect(p.notional.every((x) => x === 0)).toBe(true);
    expect(p.residual).toBe(c(951.67));
    const off = run([row], { optionalRedemption: false });
    expect(off.periods[0]!.redemption).toBe(false);
    expect(off.periods).toHaveLength(2);
  });

  it('rejects collections whose begin balance does not continue the previous end', () => {
    const rows: GroupCollections[] = series(1, 1_000_000, [pd1, pd1]);
    rows[1] = { ...rows[1]!, beginBalance: rows[1]!.beginBalance + 1 };
    expect(() => runCashWaterfall(tranches, w, 1_000_000, [rows], options)).toThrow(/begin balance/);
  });
});
