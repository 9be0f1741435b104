/**
 * A deal's collateral history and loan tape from the store (issue 33 #4), as DuckDB SQL over the
 * Parquet files. The pool is the population the filter chooses (a Fannie reference pool, or
 * Freddie loans by the vintage screen's filters). Definitions:
 * - the history starts at the cut-off month: the first month every loan of the population is
 *   reported (a loan that left before it is not in the pool); a loan's start-of-month balance is its
 *   previous month's UPB (its original UPB in its first reported month);
 * - scheduled principal: Fannie's Scheduled Principal Current, else vintage.sql.ts's level-payment rule;
 * - a liquidation (zero balance 02, 03, 09, 15) removes the loan's start-of-month balance: its net loss
 *   (the negative of Actual Loss Calculation / Fannie's net gain or loss) writes the bonds down and
 *   the rest is recovered principal;
 * - unscheduled principal: every other change of balance beyond the scheduled principal: payoffs,
 *   repurchases, curtailments, catch-up payments (a modification's capitalised arrears count negative),
 *   so start − end = scheduled + unscheduled + liquidated balance, each month, to the cent;
 * - defaults: UPB at each loan's credit event (vintage.sql.ts: 180+ days or zero balance 02, 03, 09, 15, 97, 98);
 * - delinquency buckets: UPB of loans 1, 2 and 3+ months delinquent (or REO) at month end.
 */
import { CREDIT_EVENT_CODES, LIQUIDATION_CODES, latestLoansSql, latestMonthlySql, scheduledPrincipalSql } from './vintage.sql.ts';

/** Temp table `pl`: the population's loans, once each (from the last file that has it, as the vintages read them). */
export function poolLoansSql(loanFiles: string[], where: string): string {
  return `CREATE OR REPLACE TEMP TABLE pl AS SELECT * FROM ${latestLoansSql(loanFiles)}
    WHERE OriginalUpb > 0 AND (${where})`;
}

/** Temp table `pm`: the population's monthly rows from the cut-off month on, each with its flows (overlapping files: the last one's row). Reads `pl`. */
export function poolMonthsSql(monthlyFiles: string[]): string {
  const begin = 'coalesce(m.PrevUpb, vl.OriginalUpb)';
  const isEvent = `(m.DqMonths >= 6 OR m.ZeroBalanceCode IN ${CREDIT_EVENT_CODES})`;
  return `CREATE OR REPLACE TEMP TABLE pm AS
    WITH rows AS (
      SELECT m.*, vl.OriginalUpb, vl.OriginalRate, vl.OriginalTerm, ${begin} AS BeginUpb,
        m.ZeroBalanceCode IN ${LIQUIDATION_CODES} AS Liquidated, ${scheduledPrincipalSql(begin)} AS Sched
      FROM ${latestMonthlySql(monthlyFiles)} m JOIN pl vl ON vl.Source = m.Source AND vl.LoanId = m.LoanId
    ),
    cutoff AS (SELECT max(FirstYm) AS Ym FROM (SELECT min(PeriodYm) AS FirstYm FROM rows GROUP BY Source, LoanId)),
    events AS (
      SELECT Source, LoanId, min(PeriodYm) AS EventYm FROM rows m WHERE ${isEvent} GROUP BY Source, LoanId
    )
    SELECT r.*, r.PeriodYm = e.EventYm AS IsEvent,
      CASE WHEN r.Liquidated THEN 0 ELSE least(r.Sched, r.BeginUpb) END AS SchedPaid
    FROM rows r LEFT JOIN events e ON e.Source = r.Source AND e.LoanId = r.LoanId
    WHERE r.PeriodYm >= (SELECT Ym FROM cutoff)`;
}

/** One row per reporting month of `pm`: the pool's balances, flows and delinquency. */
export const poolHistorySql = `SELECT PeriodYm,
    sum(BeginUpb) AS BeginUpb, sum(CurrentUpb) AS EndUpb, sum(SchedPaid) AS Scheduled,
    sum(CASE WHEN Liquidated THEN 0 ELSE BeginUpb - CurrentUpb - SchedPaid END) AS Unscheduled,
    sum(CASE WHEN Liquidated THEN BeginUpb ELSE 0 END) AS LiquidatedUpb,
    coalesce(-sum(ActualLoss) FILTER (WHERE Liquidated), 0) AS NetLoss,
    coalesce(sum(coalesce(nullif(CurrentUpb, 0), PrevUpb, RemovalUpb)) FILTER (WHERE IsEvent), 0) AS Defaults,
    coalesce(sum(CurrentUpb) FILTER (WHERE CurrentUpb > 0 AND DqMonths = 1 AND NOT IsReo), 0) AS Dq30Upb,
    coalesce(sum(CurrentUpb) FILTER (WHERE CurrentUpb > 0 AND DqMonths = 2 AND NOT IsReo), 0) AS Dq60Upb,
    coalesce(sum(CurrentUpb) FILTER (WHERE CurrentUpb > 0 AND (DqMonths >= 3 OR IsReo)), 0) AS Dq90Upb,
    coalesce(sum(CurrentUpb) FILTER (WHERE CurrentUpb > 0 AND Modified), 0) AS ModifiedUpb,
    count(*) FILTER (WHERE CurrentUpb > 0) AS Loans, count(*) AS ReportingLoans
  FROM pm GROUP BY PeriodYm ORDER BY PeriodYm`;

/** The loan tape of the last reported month: loans with a balance, origination fields from `pl`. */
export const poolTapeSql = `SELECT l.LoanId, l.CreditScore, l.FirstPaymentYm, l.OriginalTerm, l.FirstTimeBuyer, l.MiPct, l.MiType, l.Units, l.Occupancy,
    l.Cltv, l.Dti, l.OriginalUpb, l.Ltv, l.OriginalRate, l.Channel, l.State, l.PropertyType, l.Zip3, l.Purpose, l.Seller, l.Servicer,
    m.CurrentUpb, m.CurrentRate, m.LoanAge, m.RemainingMonths, m.DqMonths, m.IsReo, m.Modified, m.AssistancePlan,
    c.CutoffUpb
  FROM pm m JOIN pl l ON l.Source = m.Source AND l.LoanId = m.LoanId
  JOIN (SELECT Source, LoanId, arg_min(BeginUpb, PeriodYm) AS CutoffUpb FROM pm GROUP BY ALL) c ON c.Source = m.Source AND c.LoanId = m.LoanId
  WHERE m.PeriodYm = (SELECT max(PeriodYm) FROM pm) AND m.CurrentUpb > 0
  ORDER BY l.LoanId`;
