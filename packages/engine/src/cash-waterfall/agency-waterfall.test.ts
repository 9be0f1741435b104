import { describe, expect, it } from 'vitest';
import type { CashWaterfallOptions } from './cash-waterfall-types.ts';
import { runCashWaterfall } from './run-cash-waterfall.ts';
import { c, series } from './test-collections.ts';
import { agency } from './test-deals.ts';

// Deal (test-deals.ts `agency`): one class PT of 1,000,000 at 5.50 % on 5.50 % net collateral.
const { tranches, w } = agency;

const options: CashWaterfallOptions = {
  optionalRedemption: true, callPaymentDateNumber: null, indexRates: [], accrualDays: [],
  startBalances: null, startReserve: null, startCumulativeLoss: 0,
};

describe('cash-flow waterfall: agency pass-through', () => {
  it('coupon = net rate: interest and principal pass through, residual 0, paid off when the pool is', () => {
    const res = runCashWaterfall(tranches, w, 1_000_000, [series(1, 1_000_000, [
      { netRate: 0.055, scheduled: 1_234.56, prepaid: 8_765.44 },
      { netRate: 0.055, scheduled: 1_300, prepaid: 20_000 },
      { netRate: 0.055, scheduled: 1_400, prepaid: 967_300 },   // pool paid off
    ])], options);
    const [p1, p2, p3] = res.periods;
    // PD 1: 1,000,000 × 5.5 %/12 = 4,583.33 both as collected and as class interest; principal 10,000.
    expect(p1!.interest[0]).toBe(c(4_583.33));
    expect(p1!.principal[0]).toBe(c(10_000));
    // PD 2: 990,000 × 5.5 %/12 = 4,537.50; principal 21,300.
    expect(p2!.interest[0]).toBe(c(4_537.5));
    expect(p2!.principal[0]).toBe(c(21_300));
    // PD 3: 968,700 × 5.5 %/12 = 4,439.88; principal 968,700 pays the class off (collateral exhausted).
    expect(p3!.interest[0]).toBe(c(4_439.88));
    expect(p3!.principal[0]).toBe(c(968_700));
    expect(p3!.redemption).toBe(true);
    expect(p3!.redemptionProceeds).toBe(0);
    for (const p of res.periods) {
      expect(p.residual).toBe(0);
      expect(p.overcollateralization).toBe(0);
      expect(p.notional[0]).toBe(p.collections.endBalance);
    }
    expect(res.periods.reduce((s, p) => s + p.principal[0]!, 0)).toBe(c(1_000_000));
  });
});
