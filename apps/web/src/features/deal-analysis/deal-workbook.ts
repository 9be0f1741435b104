import { saveXlsx, exportFileName, workbookToXlsx, type ExportColumn, type ExportHeader, type ExportLines, type ExportTab } from '../../components/cashflow-export/export-cashflows.ts';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';
import { compareSheet, type PinnedRun } from './compare-runs.ts';
import { inputVectorsSheet } from '../../components/run-inputs/input-vectors.ts';
import { BOND_COLUMNS, COLLATERAL_COLUMNS, columnsFor, exportColumns } from '../../components/run-inputs/result-columns.ts';
import { triggersSheet } from './triggers-sheet.ts';
import { breakevenValue, FIGURE_HEADERS, type ScreenFigures } from './summary-figures.ts';
import type { SummaryRow } from './tranche-summary-rows.ts';

/** What the screen shows beside the run's rows (issue 25 #9): the workbook carries the same. */
export interface WorkbookExtras {
  /** Price, yield, DM and breakevens per class as shown in the tranche summary. */
  figures?: ReadonlyMap<string, ScreenFigures>;
  /** Breakeven column headers as shown (the mode's words and unit); none = breakevens not solved. */
  breakevenHeaders?: { first: string; full: string } | null;
  /** The POST /simulate body of the run: its index (IndexCurve or Libor) for the Vectors sheet. */
  runBody?: Record<string, unknown>;
  /** Pinned runs: a Compare sheet with one column per run. */
  pins?: readonly PinnedRun[];
}

type SummaryColumn = ExportColumn<SummaryRow> & { loss?: boolean };

/** Summary sheet columns: numbers as numbers (percent like the screen), each of its kind, headers with their units. */
function summaryColumns(agency: boolean, extras: WorkbookExtras): ExportColumn<SummaryRow>[] {
  const fig = (r: SummaryRow) => extras.figures?.get(r.bondName);
  const columns: SummaryColumn[] = [
    { header: 'Class', value: (r) => r.bondName },
    { header: 'Balance ($)', value: (r) => r.balance, kind: 'money' },
    { header: 'Coupon (%)', value: (r) => r.coupon * 100, kind: 'percent' },
    { header: 'WAL (yrs)', value: (r) => r.wal, kind: 'years' },
    { header: 'Window', value: (r) => r.window || null },
    { header: 'Write-down (%)', value: (r) => r.writedownPct, kind: 'percent', loss: true },
    { header: 'First Loss Period', value: (r) => r.firstLossPeriod, kind: 'integer', loss: true },
    { header: 'Principal ($)', value: (r) => r.principal, kind: 'money' },
    { header: 'Interest ($)', value: (r) => r.interest, kind: 'money' },
    { header: 'Loss ($)', value: (r) => r.loss, kind: 'money', loss: true },
    { header: FIGURE_HEADERS.price, value: (r) => fig(r)?.price ?? null, kind: 'price' },
    { header: FIGURE_HEADERS.yield, value: (r) => fig(r)?.yieldPct ?? null, kind: 'percent' },
    // DM to 0.01 bp, as the screen shows it.
    { header: FIGURE_HEADERS.dm, value: (r) => fig(r)?.dmBp ?? null, kind: 'number', numFmt: '0.00' },
  ];
  const be = extras.breakevenHeaders;
  if (be) {
    columns.push(
      { header: be.first, value: (r) => breakevenValue(fig(r)?.breakevenFirst ?? null), kind: 'number', loss: true },
      { header: be.full, value: (r) => breakevenValue(fig(r)?.breakevenFull ?? null), kind: 'number', loss: true },
    );
  }
  // Agency classes take no losses (issue 18 #9): no loss columns there either.
  return columns.filter((c) => !agency || !c.loss).map(({ loss: _loss, ...c }) => c);
}

/**
 * The deal workbook (issue 18 #15, issue 25 #9): an Inputs sheet (the header block and the run's
 * inputs), the Summary as the screen shows it, the per-period input Vectors, the Collateral
 * periods, one sheet per class shown (its name in the header block's Bond line) and, with pinned
 * runs, the Compare sheet, in that order.
 */
export function dealWorkbookSheets(result: SimulationResult, summary: SummaryRow[], agency: boolean, extras: WorkbookExtras = {}): ExportTab<unknown>[] {
  const bondColumns = exportColumns(columnsFor(BOND_COLUMNS, agency));
  const shown = new Set(summary.map((r) => r.bondName));
  const compare = compareSheet(extras.pins ?? []);
  return [
    { name: 'Summary', rows: summary, columns: summaryColumns(agency, extras) } as ExportTab<unknown>,
    inputVectorsSheet(result, extras.runBody ?? {}, agency) as ExportTab<unknown>,
    { name: 'Collateral', rows: result.CollateralCashflow, columns: exportColumns(columnsFor(COLLATERAL_COLUMNS, agency)) } as ExportTab<unknown>,
    ...triggersSheet(result),
    ...result.BondsCashflows.filter((b) => shown.has(b.BondName)).map((b) => ({ name: b.BondName, bondName: b.BondName, rows: b.BondCashflow, columns: bondColumns }) as ExportTab<unknown>),
    ...(compare ? [compare as ExportTab<unknown>] : []),
  ];
}

/** Builds and saves the workbook as {deal}[_{scenario}]_workbook.xlsx. */
export async function downloadDealWorkbook(header: ExportHeader, inputs: ExportLines, result: SimulationResult, summary: SummaryRow[], agency: boolean, extras: WorkbookExtras = {}): Promise<void> {
  const buffer = await workbookToXlsx(header, dealWorkbookSheets(result, summary, agency, extras), [inputs]);
  saveXlsx(buffer,
    exportFileName({ ...header, bondName: '', scenarioName: [header.scenarioName, 'workbook'].filter(Boolean).join('_') }, 'xlsx'));
}
