/**
 * Vintage analytics as SQL over the store's Parquet (DuckDB). Definitions (printed on the screen):
 * - credit event: the first month a loan is 180+ days (6+ months) delinquent or leaves with zero
 *   balance code 02, 03, 09 or 15 (Fannie also 97 and 98, its own credit-event removals);
 * - DefaultedUpb: its current actual UPB at that event, the last non-zero UPB reported;
 * - net loss: the negative of Actual Loss Calculation (Fannie: Cumulative Credit Event Net Gain or
 *   Loss, stored negated at import since Fannie signs a loss positive) summed over liquidated loans
 *   (zero balance 02, 03, 09, 15), in the month of liquidation;
 * - severity: net loss / DefaultedUpb of the liquidated loans;
 * - CPR: 1 − (1 − SMM)^12, SMM = (voluntary payoffs (01) + curtailments) / (balance at the start of
 *   the month − scheduled principal); a curtailment is principal paid beyond the scheduled payment by
 *   a loan current in both months, a dollar or more (less is the servicer rounding cents; Fannie reports it: Unscheduled Principal Current);
 * - CDR: 1 − (1 − MDR)^12, MDR = DefaultedUpb of the month's credit events / start-of-month balance
 *   of loans without an earlier credit event;
 * - 90+: UPB of loans 90+ days (3+ months) delinquent or in REO / UPB outstanding that month.
 *
 * Overlapping files (a loan-month in two files: a full file and a sample file of the same year, or
 * a re-cut file): the last imported file wins, per (source, loan, reporting month) for monthly rows
 * and per (source, loan) for loans, so no balance is counted twice. File lists come in manifest
 * (import) order.
 */
import { literal } from './loan-store.ts';

export const CREDIT_EVENT_CODES = "('02', '03', '09', '15', '97', '98')";
export const LIQUIDATION_CODES = "('02', '03', '09', '15')";

export const parquetList = (paths: string[]): string => `read_parquet([${paths.map(literal).join(', ')}], union_by_name = true)`;

/** The file's rank in the list (import order, 1 first), from read_parquet's filename column. */
const fileRank = (paths: string[]): string => `CASE filename ${paths.map((p, i) => `WHEN ${literal(p)} THEN ${i + 1}`).join(' ')} END`;

/** Every loan once: from the last file that has it. */
export function latestLoansSql(loanFiles: string[]): string {
  if (loanFiles.length <= 1) return parquetList(loanFiles);
  return `(SELECT * EXCLUDE (filename) FROM read_parquet([${loanFiles.map(literal).join(', ')}], union_by_name = true, filename = true)
    QUALIFY row_number() OVER (PARTITION BY Source, LoanId ORDER BY ${fileRank(loanFiles)} DESC) = 1)`;
}

/**
 * Monthly rows with each (source, loan, month) once, from the last file that has it. `overlapping`
 * false (no two files can share a loan-month: filesMayOverlapSql) reads the files as they are.
 */
export function latestMonthlySql(monthlyFiles: string[], overlapping = true): string {
  if (monthlyFiles.length <= 1 || !overlapping) return parquetList(monthlyFiles);
  return `(SELECT * EXCLUDE (filename) FROM read_parquet([${monthlyFiles.map(literal).join(', ')}], union_by_name = true, filename = true)
    QUALIFY row_number() OVER (PARTITION BY Source, LoanId, PeriodYm ORDER BY ${fileRank(monthlyFiles)} DESC) = 1)`;
}

/**
 * One row (n) when some two monthly files could share a loan-month: their LoanId ranges and their
 * reporting-period ranges (Parquet footer statistics, no data read) both intersect.
 */
export function filesMayOverlapSql(monthlyFiles: string[]): string {
  return `WITH r AS (
      SELECT file_name AS f, min(stats_min_value) FILTER (WHERE path_in_schema = 'LoanId') AS lo, max(stats_max_value) FILTER (WHERE path_in_schema = 'LoanId') AS hi,
        min(TRY_CAST(stats_min_value AS INTEGER)) FILTER (WHERE path_in_schema = 'PeriodYm') AS p0, max(TRY_CAST(stats_max_value AS INTEGER)) FILTER (WHERE path_in_schema = 'PeriodYm') AS p1
      FROM parquet_metadata([${monthlyFiles.map(literal).join(', ')}]) GROUP BY file_name)
    SELECT count(*) AS n FROM r a JOIN r b ON a.f < b.f
    WHERE a.lo IS NULL OR b.lo IS NULL OR a.p0 IS NULL OR b.p0 IS NULL OR (a.lo <= b.hi AND b.lo <= a.hi AND a.p0 <= b.p1 AND b.p0 <= a.p1)`;
}

/** Filtered loans with their vintage label: one row per loan (a loan in two files counts once, from the last). */
export function vintageLoansSql(loanFiles: string[], where: string, by: 'year' | 'quarter'): string {
  const vintage = by === 'year' ? 'CAST(OriginationYear AS VARCHAR)' : `CAST(OriginationYear AS VARCHAR) || 'Q' || CAST(OriginationQuarter AS VARCHAR)`;
  return `SELECT Source, LoanId, ${vintage} AS Vintage, OriginalUpb, OriginalRate, OriginalTerm
    FROM ${latestLoansSql(loanFiles)} WHERE OriginalUpb > 0 AND (${where})`;
}

/** Per loan: the credit event (age, DefaultedUpb) and the liquidation (age, net loss). Reads table `vl` and the monthly files. */
export function loanEventsSql(monthlyFiles: string[], overlapping = true): string {
  const isEvent = `(DqMonths >= 6 OR ZeroBalanceCode IN ${CREDIT_EVENT_CODES})`;
  return `SELECT vl.Vintage, m.Source, m.LoanId,
      min(m.LoanAge) FILTER (WHERE ${isEvent}) AS EventAge,
      arg_min(coalesce(nullif(m.CurrentUpb, 0), m.PrevUpb, m.RemovalUpb), m.LoanAge) FILTER (WHERE ${isEvent}) AS DefaultedUpb,
      min(m.LoanAge) FILTER (WHERE m.ZeroBalanceCode IN ${LIQUIDATION_CODES}) AS LiquidationAge,
      -sum(m.ActualLoss) FILTER (WHERE m.ZeroBalanceCode IN ${LIQUIDATION_CODES}) AS NetLoss
    FROM ${latestMonthlySql(monthlyFiles, overlapping)} m JOIN vl ON vl.Source = m.Source AND vl.LoanId = m.LoanId
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
export function monthlyCurvesSql(monthlyFiles: string[], overlapping = true): string {
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
      FROM ${latestMonthlySql(monthlyFiles, overlapping)} m
      JOIN vl ON vl.Source = m.Source AND vl.LoanId = m.LoanId
      JOIN ev ON ev.Source = m.Source AND ev.LoanId = m.LoanId
    ) GROUP BY Vintage, Age`;
}
