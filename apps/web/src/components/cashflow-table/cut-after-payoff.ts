/**
 * Spec 000 §4: cashflow rows are cut off after the first period whose previous row's balance is
 * under 0.005. A class that pays off in period 42 shows period 43 (where a late write-down or
 * interest shortfall would still show) and nothing after it. Applied where results arrive, so the
 * screen, the charts and the exports all see the same rows.
 */
export const CUT_BALANCE = 0.005;

export function cutAfterPayoff<Row extends { Balance: number }>(rows: readonly Row[]): Row[] {
  for (let i = 1; i < rows.length; i++) {
    if ((rows[i - 1] as Row).Balance < CUT_BALANCE) return rows.slice(0, i + 1);
  }
  return [...rows];
}

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
