import { saveXlsx, exportFileName, workbookToXlsx, type ExportColumn, type ExportHeader, type ExportLines, type ExportTab } from '../../components/cashflow-export/export-cashflows.ts';
import type { SimulationResult } from './deal-analysis.api.ts';
import { BOND_COLUMNS, COLLATERAL_COLUMNS, columnsFor, exportColumns } from './result-columns.ts';
import type { SummaryRow } from './tranche-summary-rows.ts';

/** Summary sheet columns: numbers as numbers (percent like the screen), each of its kind (rounding and format). */
function summaryColumns(agency: boolean): ExportColumn<SummaryRow>[] {
  const columns: (ExportColumn<SummaryRow> & { loss?: boolean })[] = [
    { header: 'Class', value: (r) => r.bondName },
    { header: 'Balance', value: (r) => r.balance, kind: 'money' },
    { header: 'Coupon (%)', value: (r) => r.coupon * 100, kind: 'percent' },
    { header: 'WAL (yrs)', value: (r) => r.wal, kind: 'years' },
    { header: 'Window', value: (r) => r.window || null },
    { header: 'Write-down (%)', value: (r) => r.writedownPct, kind: 'percent', loss: true },
    { header: 'First Loss Period', value: (r) => r.firstLossPeriod, kind: 'integer', loss: true },
    { header: 'Principal', value: (r) => r.principal, kind: 'money' },
    { header: 'Interest', value: (r) => r.interest, kind: 'money' },
    { header: 'Loss', value: (r) => r.loss, kind: 'money', loss: true },
  ];
  // Agency classes take no losses (issue 18 #9): no loss columns there either.
  return columns.filter((c) => !agency || !c.loss).map(({ loss: _loss, ...c }) => c);
}

/**
 * The deal workbook (issue 18 #15): an Inputs sheet (the header block and the run's inputs), the
 * Summary, the Collateral periods and one sheet per class shown, in that order.
 */
export function dealWorkbookSheets(result: SimulationResult, summary: SummaryRow[], agency: boolean): ExportTab<unknown>[] {
  const bondColumns = exportColumns(columnsFor(BOND_COLUMNS, agency));
  const shown = new Set(summary.map((r) => r.bondName));
  return [
    { name: 'Summary', rows: summary, columns: summaryColumns(agency) } as ExportTab<unknown>,
    { name: 'Collateral', rows: result.CollateralCashflow, columns: exportColumns(columnsFor(COLLATERAL_COLUMNS, agency)) } as ExportTab<unknown>,
    ...result.BondsCashflows.filter((b) => shown.has(b.BondName)).map((b) => ({ name: b.BondName, rows: b.BondCashflow, columns: bondColumns }) as ExportTab<unknown>),
  ];
}

/** Builds and saves the workbook as {deal}[_{scenario}]_workbook.xlsx. */
export async function downloadDealWorkbook(header: ExportHeader, inputs: ExportLines, result: SimulationResult, summary: SummaryRow[], agency: boolean): Promise<void> {
  const buffer = await workbookToXlsx(header, dealWorkbookSheets(result, summary, agency), [inputs]);
  saveXlsx(buffer,
    exportFileName({ ...header, bondName: '', scenarioName: [header.scenarioName, 'workbook'].filter(Boolean).join('_') }, 'xlsx'));
}
