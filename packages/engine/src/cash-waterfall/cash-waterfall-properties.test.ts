import { describe, expect, it } from 'vitest';
import type { CashWaterfallOptions, CashWaterfallPeriod, GroupCollections } from './cash-waterfall-types.ts';
import { splitProRata } from './pro-rata.ts';
import { runCashWaterfall } from './run-cash-waterfall.ts';
import { seededRandom } from './test-collections.ts';
import { abs, agency, nqm, remic } from './test-deals.ts';
import type { TestDeal } from './test-deals.ts';

const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);

/**
 * Random but contract-conforming collections for one group (cents): each date starts at the
 * previous end; scheduled, prepaid, defaults (split into loss and recovery) never exceed the
 * balance; interest sometimes falls short of the net rate (no advancing) or the rate drifts
 * (net-WAC cap); now and then the pool prepays in full.
 */
function randomSeries(rand: () => number, group: number, balanceCents: number, baseRate: number, periods: number, paidOffAt: number | null): GroupCollections[] {
  const rows: GroupCollections[] = [];
  let begin = balanceCents;
  for (let i = 0; i < periods; i++) {
    const netRate = Math.max(0, baseRate + (rand() - 0.5) * 0.03);
    const scheduled = Math.round(begin * rand() * 0.02);
    const payOff = i === paidOffAt || rand() < 0.03;
    const prepaid = payOff ? begin - scheduled : Math.round((begin - scheduled) * rand() * (rand() < 0.1 ? 0.5 : 0.06));
    const defaulted = Math.round((begin - scheduled - prepaid) * rand() * (rand() < 0.1 ? 0.2 : 0.01));
    const losses = Math.round(defaulted * rand());
    const recoveries = defaulted - losses;
    const endBalance = begin - scheduled - prepaid - defaulted;
    const interest = Math.round((begin * netRate) / 12);
    rows.push({
      collateralGroup: group, paymentDateNumber: i + 1, beginBalance: begin, endBalance,
      netInterest: rand() < 0.2 ? Math.round(interest * rand()) : interest,
      scheduled, prepaid, recoveries, losses, defaults: defaulted, delinquent: Math.round(endBalance * rand() * 0.15), netRate,
    });
    begin = endBalance;
    // A group whose pool is gone may stop early (the collateral projection cuts its rows).
    if (i === paidOffAt) break;
  }
  return rows;
}

function randomRun(deal: TestDeal, seed: number) {
  const rand = seededRandom(seed);
  const periods = 6 + Math.floor(rand() * 60);
  // Mid-life start (DealState) on some runs: classes and collateral at a common factor, the
  // rounding leaving a few cents of OC or deficit.
  const factor = rand() < 0.3 ? 0.2 + rand() * 0.8 : 1;
  const startBalances = factor === 1 ? null : deal.tranches.map((t) => Math.round(t.originalNotional * 100 * factor));
  const collections = deal.groups.map((g, gi) => randomSeries(rand, g.collateralGroup, Math.round(g.balance * 100 * factor), g.netRate, periods,
    gi > 0 && rand() < 0.4 ? Math.floor(rand() * (periods - 1)) : null));
  const options: CashWaterfallOptions = {
    optionalRedemption: rand() < 0.5,
    callPaymentDateNumber: rand() < 0.3 ? 1 + Math.floor(rand() * periods) : null,
    indexRates: Array.from({ length: periods }, () => rand() * 0.06),
    accrualDays: Array.from({ length: periods }, () => 28 + Math.floor(rand() * 4)),
    startBalances, startReserve: rand() < 0.3 ? Math.round(rand() * 1_500_000) : null,
    startCumulativeLoss: rand() < 0.3 ? Math.round(rand() * 2_000_000) : 0,
  };
  const start = startBalances ?? deal.tranches.map((t) => Math.round(t.originalNotional * 100));
  return { start, result: runCashWaterfall(deal.tranches, deal.w, deal.cutOff, collections, options) };
}

/** The per-date checks, recomputed outside the interpreter. */
function checkPeriod(p: CashWaterfallPeriod, previousShortfall: readonly number[], deal: TestDeal): void {
  for (const xs of [p.notional, p.principal, p.interest, p.writeDown, p.accrued, p.interestShortfall]) expect(xs.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
  for (const x of [p.fees, p.residual, p.reserveBalance, p.reserveDraw, p.reserveDeposit, p.overcollateralization]) expect(x).toBeGreaterThanOrEqual(0);
  const c = p.collections;
  // Conservation: collections + reserve draws + sale = fees + cash interest + principal + reserve deposit + residual.
  expect(c.netInterest + c.scheduled + c.prepaid + c.recoveries + p.reserveDraw + p.redemptionProceeds)
    .toBe(p.fees + sum(p.interest) + sum(p.principal) + p.reserveDeposit + p.residual);
  // Classes + OC = collateral (sold on a redemption date).
  expect(sum(p.notional) + p.overcollateralization).toBe(p.redemption ? 0 : c.endBalance);
  // Interest bookkeeping: shortfall carried = previous + this date's coupon accrual − paid (cash or accreted).
  p.notional.forEach((_, k) => {
    const ci = deal.w.interest.find((x) => x.tranche === deal.tranches[k]!.name);
    if (ci?.coupon.kind === 'floater') return; // act/360 accrual is checked in the ABS test
    const accrual = Math.round((p.prior[k]! * p.coupon[k]!) / 12);
    expect(p.interestShortfall[k]).toBe(previousShortfall[k]! + accrual - p.interest[k]! - p.accrued[k]!);
  });
  // Without OC or reserve, excess interest never pays principal: principal ≤ principal collected + accretion + sale.
  if (!deal.w.overcollateralization && !deal.w.reserveAccount) {
    expect(sum(p.principal)).toBeLessThanOrEqual(c.scheduled + c.prepaid + c.recoveries + sum(p.accrued) + p.redemptionProceeds);
  }
}

describe('cash-flow waterfall properties (seeded random collections)', () => {
  for (const [name, deal] of Object.entries({ nqm, abs, agency, remic })) {
    it(`${name}: conservation, no negative amounts, classes + OC = collateral, every class retired`, () => {
      for (let seed = 1; seed <= 60; seed++) {
        const { start, result } = randomRun(deal, seed * 7919 + name.length);
        let shortfall = deal.tranches.map(() => 0);
        for (const p of result.periods) {
          checkPeriod(p, shortfall, deal);
          shortfall = p.interestShortfall;
        }
        const last = result.periods.at(-1)!;
        expect(last.redemption).toBe(true);
        expect(last.notional.every((x) => x === 0)).toBe(true);
        // Each class's opening balance + accretion = principal + write-downs over the life.
        start.forEach((opening, k) => {
          const out = sum(result.periods.map((p) => p.principal[k]! + p.writeDown[k]!));
          expect(out).toBe(opening + sum(result.periods.map((p) => p.accrued[k]!)));
        });
      }
    });
  }

  it('pro-rata split adds up exactly, respects caps and follows the weights', () => {
    const rand = seededRandom(42);
    for (let n = 0; n < 500; n++) {
      const size = 1 + Math.floor(rand() * 5);
      const caps = Array.from({ length: size }, () => Math.floor(rand() * 1e9));
      const weights = caps.map((cap) => (rand() < 0.2 ? 0 : Math.round(cap * (0.5 + rand()))));
      const amount = Math.floor(sum(caps) * rand());
      const parts = splitProRata(amount, weights, caps);
      expect(sum(parts)).toBe(amount);
      parts.forEach((x, i) => { expect(x).toBeGreaterThanOrEqual(0); expect(x).toBeLessThanOrEqual(caps[i]!); });
    }
    // 100 over weights 1:1:1 → 33 / 33 / 34 (residual cent to the last); caps pass surplus on.
    expect(splitProRata(100, [1, 1, 1], [100, 100, 100])).toEqual([33, 33, 34]);
    expect(splitProRata(100, [1, 1], [10, 100])).toEqual([10, 90]);
  });
});
