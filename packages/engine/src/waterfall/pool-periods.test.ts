import { describe, expect, it } from 'vitest';
import { createFlows } from '../collateral/collateral-types.ts';
import type { DealSpec } from '../deal/deal-spec.ts';
import { conservationProblems } from '../simulate/conservation.ts';
import { runRequest } from '../simulate/simulate.ts';
import { aggregatePoolPeriods, splitDecline } from './pool-periods.ts';

/**
 * The custom deal of the property's counterexample (seed 525192576): 1,000,000 at 0.5 % WAC,
 * 276 months, class A over one 0.01 % class M1, CE test 0.1 %, delinquency 1 % over 1 month,
 * BMA step order with a 6-month foreclosure pipeline (as the custom-deal builder makes it).
 */
const only = (tranche: string) => ({ tranche, pair: false });
const tinyDeal = {
  schemaVersion: 1, id: 'custom-100001-stacr', dealName: 'STACR 2026-PRP', fullName: 'Custom STACR deal STACR 2026-PRP', family: 'STACR',
  source: { document: 'Custom deal editor', notes: [] },
  dates: {
    cutOffDate: '2025-12-31', closingDate: '2026-01-30', firstPaymentDate: '2026-02-25', paymentDayOfMonth: 25,
    scheduledMaturityDate: '2056-02-25', scheduledMaturityPaymentDateNumber: 361, firstPaymentDateCollectionMonths: 1,
  },
  earlyRedemption: { timeCallPaymentDateNumber: 61, timeCallDate: '2031-02-25', cleanUpPctOfCutOff: 10 },
  index: { name: 'SOFR30A', valueAtIssuePct: 0, dayCount: 'act/360' },
  collateral: {
    cutOffBalance: 1_000_000, wacPct: 0.5, wam: 276, wala: 0,
    repLines: [{ id: '1', collateralGroup: 1, originalBalance: null, balance: 1_000_000, grossCouponPct: 0.5, netCouponPct: null, remainingTermMonths: 276, originalTermMonths: 276, ageMonths: 0 }],
  },
  conventions: { stepOrder: 'sifma', fixedLossSharePct: null, recoveryLagMonths: 6, servicerAdvancing: false, roundFlowsToCent: false },
  tranches: [
    { name: 'A', role: 'senior', offered: false, pair: null, originalNotional: 999_900, attachmentPct: 0.01, detachmentPct: 100, marginPct: null, deemedMarginPct: null, couponFloorPct: null, cusip: '9ST001A14' },
    { name: 'M1', role: 'first-loss', offered: false, pair: null, originalNotional: 100, attachmentPct: 0, detachmentPct: 0.01, marginPct: null, deemedMarginPct: null, couponFloorPct: null, cusip: '9ST001A22' },
  ],
  macrClasses: [],
  waterfall: {
    kind: 'reference-tranche', seniorTranches: ['A'], seniorResidualTranche: 'A',
    tests: { minimumCreditEnhancement: { thresholdPct: 0.1 }, delinquency: { factor: 0.01, averagingPaymentDates: 1 }, cumulativeNetLoss: null, classA1CumulativeNetLoss: null },
    gatingTests: ['minimumCreditEnhancement', 'delinquency'], failingTestRule: 'all-to-senior',
    supplementalReduction: { thresholdPct: 5.5, offeredTranches: [], increaseTranche: 'A', order: [] },
    steps: [
      { kind: 'evaluate-tests' },
      { kind: 'write-down', order: [only('OC'), only('M1'), only('A')] },
      { kind: 'write-up', order: [only('A'), only('M1')] },
      { kind: 'senior-reduction', order: [only('A'), only('M1')] },
      { kind: 'subordinate-reduction', order: [only('M1'), only('A')] },
      { kind: 'supplemental-reduction' },
    ],
    modificationLossOrder: ['M1 principal'],
  },
} as unknown as DealSpec;

describe('pool periods: the pool UPB decline split into cents', () => {
  it('seed 525192576: the run completes, conserves cash and ends every payment date at the pool UPB (was: PD 263 one cent short, thrown)', () => {
    const run = runRequest(tinyDeal, { DealName: tinyDeal.dealName, Cpr: [0, 0, 0], Cdr: [0, 0, 0.46825510281592025], LossSeverity: 0, Delinquency: 0, Libor: 0.04 }, null);
    expect(conservationProblems(run)).toEqual([]);
    if (run.kind !== 'reference-tranche') throw new Error('a STACR deal runs the reference-tranche waterfall');
    const pd263 = run.pool.find((p) => p.paymentDateNumber === 263);
    // The pool did not move at PD 263 (8 cents to 8): no principal and no credit event this date.
    expect(pd263).toMatchObject({ scheduled: 0, unscheduled: 0, creditEvents: 0, upbEnd: 8 });
    for (const p of run.waterfall.periods) {
      if (!p.redemption) expect(p.notional.reduce((s, x) => s + x, 0) + p.overcollateralization).toBe(p.pool.upbEnd);
    }
  });

  it('no part of a payment date is negative and they add up to the UPB decline (months 262–263 of that run)', () => {
    // Dollars: balances and pipeline of a pool of a few cents; 0.58 cents liquidated while the UPB
    // (performing + pipeline) stays at 8 cents. Rounding each flow alone gave scheduled −1 cent.
    const flows = createFlows(2);
    flows.beginBalance.set([0.1, 0.057906608823401234]);
    flows.balance.set([0.057906608823401234, 0.05102414868151736]);
    flows.foreclosure.set([0.027093391011939888, 0.024253202776170817]);
    flows.recoveries.set([0.006427904448589908, 0.005809147287651225]);
    const pool = aggregatePoolPeriods(flows, 262, 1, null, 2);
    expect(pool.map((p) => p.upbEnd)).toEqual([8, 8]);
    let upbPrev = 10;
    for (const p of pool) {
      for (const part of [p.scheduled, p.unscheduled, p.creditEvents]) expect(part).toBeGreaterThanOrEqual(0);
      expect(upbPrev - p.statedPrincipal - p.creditEvents).toBe(p.upbEnd);
      upbPrev = p.upbEnd;
    }
    expect(pool[1]).toMatchObject({ upbEnd: 8, scheduled: 0, creditEvents: 0 });
  });

  it('splitDecline: credit events first, then unscheduled, scheduled takes the rest; none exceeds the decline', () => {
    expect(splitDecline(0, 0, 1)).toEqual({ scheduled: 0, unscheduled: 0, creditEvents: 0 });
    expect(splitDecline(2, 0, 1)).toEqual({ scheduled: 1, unscheduled: 0, creditEvents: 1 });
    expect(splitDecline(5, 3, 3)).toEqual({ scheduled: 0, unscheduled: 2, creditEvents: 3 });
    expect(splitDecline(100_00, 20_00, 30_00)).toEqual({ scheduled: 50_00, unscheduled: 20_00, creditEvents: 30_00 });
  });
});
