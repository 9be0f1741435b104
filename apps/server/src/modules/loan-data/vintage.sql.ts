/**
 * Vintage analytics as SQL over the store's Parquet (DuckDB). Definitions (printed on the screen):
 * - credit event: the first month a loan is 180+ days (6+ months) delinquent or leaves with zero
 *   balance code 02, 03, 09 or 15 (Fannie also 97 and 98, its own credit-event removals);
 * - DefaultedUpb: its current actual UPB at that event, the last non-zero UPB reported;
 * - net loss: the negative of Actual Loss Calculation (Fannie: Cumulative Credit Event Net Gain or
 *   Loss) summed over liquidated loans (zero balance 02, 03, 09, 15), in the month of liquidation;
 * - severity: net loss / DefaultedUpb of the liquidated loans;
 * - CPR: 1 − (1 − SMM)^12, SMM = (voluntary payoffs (01) + curtailments) / (balance at the start of
 *   the month − scheduled principal); a curtailment is principal paid beyond the scheduled payment by
 *   a loan current in both months, a dollar or more (less is the servicer rounding cents; Fannie reports it: Unscheduled Principal Current);
 * - CDR: 1 − (1 − MDR)^12, MDR = DefaultedUpb of the month's credit events / start-of-month balance
 *   of loans without an earlier credit event;
 * - 90+: UPB of loans 90+ days (3+ months) delinquent or in REO / UPB outstanding that month.
 */
import { literal } from './loan-store.ts';

export const CREDIT_EVENT_CODES = "('02', '03', '09', '15', '97', '98')";
export const LIQUIDATION_CODES = "('02', '03', '09', '15')";

export const parquetList = (paths: string[]): string => `read_parquet([${paths.map(literal).join(', ')}], union_by_name = true)`;

/** Filtered loans with their vintage label: one row per loan (a loan in two files counts once). */
export function vintageLoansSql(loanFiles: string[], where: string, by: 'year' | 'quarter'): string {
  const vintage = by === 'year' ? 'CAST(OriginationYear AS VARCHAR)' : `CAST(OriginationYear AS VARCHAR) || 'Q' || CAST(OriginationQuarter AS VARCHAR)`;
  return `SELECT DISTINCT ON (Source, LoanId) Source, LoanId, ${vintage} AS Vintage, OriginalUpb, OriginalRate, OriginalTerm
    FROM ${parquetList(loanFiles)} WHERE OriginalUpb > 0 AND (${where})`;
}

/** Per loan: the credit event (age, DefaultedUpb) and the liquidation (age, net loss). Reads table `vl` and the monthly files. */
export function loanEventsSql(monthlyFiles: string[]): string {
  const isEvent = `(DqMonths >= 6 OR ZeroBalanceCode IN ${CREDIT_EVENT_CODES})`;
  return `SELECT vl.Vintage, m.Source, m.LoanId,
      min(m.LoanAge) FILTER (WHERE ${isEvent}) AS EventAge,
      arg_min(coalesce(nullif(m.CurrentUpb, 0), m.PrevUpb, m.RemovalUpb), m.LoanAge) FILTER (WHERE ${isEvent}) AS DefaultedUpb,
      min(m.LoanAge) FILTER (WHERE m.ZeroBalanceCode IN ${LIQUIDATION_CODES}) AS LiquidationAge,
      -sum(m.ActualLoss) FILTER (WHERE m.ZeroBalanceCode IN ${LIQUIDATION_CODES}) AS NetLoss
    FROM ${parquetList(monthlyFiles)} m JOIN vl ON vl.Source = m.Source AND vl.LoanId = m.LoanId
    GROUP BY vl.Vintage, m.Source, m.LoanId`;
}

/**
 * Scheduled principal of a monthly row `m` of loan `vl`, from its start-of-month balance `begin`
 * (an SQL expression: m.PrevUpb, or the original UPB in the loan's first month).
 */
export function scheduledPrincipalSql(begin = 'm.PrevUpb'): string {
  const r = 'm.CurrentRate / 1200';
  const current = `${begin} > 0 AND coalesce(m.PrevDqMonths, 0) = 0 AND m.DqMonths = 0 AND m.ZeroBalanceCode IS NULL`;
  // Scheduled principal: Fannie reports it; for Freddie, the original level payment less the month's
  // interest (a fixed-rate loan keeps its payment after a curtailment), or, once modified, the
  // payment re-amortised over the remaining term.
  const originalPayment = `CASE WHEN vl.OriginalRate = 0 THEN vl.OriginalUpb / vl.OriginalTerm
    ELSE vl.OriginalUpb * (vl.OriginalRate / 1200) / (1 - pow(1 + vl.OriginalRate / 1200, -vl.OriginalTerm)) END`;
  const sched = `CASE WHEN m.ScheduledPrincipal IS NOT NULL THEN m.ScheduledPrincipal
    WHEN ${current} AND m.Modified AND ${r} > 0 THEN ${begin} * ${r} / (pow(1 + ${r}, m.RemainingMonths + 1) - 1)
    WHEN ${current} THEN least(${begin}, greatest(0, ${originalPayment} - ${begin} * ${r}))
    ELSE 0 END`;
  return sched;
}

/** Per vintage and month on book: balances, scheduled principal, payoffs, curtailments, 90+ UPB, performing balance. Reads `vl`, `ev`. */
export function monthlyCurvesSql(monthlyFiles: string[]): string {
  const current = 'm.PrevUpb > 0 AND coalesce(m.PrevDqMonths, 0) = 0 AND m.DqMonths = 0 AND m.ZeroBalanceCode IS NULL';
  const sched = scheduledPrincipalSql();
  return `SELECT Vintage, Age,
      sum(PrevUpb) AS BeginUpb, sum(Sched) AS Sched,
      sum(CASE WHEN ZeroBalanceCode = '01' THEN coalesce(PrevUpb, RemovalUpb, 0) ELSE 0 END) AS Payoffs,
      sum(CASE WHEN UnscheduledPrincipal IS NOT NULL THEN (CASE WHEN ZeroBalanceCode IS NULL THEN UnscheduledPrincipal ELSE 0 END)
               WHEN IsCurrent AND PrevUpb - CurrentUpb - Sched >= 1 THEN PrevUpb - CurrentUpb - Sched ELSE 0 END) AS Curtailments,
      sum(CurrentUpb) AS EndUpb,
      sum(CurrentUpb) FILTER (WHERE DqMonths >= 3 OR IsReo) AS Dq90Upb,
      sum(PrevUpb) FILTER (WHERE EventAge IS NULL OR EventAge >= Age) AS PerformingBeginUpb
    FROM (
      SELECT vl.Vintage, m.LoanAge AS Age, m.PrevUpb, m.CurrentUpb, m.RemovalUpb, m.ZeroBalanceCode, m.UnscheduledPrincipal,
        m.DqMonths, m.IsReo, ev.EventAge, (${current}) AS IsCurrent, ${sched} AS Sched
      FROM ${parquetList(monthlyFiles)} m
      JOIN vl ON vl.Source = m.Source AND vl.LoanId = m.LoanId
      JOIN ev ON ev.Source = m.Source AND ev.LoanId = m.LoanId
    ) GROUP BY Vintage, Age`;
}
