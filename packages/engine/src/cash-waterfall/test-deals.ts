import type { CashFlowWaterfall } from '../deal/cash-flow-spec.ts';

/**
 * Small hand-checkable deals of each cash-flow family, shared by the family tests (which work
 * their numbers out by hand) and the property tests (which run them on random collections).
 */
export interface TestDeal {
  tranches: { name: string; originalNotional: number }[];
  w: CashFlowWaterfall;
  /** Dollars. */
  cutOff: number;
  /** Collateral groups: opening balance (dollars) and net rate. */
  groups: { collateralGroup: number; balance: number; netRate: number }[];
}

/**
 * A small NQM-style deal ($1,000,000, no OC): seniors pro rata while the trigger
 * passes, sequential when it fails; M-1 then B-1 sequential; fixed coupons capped at net WAC
 * less the 0.12 % senior fee, seniors +1 % after PD 2; losses B-1 first.
 */
const nqmTranches = [
  { name: 'A-1', originalNotional: 500_000 },
  { name: 'A-2', originalNotional: 200_000 },
  { name: 'A-3', originalNotional: 100_000 },
  { name: 'M-1', originalNotional: 100_000 },
  { name: 'B-1', originalNotional: 100_000 },
];
const nqmFixed = (tranche: string, ratePct: number, stepUp: boolean) => ({
  tranche, coupon: { kind: 'fixed' as const, ratePct }, netWacCap: true, accrual: false,
  stepUp: stepUp ? { afterPaymentDateNumber: 2, addPct: 1 } : null,
});
const nqmW: CashFlowWaterfall = {
  kind: 'cash-flow',
  seniorFeesPct: 0.12,
  interest: [nqmFixed('A-1', 6, true), nqmFixed('A-2', 6, true), nqmFixed('A-3', 6, true), nqmFixed('M-1', 7, false), nqmFixed('B-1', 8, false)],
  interestOrder: [['A-1', 'A-2', 'A-3'], ['M-1'], ['B-1']],
  groups: [{
    collateralGroup: 1,
    steps: [
      { order: [['A-1'], ['A-2'], ['A-3']], proRataUnlessTriggered: true, schedule: null },
      { order: [['M-1']], proRataUnlessTriggered: false, schedule: null },
      { order: [['B-1']], proRataUnlessTriggered: false, schedule: null },
    ],
  }],
  lossOrder: ['B-1', 'M-1', 'A-3', 'A-2', 'A-1'],
  overcollateralization: null,
  reserveAccount: null,
  trigger: { cumulativeLossBands: [{ fromPaymentDateNumber: 1, maxPct: 1 }], delinquencyMaxPct: 10 },
  optionalRedemptionPct: 30,
  classGroups: {},
};
export const nqm: TestDeal = { tranches: nqmTranches, w: nqmW, cutOff: 1_000_000, groups: [{ collateralGroup: 1, balance: 1_000_000, netRate: 0.075 }] };


/**
 * A small auto-ABS deal: $1,000,000 of loans at a 10 % net rate backing $900,000 of notes
 * (OC $100,000 at closing) — A-1, then A-2A/A-2B pro rata, A-3, B; OC target max(15 % of the
 * current pool, 2 % of cut-off = 20,000); reserve $10,000, target max(1 % current, 1 % cut-off)
 * = 10,000 while the pool is above cut-off; 10 % clean-up. A-2B floats at index + 0.50 %.
 */
const absTranches = [
  { name: 'A-1', originalNotional: 200_000 },
  { name: 'A-2A', originalNotional: 150_000 },
  { name: 'A-2B', originalNotional: 150_000 },
  { name: 'A-3', originalNotional: 300_000 },
  { name: 'B', originalNotional: 100_000 },
];
const absFixed = (tranche: string, ratePct: number) => ({ tranche, coupon: { kind: 'fixed' as const, ratePct }, netWacCap: false, stepUp: null, accrual: false });
const absW: CashFlowWaterfall = {
  kind: 'cash-flow',
  seniorFeesPct: 0,
  interest: [
    absFixed('A-1', 2), absFixed('A-2A', 3),
    { tranche: 'A-2B', coupon: { kind: 'floater', marginPct: 0.5, floorPct: 0 }, netWacCap: false, stepUp: null, accrual: false },
    absFixed('A-3', 3.5), absFixed('B', 4.5),
  ],
  interestOrder: [['A-1', 'A-2A', 'A-2B', 'A-3'], ['B']],
  groups: [{ collateralGroup: 1, steps: [{ order: [['A-1'], ['A-2A', 'A-2B'], ['A-3'], ['B']], proRataUnlessTriggered: false, schedule: null }] }],
  lossOrder: ['B', 'A-3', 'A-2B', 'A-2A', 'A-1'],
  overcollateralization: { initial: 100_000, targetPctOfCurrent: 15, floorPctOfCutOff: 2 },
  reserveAccount: { initial: 10_000, targetPctOfCurrent: 1, floorPctOfCutOff: 1 },
  trigger: null,
  optionalRedemptionPct: 10,
  classGroups: {},
};
export const abs: TestDeal = { tranches: absTranches, w: absW, cutOff: 1_000_000, groups: [{ collateralGroup: 1, balance: 1_000_000, netRate: 0.1 }] };


/** Agency pass-through: one class at the pool's 5.50 % net rate takes every cent of the pool. */
const agencyW: CashFlowWaterfall = {
  kind: 'cash-flow', seniorFeesPct: 0,
  interest: [{ tranche: 'PT', coupon: { kind: 'fixed', ratePct: 5.5 }, netWacCap: false, stepUp: null, accrual: false }],
  interestOrder: [['PT']],
  groups: [{ collateralGroup: 1, steps: [{ order: [['PT']], proRataUnlessTriggered: false, schedule: null }] }],
  lossOrder: ['PT'], overcollateralization: null, reserveAccount: null, trigger: null, optionalRedemptionPct: null, classGroups: {},
};
export const agency: TestDeal = { tranches: [{ name: 'PT', originalNotional: 1_000_000 }], w: agencyW, cutOff: 1_000_000, groups: [{ collateralGroup: 1, balance: 1_000_000, netRate: 0.055 }] };


/**
 * A two-group REMIC, all classes 6 % on 6 % collateral (no residual interest).
 * Group 1 ($1,000,000): PAC PA 300,000 then PB 300,000 (aggregate balance schedule
 * 590,000, 580,000, 570,000, 560,000 after PDs 1–4), support SC 400,000; once SC is gone the
 * PAC takes everything (third step, no schedule).
 * Group 2 ($500,000): G2A 400,000 sequential, Z 100,000 accrual: Z's interest is added to its
 * balance and the same cash pays G2A.
 */
const remicTranches = [
  { name: 'PA', originalNotional: 300_000 },
  { name: 'PB', originalNotional: 300_000 },
  { name: 'SC', originalNotional: 400_000 },
  { name: 'G2A', originalNotional: 400_000 },
  { name: 'Z', originalNotional: 100_000 },
];
const six = (tranche: string, accrual = false) => ({ tranche, coupon: { kind: 'fixed' as const, ratePct: 6 }, netWacCap: false, stepUp: null, accrual });
const pacSchedule = [590_000, 580_000, 570_000, 560_000];
const remicW: CashFlowWaterfall = {
  kind: 'cash-flow', seniorFeesPct: 0,
  interest: [six('PA'), six('PB'), six('SC'), six('G2A'), six('Z', true)],
  interestOrder: [['PA', 'PB', 'SC', 'G2A', 'Z']],
  groups: [
    {
      collateralGroup: 1,
      steps: [
        { order: [['PA'], ['PB']], proRataUnlessTriggered: false, schedule: pacSchedule },
        { order: [['SC']], proRataUnlessTriggered: false, schedule: null },
        { order: [['PA'], ['PB']], proRataUnlessTriggered: false, schedule: null },
      ],
    },
    { collateralGroup: 2, steps: [{ order: [['G2A']], proRataUnlessTriggered: false, schedule: null }, { order: [['Z']], proRataUnlessTriggered: false, schedule: null }] },
  ],
  lossOrder: ['SC', 'PB', 'PA', 'Z', 'G2A'],
  overcollateralization: null, reserveAccount: null, trigger: null, optionalRedemptionPct: null,
  classGroups: { G2A: 2, Z: 2 },
};
export const remic: TestDeal = {
  tranches: remicTranches, w: remicW, cutOff: 1_500_000,
  groups: [{ collateralGroup: 1, balance: 1_000_000, netRate: 0.06 }, { collateralGroup: 2, balance: 500_000, netRate: 0.06 }],
};
