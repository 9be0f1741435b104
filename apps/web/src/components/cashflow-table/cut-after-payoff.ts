import { cutAfterPayoff } from '@opencrt/contracts';

/**
 * Spec 000 §4: cashflow rows are cut off after the first period whose previous row's balance is
 * under 0.005 (cutAfterPayoff, shared with the server's compact layout, which cuts the same way).
 * Applied where results arrive, so the screen, the charts and the exports all see the same rows.
 */
export { CUT_BALANCE, cutAfterPayoff } from '@opencrt/contracts';

/** The same cut on a simulation answer's collateral rows and every bond's rows. */
export function cutSimulationRows<T extends {
  CollateralCashflow: readonly { Balance: number }[];
  BondsCashflows: readonly { BondCashflow: readonly { Balance: number }[] }[];
}>(result: T): T {
  return {
    ...result,
    CollateralCashflow: cutAfterPayoff(result.CollateralCashflow),
    BondsCashflows: result.BondsCashflows.map((b) => ({ ...b, BondCashflow: cutAfterPayoff(b.BondCashflow) })),
  };
}
