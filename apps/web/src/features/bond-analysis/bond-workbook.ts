/**
 * The bond screen's workbook (issue 25 #9: the workbook is the screen): a Summary of what the
 * result box shows (price, yield, discount margin, clean / accrued / dirty price, WAL, window,
 * write-down; units in the labels), the run's per-period input Vectors (CPR, CDR, severity,
 * delinquency, index) and the class's cashflows, its name in every sheet's header block.
 */
import type { BondRunResponse } from '@opencrt/contracts';
import { exportFileName, saveXlsx, workbookToXlsx, type ExportHeader, type ExportLines, type ExportTab } from '../../components/cashflow-export/export-cashflows.ts';
import { vectorsSheetOf } from '../../components/run-inputs/input-vectors.ts';
import { BOND_COLUMNS, exportColumns } from '../../components/run-inputs/result-columns.ts';
import type { PricingTab } from './bond-inputs.ts';

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** The Summary lines: each figure as the result box shows it, in the unit its label says. */
export function bondSummaryLines(run: BondRunResponse, tab: PricingTab, body: Record<string, unknown>): ExportLines {
  const bond = run.Simulation.BondsCashflows[0];
  const value = run.IsSuccessful ? num(run.Value) : null;
  // The price is the tab's answer (price tab) or the price the run was given; the yield likewise.
  const price = num(run.CleanPrice) ?? (tab === 'price' ? value : num(body.Price));
  const yieldFraction = tab === 'yield' ? value : tab === 'price' ? num(body.Yield) : null;
  const dm = run.DiscountMargin?.IsSuccessful ? num(run.DiscountMargin.Value) : null;
  const lines: ExportLines['lines'] = [
    ['Class', bond?.BondName ?? ''],
    ['Price (% of face)', price, 'price'],
    ['Yield (%)', yieldFraction === null ? null : yieldFraction * 100, 'percent'],
    ['DM (bp)', dm === null ? null : Number((dm * 1e4).toFixed(2)), 'number'],
    ['Margin (bp)', run.DiscountMargin ? Number((run.DiscountMargin.Margin * 1e4).toFixed(2)) : null, 'number'],
    ['Accrued Interest (per 100)', num(run.AccruedInterest), 'price'],
    ['Dirty Price (% of face)', num(run.DirtyPrice), 'price'],
    ['WAL (yrs)', bond?.PrincipalWindow ? bond.Wal : null, 'years'],
    ['Window', bond?.PrincipalWindow || null],
    ['Write-down (%)', bond ? bond.WritedownPct : null, 'percent'],
  ];
  if (tab === 'spread') lines.splice(3, 0, ['Spread (bp)', value === null ? null : Number((value * 1e4).toFixed(2)), 'number']);
  return { name: 'Summary', lines };
}

export function bondWorkbookTabs(run: BondRunResponse, body: Record<string, unknown>, agency: boolean): ExportTab<unknown>[] {
  const bond = run.Simulation.BondsCashflows[0];
  if (!bond) return [];
  return [
    vectorsSheetOf(bond.BondCashflow, body, agency) as ExportTab<unknown>,
    { name: bond.BondName, bondName: bond.BondName, rows: bond.BondCashflow, columns: exportColumns(BOND_COLUMNS) } as ExportTab<unknown>,
  ];
}

/** Builds and saves {deal}_{bond}[_{scenario}]_workbook.xlsx. */
export async function downloadBondWorkbook(header: ExportHeader, run: BondRunResponse, tab: PricingTab, body: Record<string, unknown>, agency: boolean): Promise<void> {
  const buffer = await workbookToXlsx(header, bondWorkbookTabs(run, body, agency), [bondSummaryLines(run, tab, body)]);
  saveXlsx(buffer, exportFileName({ ...header, scenarioName: [header.scenarioName, 'workbook'].filter(Boolean).join('_') }, 'xlsx'));
}
