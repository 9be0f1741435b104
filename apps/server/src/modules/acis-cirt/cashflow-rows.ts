/**
 * Spec 001 §4: cashflow rows are cut after the first row whose previous balance is under 0.005.
 * For the insurance rows the balance is the remaining liability: once the cover is used up (paid
 * down, written off or called), one row shows the last release and the all-zero months after it
 * are dropped. Historical (blended CIRT) rows are kept as they are.
 */
export const CUT_BALANCE = 0.005;

export function cutAfterExhausted<Row extends { Period: number; RemainingLiability: number; IsHistorical?: boolean }>(rows: readonly Row[]): Row[] {
  for (let i = 1; i < rows.length; i++) {
    const prev = rows[i - 1] as Row;
    const row = rows[i] as Row;
    if (!row.IsHistorical && !prev.IsHistorical && row.Period > 0 && prev.RemainingLiability < CUT_BALANCE) return rows.slice(0, i + 1);
  }
  return [...rows];
}
