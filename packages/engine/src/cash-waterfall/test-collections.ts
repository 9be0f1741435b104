import type { GroupCollections } from './cash-waterfall-types.ts';

/** Dollars → integer cents (tests state their arithmetic in dollars). */
export const c = (dollars: number): number => Math.round(dollars * 100);

/** One payment date of hand-made collections, in dollars; omitted flows are 0. */
export interface RowInput {
  scheduled?: number;
  prepaid?: number;
  recoveries?: number;
  losses?: number;
  /** Default: one month of interest at `netRate` on the beginning balance, rounded to the cent. */
  netInterest?: number;
  netRate: number;
  delinquent?: number;
}

/**
 * A group's collections from its opening balance and per-date flows: each date begins at the
 * previous end and ends at begin − scheduled − prepaid − recoveries − losses (the interpreter's
 * input contract), payment dates numbered from `firstPd`.
 */
export function series(collateralGroup: number, beginDollars: number, rows: readonly RowInput[], firstPd = 1): GroupCollections[] {
  let begin = c(beginDollars);
  return rows.map((r, i) => {
    const scheduled = c(r.scheduled ?? 0);
    const prepaid = c(r.prepaid ?? 0);
    const recoveries = c(r.recoveries ?? 0);
    const losses = c(r.losses ?? 0);
    const endBalance = begin - scheduled - prepaid - recoveries - losses;
    const row: GroupCollections = {
      collateralGroup, paymentDateNumber: firstPd + i, beginBalance: begin, endBalance,
      netInterest: r.netInterest === undefined ? Math.round((begin * r.netRate) / 12) : c(r.netInterest),
      scheduled, prepaid, recoveries, losses, defaults: losses + recoveries, delinquent: c(r.delinquent ?? 0), netRate: r.netRate,
    };
    begin = endBalance;
    return row;
  });
}

/** Deterministic PRNG for property tests (mulberry32): same seed, same scenarios. */
export { seededRandom } from '../seeded-random.ts';
