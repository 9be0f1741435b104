/**
 * SQL that turns a GSE file into the store's two tables, in one pass over the text:
 * DuckDB's read_csv with every column named by position and typed from gse-layouts.ts, so a
 * value of the wrong type, a code outside its list, a blank required field or a line with the
 * wrong number of fields is rejected with its line number and column (store_rejects), and the
 * rest is read. Columns are c1…cN, N the layout's width, as the agencies number their fields.
 *
 * loans (one row per loan): Source, LoanId, ReferencePoolId, DealName, OriginationYear,
 *   OriginationQuarter, FirstPaymentYm, CreditScore, Ltv, Cltv, Dti, OriginalUpb, OriginalRate,
 *   OriginalTerm, Purpose, Occupancy, PropertyType, Channel, State, FirstTimeBuyer, MiPct, MiType,
 *   Seller, Servicer, Units, Zip3. "Not available" codes (9, 99, 999, 9999) are stored as NULL.
 * monthly (one row per loan per month): Source, LoanId, PeriodYm, LoanAge, CurrentUpb, DqMonths,
 *   IsReo, Modified, ZeroBalanceCode, CurrentRate, RemainingMonths, RemovalUpb, MiRecoveries,
 *   NetSaleProceeds, NonMiRecoveries, Expenses, ActualLoss, DelinquentAccruedInterest,
 *   ScheduledPrincipal, UnscheduledPrincipal, AssistancePlan, PrevUpb, PrevDqMonths.
 */
import { type FieldSpec, type GseLayoutName, GSE_LAYOUTS, type Layout } from './gse-layouts.ts';
import { literal } from './loan-store.ts';

const enumType = (layout: GseLayoutName, pos: number): string => `gse_${layout.replaceAll('-', '_')}_${pos}`;

/** CREATE TYPE statements for every code field (DuckDB ENUMs: a value outside the list fails the read). */
export function codeTypeStatements(): string[] {
  const out: string[] = [];
  for (const [name, layout] of Object.entries(GSE_LAYOUTS) as [GseLayoutName, Layout][]) {
    for (const spec of layout.fields) {
      if (spec.kind === 'code' && spec.values) out.push(`CREATE TYPE ${enumType(name, spec.pos)} AS ENUM (${spec.values.map(literal).join(', ')})`);
    }
  }
  return out;
}

function duckType(layout: GseLayoutName, spec: FieldSpec): string {
  switch (spec.kind) {
    case 'int': return 'INTEGER';
    case 'num': return 'DOUBLE';
    case 'yyyymm':
    case 'mmyyyy': return 'DATE';
    case 'code': return enumType(layout, spec.pos);
    case 'text': return 'VARCHAR';
  }
}

/**
 * read_csv over `source` for a layout: every field typed, so a value that is not a number, a date
 * (YYYYMM for Freddie, MMYYYY for Fannie) or one of its codes, and a line with the wrong number of
 * fields, is rejected with its line and column in the rejects table.
 */
export function readCsv(source: string, layout: GseLayoutName, rejects: { table: string; scan: string }): string {
  const def = GSE_LAYOUTS[layout];
  const columns = def.fields.map((s) => `'c${s.pos}': '${duckType(layout, s)}'`).join(', ');
  const dateformat = layout === 'fannie-crt' ? '%m%Y' : '%Y%m';
  return `read_csv(${literal(source)}, delim='|', header=false, quote='', escape='', auto_detect=false, `
    + `columns={${columns}}, dateformat='${dateformat}', `
    + `store_rejects=true, rejects_table='${rejects.table}', rejects_scan='${rejects.scan}', parallel=true)`;
}

/**
 * True for a line that leaves a required field blank. Such a line is rejected: every select below
 * carries it as the column Rejected (the importer writes those rows aside, counts them and finds
 * their line numbers; DuckDB 1.5's force_not_null would let the reader reject them itself, but it
 * applies to the wrong columns once a query reads only some of them).
 */
export function blankRequired(layout: GseLayoutName): string {
  const required = GSE_LAYOUTS[layout].fields.filter((s) => s.required);
  return required.map((s) => (s.kind === 'text' ? `coalesce(trim(c${s.pos}), '') = ''` : `c${s.pos} IS NULL`)).join(' OR ');
}

const ym = (c: string): string => `(year(${c}) * 100 + month(${c}))`;
const na = (c: string, code: number): string => `nullif(${c}, ${code})`;

/** Origination year/quarter: Freddie's loan sequence number (PYYQn…), else two months before the first payment. */
const freddieOrigination = `
  CASE WHEN regexp_matches(c20, '^[A-Z][0-9]{2}Q[1-4]') THEN
    (CASE WHEN CAST(substr(c20, 2, 2) AS INTEGER) >= 90 THEN 1900 ELSE 2000 END) + CAST(substr(c20, 2, 2) AS INTEGER)
  ELSE year(c2 - INTERVAL 2 MONTH) END AS OriginationYear,
  CASE WHEN regexp_matches(c20, '^[A-Z][0-9]{2}Q[1-4]') THEN CAST(substr(c20, 5, 1) AS INTEGER)
  ELSE quarter(c2 - INTERVAL 2 MONTH) END AS OriginationQuarter`;

/** Freddie origination file → loans rows. Positions: gse-layouts.ts FREDDIE_ORIGINATION. */
export function freddieLoansSelect(from: string, fileId: string): string {
  return `SELECT 'freddie' AS Source, trim(c20) AS LoanId, NULL::VARCHAR AS ReferencePoolId, NULL::VARCHAR AS DealName, ${freddieOrigination},
    ${ym('c2')} AS FirstPaymentYm, ${na('c1', 9999)} AS CreditScore, ${na('c12', 999)} AS Ltv, ${na('c9', 999)} AS Cltv, ${na('c10', 999)} AS Dti,
    c11 AS OriginalUpb, c13 AS OriginalRate, c22 AS OriginalTerm, nullif(c21::VARCHAR, '9') AS Purpose, nullif(c8::VARCHAR, '9') AS Occupancy,
    nullif(c18::VARCHAR, '99') AS PropertyType, nullif(c14::VARCHAR, '9') AS Channel, trim(c17) AS State, nullif(c3::VARCHAR, '9') AS FirstTimeBuyer,
    ${na('c6', 999)} AS MiPct, NULL::VARCHAR AS MiType, trim(c24) AS Seller, trim(c25) AS Servicer, ${na('c7', 99)} AS Units, substr(c19, 1, 3) AS Zip3,
    ${literal(fileId)} AS FileId, (${blankRequired('freddie-origination')}) AS Rejected
  FROM ${from}`;
}

const prevColumns = `lag(CurrentUpb) OVER w AS PrevUpb, lag(DqMonths) OVER w AS PrevDqMonths`;
// Rejected rows (blank required fields) are their own partition, so they never become a kept row's previous month.
const windowClause = `WINDOW w AS (PARTITION BY LoanId, Rejected ORDER BY PeriodYm)`;

/** Freddie performance file → monthly rows. Positions: gse-layouts.ts FREDDIE_PERFORMANCE. */
export function freddieMonthlySelect(from: string): string {
  return `SELECT *, ${prevColumns} FROM (
    SELECT 'freddie' AS Source, trim(c1) AS LoanId, ${ym('c2')} AS PeriodYm, c5 AS LoanAge, c3 AS CurrentUpb,
      TRY_CAST(trim(c4) AS INTEGER) AS DqMonths, coalesce(trim(c4) = 'RA', false) AS IsReo, coalesce(c8 IN ('Y', 'P'), false) AS Modified,
      c9::VARCHAR AS ZeroBalanceCode, c11 AS CurrentRate, c6 AS RemainingMonths, c27 AS RemovalUpb, c14 AS MiRecoveries,
      TRY_CAST(c15 AS DOUBLE) AS NetSaleProceeds, c16 AS NonMiRecoveries, c17 AS Expenses, c22 AS ActualLoss, c28 AS DelinquentAccruedInterest,
      NULL::DOUBLE AS ScheduledPrincipal, NULL::DOUBLE AS UnscheduledPrincipal, nullif(trim(c30), '') AS AssistancePlan,
      (${blankRequired('freddie-performance')}) AS Rejected
    FROM ${from}
  ) ${windowClause}`;
}

/**
 * Fannie CRT rows staged as one table (acquisition and performance fields), from which both
 * tables are written. Positions: gse-layouts.ts FANNIE_CRT. Net loss: field 78, Cumulative Credit
 * Event Net Gain or Loss, which Fannie's glossary signs the other way from Freddie's Actual Loss
 * Calculation ("a positive value indicates a net realized loss, and a negative value indicates a
 * net realized gain"), so it is stored negated: ActualLoss is negative for a loss from either agency.
 */
export function fannieStageSelect(from: string, fileId: string): string {
  return `SELECT 'fannie' AS Source, trim(c2) AS LoanId, nullif(trim(c1), '') AS ReferencePoolId, nullif(trim(c104), '') AS DealName,
      year(coalesce(c14, c15 - INTERVAL 2 MONTH)) AS OriginationYear, quarter(coalesce(c14, c15 - INTERVAL 2 MONTH)) AS OriginationQuarter,
      ${ym('c15')} AS FirstPaymentYm, c24 AS CreditScore, c20 AS Ltv, c21 AS Cltv, c23 AS Dti, c10 AS OriginalUpb, c8 AS OriginalRate,
      c13 AS OriginalTerm, CASE WHEN c27 = 'U' THEN NULL ELSE c27::VARCHAR END AS Purpose, CASE WHEN c30 = 'U' THEN NULL ELSE c30::VARCHAR END AS Occupancy,
      c28::VARCHAR AS PropertyType, c4::VARCHAR AS Channel, trim(c31) AS State, c26::VARCHAR AS FirstTimeBuyer, coalesce(c34, 0) AS MiPct,
      c73::VARCHAR AS MiType, trim(c5) AS Seller, trim(c6) AS Servicer, c29 AS Units, c33 AS Zip3, ${literal(fileId)} AS FileId,
      ${ym('c3')} AS PeriodYm, c16 AS LoanAge, c12 AS CurrentUpb, TRY_CAST(trim(c40) AS INTEGER) AS DqMonths, coalesce(trim(c40) = 'RA', false) AS IsReo,
      coalesce(c42 = 'Y', false) AS Modified, c44::VARCHAR AS ZeroBalanceCode, coalesce(c9, c8) AS CurrentRate, c17 AS RemainingMonths,
      c46 AS RemovalUpb, c60 AS MiRecoveries, c59 AS NetSaleProceeds, coalesce(c61, 0) + coalesce(c62, 0) AS NonMiRecoveries,
      coalesce(c54, 0) + coalesce(c55, 0) + coalesce(c56, 0) + coalesce(c57, 0) + coalesce(c58, 0) AS Expenses,
      -c78 AS ActualLoss, c85 AS DelinquentAccruedInterest, c48 AS ScheduledPrincipal, c50 AS UnscheduledPrincipal, c102::VARCHAR AS AssistancePlan,
      (${blankRequired('fannie-crt')}) AS Rejected
    FROM ${from}`;
}

export const LOAN_COLUMNS = ['Source', 'LoanId', 'ReferencePoolId', 'DealName', 'OriginationYear', 'OriginationQuarter', 'FirstPaymentYm',
  'CreditScore', 'Ltv', 'Cltv', 'Dti', 'OriginalUpb', 'OriginalRate', 'OriginalTerm', 'Purpose', 'Occupancy', 'PropertyType', 'Channel',
  'State', 'FirstTimeBuyer', 'MiPct', 'MiType', 'Seller', 'Servicer', 'Units', 'Zip3', 'FileId'] as const;

const MONTHLY_COLUMNS = ['Source', 'LoanId', 'PeriodYm', 'LoanAge', 'CurrentUpb', 'DqMonths', 'IsReo', 'Modified', 'ZeroBalanceCode',
  'CurrentRate', 'RemainingMonths', 'RemovalUpb', 'MiRecoveries', 'NetSaleProceeds', 'NonMiRecoveries', 'Expenses', 'ActualLoss',
  'DelinquentAccruedInterest', 'ScheduledPrincipal', 'UnscheduledPrincipal', 'AssistancePlan'] as const;

/** Fannie: the loans (each loan's acquisition fields from its first reported month) and the monthly rows of the staged table. */
export function fannieLoansFromStage(stage: string): string {
  return `SELECT ${LOAN_COLUMNS.map((c) => `arg_min(${c}, PeriodYm) AS ${c}`).join(', ').replace('arg_min(LoanId, PeriodYm) AS LoanId', 'LoanId').replace('arg_min(Source, PeriodYm) AS Source', 'Source')}
    FROM ${stage} WHERE NOT Rejected GROUP BY Source, LoanId`;
}

export function fannieMonthlyFromStage(stage: string): string {
  return `SELECT * EXCLUDE (Rejected), ${prevColumns} FROM (SELECT ${MONTHLY_COLUMNS.join(', ')}, Rejected FROM ${stage} WHERE NOT Rejected) ${windowClause}`;
}
