import { describe, expect, it } from 'vitest';
import type { CashWaterfallOptions } from './cash-waterfall-types.ts';
import { runCashWaterfall } from './run-cash-waterfall.ts';
import { c, series } from './test-collections.ts';
import type { RowInput } from './test-collections.ts';
import { abs } from './test-deals.ts';

// Deal (test-deals.ts `abs`): A-1 200k 2 %, A-2A 150k 3 %, A-2B 150k index + 0.5 %, A-3 300k 3.5 %, B 100k 4.5 %
// on 1,000,000 of 10 % loans; OC target max(15 % current, 2 % cut-off); reserve 10,000 (1 % floor); 10 % clean-up.
const { tranches, w } = abs;

const rate = 0.1;
const options: CashWaterfallOptions = {
  optionalRedemption: true, callPaymentDateNumber: null, indexRates: [0.045], accrualDays: [31, 28, 31, 30, 31, 30],
  startBalances: null, startReserve: null, startCumulativeLoss: 0,
};
const A1 = 0, A2A = 1, A2B = 2, A3 = 3, B = 4;
const run = (rows: RowInput[], opts: Partial<CashWaterfallOptions> = {}) => runCashWaterfall(tranches, w, 1_000_000, [series(1, 1_000_000, rows)], { ...options, ...opts });

describe('cash-flow waterfall: auto ABS', () => {
  const res = run([
    { netRate: rate, scheduled: 15_000, prepaid: 5_000 },          // PD 1: turbo
    { netRate: rate, scheduled: 15_000, netInterest: 1_000 },      // PD 2: interest short → reserve draw
    { netRate: rate, scheduled: 15_000 },                          // PD 3: refill, then turbo
    { netRate: rate, scheduled: 15_000, prepaid: 300_000 },        // PD 4: OC above target → release; A-2 pro rata
    { netRate: rate, scheduled: 15_000, prepaid: 520_000 },        // PD 5: pool at 10 % → clean-up
    { netRate: rate },
  ]);
  const [p1, p2, p3, p4, p5] = res.periods;

  it('PD 1: pays note interest (A-2B act/360) and turbos the excess spread into A-1 toward the OC target', () => {
    // A-1 200,000 × 2 %/12 = 333.33; A-2A 375.00; A-2B 150,000 × 5.00 % × 31/360 = 645.83; A-3 875.00; B 375.00.
    expect(p1!.coupon[A2B]).toBeCloseTo(0.05, 12);
    expect(p1!.interest).toEqual([c(333.33), c(375), c(645.83), c(875), c(375)]);
    // Excess = 8,333.33 − 2,604.16 = 5,729.17. Target = 15 % × 980,000 = 147,000; notes may fall to
    // 980,000 − 147,000 = 833,000 → need 67,000 ≥ 20,000 collected + 5,729.17 turbo: all to A-1.
    expect(p1!.ocTarget).toBe(c(147_000));
    expect(p1!.principal).toEqual([c(25_729.17), 0, 0, 0, 0]);
    expect(p1!.overcollateralization).toBe(c(105_729.17));
    expect(p1!.residual).toBe(0);
    expect(p1!.reserveBalance).toBe(c(10_000));
  });

  it('PD 2: the reserve covers the interest shortfall; principal still follows collections', () => {
    // A-1 174,270.83 × 2 %/12 = 290.45; A-2B 150,000 × 5 % × 28/360 = 583.33; others as before → 2,498.78.
    expect(p2!.interest).toEqual([c(290.45), c(375), c(583.33), c(875), c(375)]);
    // Collected interest 1,000 → draw 1,498.78; reserve 8,501.22.
    expect(p2!.reserveDraw).toBe(c(1_498.78));
    expect(p2!.reserveBalance).toBe(c(8_501.22));
    expect(p2!.interestShortfall.every((x) => x === 0)).toBe(true);
    expect(p2!.principal[A1]).toBe(c(15_000));
    expect(p2!.overcollateralization).toBe(c(105_729.17));
  });

  it('PD 3: excess spread refills the reserve before the turbo', () => {
    // Interest 965,000 × 10 %/12 = 8,041.67; notes: A-1 159,270.83 × 2 %/12 = 265.45, + 375 + 645.83 + 875 + 375
    // = 2,536.28 → excess 5,505.39: reserve deposit 1,498.78 (back to 10,000), turbo 4,006.61.
    expect(p3!.reserveDeposit).toBe(c(1_498.78));
    expect(p3!.reserveBalance).toBe(c(10_000));
    expect(p3!.principal[A1]).toBe(c(15_000 + 4_006.61));
    expect(p3!.notional[A1]).toBe(c(140_264.22));
    expect(p3!.overcollateralization).toBe(c(950_000 - 840_264.22));
  });

  it('PD 4: OC above target releases principal; A-2A/A-2B share pro rata after A-1', () => {
    // Target 15 % × 635,000 = 95,250 → notes may fall to 539,750 from 840,264.22: pay 300,514.22 of the
    // 315,000 collected; 14,485.78 released. A-1 140,264.22 to 0, 160,250 split 80,125 / 80,125.
    expect(p4!.principal).toEqual([c(140_264.22), c(80_125), c(80_125), 0, 0]);
    expect(p4!.overcollateralization).toBe(c(95_250));
    // Residual = release 14,485.78 + excess (7,916.67 − 2,483.77 = 5,432.90) = 19,918.68.
    expect(p4!.residual).toBe(c(19_918.68));
  });

  it('PD 5: clean-up at 10 % of cut-off — notes paid from the sale, OC and reserve released', () => {
    expect(p5!.redemption).toBe(true);
    expect(res.periods).toHaveLength(5);
    expect(p5!.redemptionProceeds).toBe(c(100_000));
    expect(p5!.principal).toEqual([0, c(69_875), c(69_875), c(300_000), c(100_000)]);
    expect(p5!.notional.every((x) => x === 0)).toBe(true);
    // Interest: A-2A 69,875 × 3 %/12 = 174.69; A-2B 69,875 × 5 % × 31/360 = 300.85; A-3 875; B 375 = 1,725.54.
    // Residual = OC 95,250 + excess (5,291.67 − 1,725.54 = 3,566.13) + reserve 10,000 = 108,816.13.
    expect(p5!.reserveDraw).toBe(c(10_000));
    expect(p5!.reserveBalance).toBe(0);
    expect(p5!.residual).toBe(c(108_816.13));
  });

  it('no clean-up a cent above 10 %', () => {
    const rows: RowInput[] = [{ netRate: rate, prepaid: 899_999.99 }, { netRate: rate }];
    expect(run(rows).periods[0]!.redemption).toBe(false);
  });

  it('final date: excess spread and the reserve pay principal the sale cannot, the rest is written down', () => {
    // One date (the last → redemption) with a 150,000 loss: sale 850,000 + excess 5,729.17 + reserve 10,000
    // = 865,729.17 of 900,000 notes → B gets 65,729.17, written down 34,270.83.
    const p = run([{ netRate: rate, losses: 150_000 }]).periods[0]!;
    expect(p.principal).toEqual([c(200_000), c(150_000), c(150_000), c(300_000), c(65_729.17)]);
    expect(p.writeDown[B]).toBe(c(34_270.83));
    expect(p.reserveDraw).toBe(c(10_000));
    expect(p.residual).toBe(0);
    expect(p.notional[A2A]! + p.notional[A3]!).toBe(0);
  });
});
