import type { BondCashflowRow, CollateralCashflowRow, TriggerRow } from '@opencrt/engine';
import { formatDate, formatDollars, formatPercent } from '../format/catalog-format.ts';
import type { CashflowColumn } from '../cashflow-table/cashflow-table.tsx';
import type { ExportColumn } from '../cashflow-export/export-cashflows.ts';

const money = (v: unknown) => formatDollars(typeof v === 'number' ? v : null);
/** Rates arrive as fractions; the screens show percent with 4 decimals. */
const pct = (v: unknown) => formatPercent(typeof v === 'number' ? v * 100 : null, 4);
const date = (v: unknown) => (typeof v === 'number' ? formatDate(v) : '-----');
/** A deal test's outcome as the screen shows it. */
const flag = (v: unknown) => (v === null || v === undefined ? '-----' : v ? 'Pass' : 'Fail');
/** The same words in exports (a reader of the workbook sees what the screen said); no test, an empty cell. */
const flagText = (v: unknown) => (typeof v === 'boolean' ? (v ? 'Pass' : 'Fail') : null);
/** Rate fractions as the percent the screen shows (issue 18 #9); the export rounds them to 4 places. */
const percentOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v * 100 : null);
/**
 * Export form of each display format (the export convention of @opencrt/contracts export-format):
 * dollars to the cent, rates in percent like the screen, payment dates as dates (YYYY-MM-DD), deal
 * tests as Pass / Fail.
 */
const EXPORT_OF = new Map<unknown, Pick<CashflowColumn<unknown>, 'exportValue' | 'exportKind'>>([
  [money, { exportKind: 'money' }], [pct, { exportValue: percentOf, exportKind: 'percent' }], [date, { exportKind: 'date' }],
  [flag, { exportValue: flagText, exportKind: 'text' }],
]);
function withExport<Row>(columns: CashflowColumn<Row>[]): CashflowColumn<Row>[] {
  return columns.map((c) => ({
    ...(/^period$/i.test(c.header) ? { exportKind: 'integer' as const } : {}),
    ...c,
    ...(c.format && EXPORT_OF.has(c.format) ? EXPORT_OF.get(c.format) : {}),
  }));
}

/** The export columns of table columns: each column's export value and kind, booleans as text. */
export function exportColumns<Row>(columns: CashflowColumn<Row>[]): ExportColumn<Row>[] {
  return columns.map((c) => ({
    header: c.header,
    ...(c.exportKind ? { kind: c.exportKind } : {}),
    value: (r: Row) => { const v = c.value(r); return c.exportValue ? c.exportValue(v) : typeof v === 'boolean' ? String(v) : v; },
  }));
}

export const COLLATERAL_COLUMNS: CashflowColumn<CollateralCashflowRow>[] = withExport([
  { header: 'Period', value: (r) => r.Period, width: 80 },
  { header: 'Payment Date', value: (r) => r.PaymentDate, format: date, width: 115 },
  { header: 'Balance', value: (r) => r.Balance, format: money, width: 160 },
  { header: 'Interest', value: (r) => r.Interest, format: money },
  { header: 'PassThru', value: (r) => r.PassThru, format: money },
  { header: 'Sched Principal', value: (r) => r.ScheduledPrincipal, format: money, width: 150 },
  { header: 'Prepaid Principal', value: (r) => r.PrepaidPrincipal, format: money, width: 150 },
  { header: 'Defaults', value: (r) => r.Defaults, format: money },
  { header: 'Losses', value: (r) => r.Losses, format: money },
  { header: 'Recoveries', value: (r) => r.Recoveries, format: money },
  { header: 'Cum Losses', value: (r) => r.CumulativeLosses, format: money },
  { header: 'Cum Defaults', value: (r) => r.CumulativeDefaults, format: money },
  { header: 'Foreclosure', value: (r) => r.ForeclosureBalance, format: money },
  { header: 'Interest Rate', value: (r) => r.InterestRate, format: pct },
  { header: 'PassThru Rate', value: (r) => r.PassThruRate, format: pct },
  { header: 'CPR', value: (r) => r.CprRate, format: pct, width: 100 },
  { header: 'CDR', value: (r) => r.CdrRate, format: pct, width: 100 },
  { header: 'Severity', value: (r) => r.LossSeverityRate, format: pct, width: 100 },
  { header: 'Delinquency', value: (r) => r.DelinquencyRate, format: pct, width: 110 },
]);

export const BOND_COLUMNS: CashflowColumn<BondCashflowRow>[] = withExport([
  { header: 'Period', value: (r) => r.Period, width: 80 },
  { header: 'Payment Date', value: (r) => r.PaymentDate, format: date, width: 115 },
  { header: 'Balance', value: (r) => r.Balance, format: money, width: 160 },
  { header: 'Principal', value: (r) => r.Principal, format: money, width: 150 },
  { header: 'Interest', value: (r) => r.Interest, format: money },
  { header: 'Rate', value: (r) => r.Rate, format: pct },
  { header: 'Cash', value: (r) => r.Cash, format: money, width: 150 },
  { header: 'Write Down', value: (r) => r.ActualWriteDown, format: money },
  { header: 'CPR', value: (r) => r.CprRate, format: pct, width: 100 },
  { header: 'CDR', value: (r) => r.CdrRate, format: pct, width: 100 },
  { header: 'Severity', value: (r) => r.LossSeverityRate, format: pct, width: 100 },
  { header: 'Delinquency', value: (r) => r.DelinquencyRate, format: pct, width: 110 },
]);

/** "Show Trigger Info": the deal tests of each payment date. */
export const TRIGGER_COLUMNS: CashflowColumn<TriggerRow>[] = withExport([
  { header: 'Period', value: (r) => r.Period, width: 80 },
  { header: 'Payment Date', value: (r) => r.PaymentDate, format: date, width: 115 },
  { header: 'Senior %', value: (r) => r.SeniorPct, format: pct },
  { header: 'Subordinate %', value: (r) => r.SubordinatePct, format: pct },
  { header: 'MCE Threshold', value: (r) => r.MinimumCreditEnhancementThresholdPct, format: pct },
  { header: 'MCE Test', value: (r) => r.MinimumCreditEnhancementTest, format: flag, width: 95 },
  { header: 'Dlq Average', value: (r) => r.DelinquencyAverage, format: money, width: 150 },
  { header: 'Dlq Limit', value: (r) => r.DelinquencyLimit, format: money, width: 150 },
  { header: 'Dlq Test', value: (r) => r.DelinquencyTest, format: flag, width: 95 },
  { header: 'CNL %', value: (r) => r.CumulativeNetLossPct, format: pct },
  { header: 'CNL Limit', value: (r) => r.CumulativeNetLossLimitPct, format: pct },
  { header: 'CNL Test', value: (r) => r.CumulativeNetLossTest, format: flag, width: 95 },
  { header: 'All Pass', value: (r) => r.AllTestsPass, format: flag, width: 95 },
  { header: 'Senior Reduction', value: (r) => r.SeniorReductionAmount, format: money, width: 150 },
  { header: 'Sub Reduction', value: (r) => r.SubordinateReductionAmount, format: money, width: 150 },
  { header: 'Supplemental', value: (r) => r.SupplementalReductionAmount, format: money, width: 150 },
  { header: 'Write Down', value: (r) => r.TrancheWriteDownAmount, format: money, width: 140 },
]);

/** Collateral above the classes (ABS and some RMBS overcollateralization; STACR write-up excess). */
const OC_COLUMN: CashflowColumn<TriggerRow> = { header: 'Overcollateralization', value: (r) => r.Overcollateralization, format: money, exportKind: 'money', width: 170 };

/**
 * Trigger columns of a run: the OC column only when some period has collateral above the classes,
 * so deals without OC (most CRT and agency runs) keep the narrower table.
 */
export function triggerColumns(rows: readonly TriggerRow[]): CashflowColumn<TriggerRow>[] {
  return rows.some((r) => typeof r.Overcollateralization === 'number' && r.Overcollateralization !== 0) ? [...TRIGGER_COLUMNS, OC_COLUMN] : TRIGGER_COLUMNS;
}

/**
 * Agency deals are guaranteed: no defaults, losses or write-downs to show, and the screen hides
 * CDR, severity and delinquency (spec 000 §1, §4), so their result columns go too.
 */
const AGENCY_HIDDEN_HEADERS = new Set(['Defaults', 'Losses', 'Recoveries', 'Cum Losses', 'Cum Defaults', 'Foreclosure', 'Write Down', 'CDR', 'Severity', 'Delinquency']);

/** The columns of a result table for a deal: agency deals without the loss columns. */
export function columnsFor<Row>(columns: CashflowColumn<Row>[], agency: boolean): CashflowColumn<Row>[] {
  return agency ? columns.filter((c) => !AGENCY_HIDDEN_HEADERS.has(c.header)) : columns;
}
