import { describe, expect, it } from 'vitest';
import type { CashWaterfallOptions } from './cash-waterfall-types.ts';
import { runCashWaterfall } from './run-cash-waterfall.ts';
import { c, series } from './test-collections.ts';
import { remic } from './test-deals.ts';

// Deal (test-deals.ts `remic`): group 1 PAC PA/PB 300k each (schedule 590k, 580k, 570k, 560k) + support SC 400k;
// group 2 G2A 400k then Z 100k accrual; everything 6 % on 6 % collateral.
const { tranches, w } = remic;

const options: CashWaterfallOptions = {
  optionalRedemption: false, callPaymentDateNumber: null, indexRates: [], accrualDays: [],
  startBalances: null, startReserve: null, startCumulativeLoss: 0,
};
const PA = 0, PB = 1, SC = 2, G2A = 3, Z = 4;

describe('cash-flow waterfall: two-group REMIC with PAC/support and Z accrual', () => {
  const group1 = series(1, 1_000_000, [
    { netRate: 0.06, scheduled: 5_000, prepaid: 15_000 },    // PD 1: 20,000
    { netRate: 0.06, scheduled: 4_000, prepaid: 1_000 },     // PD 2: 5,000 (slow)
    { netRate: 0.06, scheduled: 5_000, prepaid: 420_000 },   // PD 3: 425,000 (fast: support exhausted)
    { netRate: 0.06, scheduled: 5_000, prepaid: 45_000 },    // PD 4: 50,000
    { netRate: 0.06, scheduled: 5_000 },                     // PD 5: last date → sold at par
  ]);
  const group2 = series(2, 500_000, [1, 2, 3, 4, 5].map(() => ({ netRate: 0.06, scheduled: 2_000 })));
  const res = runCashWaterfall(tranches, w, 1_500_000, [group1, group2], options);
  const [p1, p2, p3, p4, p5] = res.periods;

  it('PD 1: the PAC is paid to its schedule, the support takes the rest; Z accretes into G2A principal', () => {
    // Group 1 principal 20,000: PAC 600,000 → 590,000 takes 10,000 (PA first); SC 10,000.
    expect(p1!.principal.slice(0, 3)).toEqual([c(10_000), 0, c(10_000)]);
    // Group 2: G2A interest 400,000 × 0.5 % = 2,000; Z accrues 100,000 × 0.5 % = 500 → 100,500;
    // G2A principal = 2,000 collected + 500 accretion cash = 2,500 → 397,500; 397,500 + 100,500 = 498,000 = collateral.
    expect(p1!.interest[G2A]).toBe(c(2_000));
    expect(p1!.interest[Z]).toBe(0);
    expect(p1!.accrued[Z]).toBe(c(500));
    expect(p1!.principal[G2A]).toBe(c(2_500));
    expect(p1!.notional[Z]).toBe(c(100_500));
    expect(p1!.notional[G2A]! + p1!.notional[Z]!).toBe(c(498_000));
    // Coupon = net rate everywhere: interest 5,000 + 2,500 in, 5,000 + 2,000 cash + 500 as principal out.
    expect(p1!.residual).toBe(0);
    expect(p1!.collections.collateralGroup).toBe(0);
  });

  it('PD 2: collections below schedule all go to the PAC, none to the support', () => {
    // Schedule allows 590,000 − 580,000 = 10,000; only 5,000 arrives.
    expect(p2!.principal.slice(0, 3)).toEqual([c(5_000), 0, 0]);
    // Z: 100,500 × 0.5 % = 502.50 accrued; G2A principal 2,000 + 502.50.
    expect(p2!.accrued[Z]).toBe(c(502.5));
    expect(p2!.principal[G2A]).toBe(c(2_502.5));
  });

  it('PD 3: the PAC catches up to schedule, the support is exhausted, the PAC takes the remainder', () => {
    // Step 1: PAC 585,000 → 570,000 = 15,000 to PA; step 2: SC 390,000 to 0; step 3: 20,000 to PA.
    expect(p3!.principal.slice(0, 3)).toEqual([c(35_000), 0, c(390_000)]);
    expect(p3!.notional.slice(0, 3)).toEqual([c(250_000), c(300_000), 0]);
    // Group 2: Z 101,002.50 × 0.5 % = 505.01 accrued; G2A (400,000 − 2,500 − 2,502.50 = 394,997.50) × 0.5 %
    // = 1,974.99 cash; together 2,480.00 = collected 496,000 × 0.5 %.
    expect(p3!.accrued[Z]).toBe(c(505.01));
    expect(p3!.interest[G2A]).toBe(c(1_974.99));
    expect(p3!.residual).toBe(0);
  });

  it('PD 4: with the support gone the PAC takes all principal even ahead of its schedule', () => {
    // PAC 550,000 is already below 560,000 (step 1 pays 0); SC 0; step 3 pays 50,000 to PA.
    expect(p4!.principal.slice(0, 3)).toEqual([c(50_000), 0, 0]);
    expect(p4!.interest[SC]).toBe(0);
    expect(p4!.interest[PA]! + p4!.interest[PB]!).toBe(c(2_750));
  });

  it('PD 5: last date, both groups sold at par, every class paid off; group totals tie out', () => {
    expect(p5!.redemption).toBe(true);
    expect(p5!.notional.every((x) => x === 0)).toBe(true);
    // Group 1 over the run: 1,000,000 of principal to PA/PB/SC; group 2: 500,000 + all Z accretion.
    const paid = (k: number) => res.periods.reduce((s, p) => s + p.principal[k]!, 0);
    const accreted = res.periods.reduce((s, p) => s + p.accrued[Z]!, 0);
    expect(paid(PA) + paid(PB) + paid(SC)).toBe(c(1_000_000));
    expect(paid(G2A) + paid(Z)).toBe(c(500_000) + accreted);
    expect(paid(Z)).toBe(c(100_000) + accreted);
  });
});
