/**
 * The vendor grid's model (spec 002 "Vendor grid", §3 "Result per scenario", §4, §8): scenario
 * columns from GET /portfolios/{id}/scenarios, the scenario each entry uses in a column (the
 * deal's own of that name first, then a common one — the server's rule in portfolio-grid.service),
 * metric choices per portfolio type, cells filled from the NDJSON stream, and footer totals.
 */
import {
  MISSING_SCENARIO, mustBeFrom, mustBeNumber, type GridCell, type PortfolioEntryOut, type PortfolioList, type PortfolioScenario, type PortfolioScenarios, type PortfolioType,
} from '@opencrt/contracts';
import type { ExportLine } from '../../components/cashflow-export/export-cashflows.ts';
import { formatElapsed } from '../../components/run-inputs/run-timer.ts';

/**
 * A scenario column: a name and the vendor shown above it (null: not vendor specific). A column
 * of one of the user's uploaded collateral cashflows (spec 002 "Scenario (vendor grid)": vectors
 * "or a user CollateralCashflow") carries its label in `cashflow`; only entries of its deal run.
 */
export interface ScenarioColumn { key: string; name: string; vendor: string | null; cashflow?: string | null; dealName?: string | null }

/**
 * Printable (it is also the grid's column id and goes into a cookie): vendor/name, each URI-encoded,
 * lower case; a cashflow column 'c:' + its label (encodeURIComponent turns ':' into %3A, so the two never meet).
 */
export const columnKey = (name: string, vendor: string | null, cashflow: string | null = null): string => (cashflow
  ? `c:${encodeURIComponent(cashflow.toLowerCase())}`
  : `${encodeURIComponent((vendor ?? '').toLowerCase())}/${encodeURIComponent(name.toLowerCase())}`);

/**
 * Every scenario column the portfolio can show: saved scenarios sorted by name then vendor, then
 * the user's cashflows by label. Global (generic scenarios) keeps only the common ones (the ''
 * key), so no cashflow (each belongs to a deal); otherwise deal scenarios and cashflows join them.
 */
export function scenarioColumns(scenarios: PortfolioScenarios, generic: boolean): ScenarioColumn[] {
  const lists = generic ? [scenarios[''] ?? []] : Object.values(scenarios);
  const byKey = new Map<string, ScenarioColumn>();
  const flows = new Map<string, ScenarioColumn>();
  for (const s of lists.flat()) {
    const cashflow = s.UserCashflowLabel ?? null;
    const key = columnKey(s.ScenarioName, s.Vendor, cashflow);
    const into = cashflow ? flows : byKey;
    if (!into.has(key)) into.set(key, cashflow ? { key, name: s.ScenarioName, vendor: s.Vendor, cashflow, dealName: s.DealName } : { key, name: s.ScenarioName, vendor: s.Vendor });
  }
  return [
    ...[...byKey.values()].sort((a, b) => a.name.localeCompare(b.name) || (a.vendor ?? '').localeCompare(b.vendor ?? '')),
    ...[...flows.values()].sort((a, b) => (a.cashflow ?? '').localeCompare(b.cashflow ?? '')),
  ];
}

const same = (s: PortfolioScenario, c: ScenarioColumn) => (c.cashflow
  ? (s.UserCashflowLabel ?? '').toLowerCase() === c.cashflow.toLowerCase()
  : !s.UserCashflowLabel && s.ScenarioName.toLowerCase() === c.name.toLowerCase() && (s.Vendor ?? '').toLowerCase() === (c.vendor ?? '').toLowerCase());

/**
 * The scenario an entry's deal uses in a column, or null: 'Missing scenario'. A cashflow is only
 * its own deal's; a saved scenario the deal's own first, then a common one.
 */
export function scenarioFor(scenarios: PortfolioScenarios, dealName: string, column: ScenarioColumn, generic: boolean): PortfolioScenario | null {
  const own = generic ? [] : (scenarios[dealName] ?? []);
  const mine = own.find((s) => same(s, column));
  if (mine || column.cashflow) return mine ?? null;
  return (scenarios[''] ?? []).find((s) => same(s, column)) ?? null;
}

/** What a run entry takes from the scenario of its cell: the saved scenario's id or the cashflow's label (the portfolio screen's choice). */
export function scenarioChoice(s: PortfolioScenario): { SelectedScenarioId: number } | { UserCashflowLabel: string } {
  return s.UserCashflowLabel ? { UserCashflowLabel: s.UserCashflowLabel } : { SelectedScenarioId: s.Id };
}

/** Metric radio (spec 002): labels per portfolio type and the cell field each shows. */
export type MetricKey = 'RateOnLine' | 'LossOnLine' | 'ReturnOnLine' | 'CollateralLossesPct' | 'Yield' | 'Wal' | 'WritedownPct' | 'Spread';
export interface MetricChoice { key: MetricKey; label: string }
export const METRICS: Record<PortfolioType, MetricChoice[]> = {
  Reinsurance: [
    { key: 'RateOnLine', label: 'Rate On Line' }, { key: 'LossOnLine', label: 'Loss On Line' }, { key: 'ReturnOnLine', label: 'Margin On Line' },
    { key: 'CollateralLossesPct', label: 'Ref Pool Loss Pct' }, { key: 'Yield', label: 'ROI' },
  ],
  Bonds: [
    { key: 'Wal', label: 'WAL' }, { key: 'WritedownPct', label: 'Write Down' }, { key: 'Spread', label: 'Spread' },
    { key: 'CollateralLossesPct', label: 'Ref Pool Loss Pct' }, { key: 'Yield', label: 'Yield' },
  ],
};
/** Default metric (spec 002 §9). Bonds have no Rate On Line: they start on Yield. */
export const DEFAULT_METRIC: MetricKey = 'RateOnLine';
export const metricFor = (type: PortfolioType, wanted: MetricKey): MetricKey =>
  METRICS[type].some((m) => m.key === wanted) ? wanted : type === 'Bonds' ? 'Yield' : DEFAULT_METRIC;

/** How a metric reads: fractions as percents, percent fields as they are, WAL in years, spread in bp. */
export function formatMetric(key: MetricKey, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '-----';
  switch (key) {
    case 'Wal': return value.toFixed(2);
    case 'Spread': return (value * 10_000).toFixed(0);
    case 'WritedownPct': case 'CollateralLossesPct': return `${value.toFixed(2)}%`;
    default: return `${(value * 100).toFixed(2)}%`;
  }
}

/** A cell as the grid shows it: blank (not run yet), Missing scenario, '-----' (failed), or the metric. */
export function cellText(cell: GridCell | undefined, key: MetricKey): string {
  if (!cell) return '';
  if (cell.Missing) return MISSING_SCENARIO;
  if (cell.Error) return '-----';
  return formatMetric(key, cell[key]);
}

export const cellKey = (ordinal: number, column: { name: string; vendor: string | null; cashflow?: string | null | undefined }): string =>
  `${ordinal}\u0002${columnKey(column.name, column.vendor, column.cashflow ?? null)}`;
/** The key of a cell the server sent (its column: scenario name and vendor, or cashflow label). */
export const cellKeyOf = (c: GridCell): string => cellKey(c.OrdinalNumber, { name: c.ScenarioName, vendor: c.Vendor, cashflow: c.UserCashflowLabel ?? null });

/**
 * The cells of a finished stream in the server's run order: row-major over entries × columns
 * without the fixed ones (Missing scenario, lines that cannot run). A failed piece (ok: false)
 * carries only its index, so this tells which cell it was.
 */
export function runOrder(ordinals: readonly number[], columns: readonly ScenarioColumn[], fixed: readonly GridCell[]): string[] {
  const fixedKeys = new Set(fixed.map(cellKeyOf));
  return ordinals.flatMap((o) => columns.map((c) => cellKey(o, c))).filter((k) => !fixedKeys.has(k));
}

/**
 * Footer total of a column: the metric averaged over the cells that have it, weighted by the
 * entry's face (initial limit or balance) — a quick read of the column; the header click runs
 * the true portfolio totals.
 */
export function columnTotal(entries: readonly PortfolioEntryOut[], cells: ReadonlyMap<string, GridCell>, column: ScenarioColumn, key: MetricKey): number | null {
  let weight = 0;
  let sum = 0;
  for (const e of entries) {
    const v = cells.get(cellKey(e.OrdinalNumber, column))?.[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    weight += e.OwnedFaceAmt;
    sum += v * e.OwnedFaceAmt;
  }
  return weight > 0 ? sum / weight : null;
}

/** The spec's run error lines, in grid order ('Line N, Scneario S: text', joined by line breaks). */
export function runErrors(entries: readonly PortfolioEntryOut[], columns: readonly ScenarioColumn[], cells: ReadonlyMap<string, GridCell>): string[] {
  return entries.flatMap((e) => columns.flatMap((c) => {
    const cell = cells.get(cellKey(e.OrdinalNumber, c));
    return cell?.Error ? [cell.Error] : [];
  }));
}

/** Analysis screen of an entry's deal link (spec 002 grid: ACIS…, CIRT… or a bond deal). */
export function dealLink(dealName: string, bondName: string): string {
  const q = `dealName=${encodeURIComponent(dealName)}&bondName=${encodeURIComponent(bondName)}`;
  if (/^ACIS/i.test(dealName)) return `/acis_analysis?${q}`;
  if (/^CIRT/i.test(dealName)) return `/cirt_analysis?${q}`;
  return `/deal_analysis?${q}`;
}
export const bondLink = (dealName: string, bondName: string): string =>
  `/bond_analysis?dealName=${encodeURIComponent(dealName)}&bondName=${encodeURIComponent(bondName)}`;

/** Vendor selector values: All, 'Not vendor specific' (Default), then the named vendors. */
export const VENDOR_ALL = 'All';
export const VENDOR_DEFAULT = 'Default';
export function vendorOptions(lists: readonly (readonly string[])[]): string[] {
  const seen = new Map<string, string>();
  for (const v of lists.flat()) {
    const t = v.trim();
    if (t && t.toLowerCase() !== 'default' && !seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

/** Spec 002 §8 vendor grid messages. */
export const VENDOR_GRID_MESSAGES = {
  saveFailed: (m: string) => `Failed to save portfolio calculation. ${m}`,
  exportFailed: (m: string) => `Failed to export portfolio calculation. ${m}`,
  exportEmpty: 'Export operation has failed.',
  saved: 'Portfolio calculation successfully saved.',
  exported: 'Portfolio calculation successfully exported.',
  unsaved: 'You have unsaved changes! Do you want to save them?',
  /** A failure that is not a cell's run error: '{n}: {message}'. */
  other: (n: number | string, m: string) => `${n}: ${m}`,
};

const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/**
 * The grid's own inputs before a run (issue 23 #3: Interest Rate 'abc' ran at 0 and an emptied
 * settlement date ran at today): the settlement date (YYYY-MM-DD from the date input) and, per
 * portfolio type, Interest Rate (%) 0–100 or Libor (%) −10–100, as the server bounds them.
 */
export function gridInputProblems(p: { settlementDate: string; interestRate: string; libor: string }, type: PortfolioType): string | null {
  const out: string[] = [];
  if (p.settlementDate.trim() === '') out.push('Missing required: Settlement Date');
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(p.settlementDate) || Number.isNaN(Date.parse(p.settlementDate))) out.push('Missing valid: Settlement Date');
  // The date input takes 12/31/9999; the server's answer named the range in YYYYMMDD (issue 23 sweep).
  else if (p.settlementDate < '1900-01-01' || p.settlementDate > '2100-12-31') out.push('Settlement Date must be from 01/01/1900 to 12/31/2100');
  const [label, text, min, max] = type === 'Bonds' ? ['Libor (%)', p.libor, -10, 100] as const : ['Interest Rate (%)', p.interestRate, 0, 100] as const;
  const t = text.replace(/,/g, '').trim();
  if (t === '') out.push(`Missing required: ${label.replace(' (%)', '')}`);
  else if (!NUMBER_TEXT.test(t)) out.push(mustBeNumber(label));
  else if (Number(t) < min || Number(t) > max) out.push(mustBeFrom(label, min, max));
  return out.length ? out.join('\n') : null;
}

/**
 * The portfolio selector's choices (issue 23 #9: an admin saw two 'Demo bonds'): the list's keys,
 * which already carry " (owner)" where another owner uses the same name, and the owner shown on
 * every portfolio that is not the caller's.
 */
export function portfolioChoices(list: PortfolioList, username: string): { key: string; label: string }[] {
  return Object.entries(list)
    .map(([key, p]) => ({ key, label: p.Owner !== username && !key.endsWith(` (${p.Owner})`) ? `${key} (${p.Owner})` : key }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The header block of the grid's workbooks (spec 000 §9): Run Date is the day, Run Time how long the
 * run took (m:ss or h:mm:ss, as the analysis screens write it; issue 23 #7: not the clock time).
 */
export function gridExportHeader(h: { user: string; portfolio: string; bond: string; settlementIso: string; runDate: string; runMs: number; scenario: string; vendor: string }): ExportLine[] {
  return [
    ['User', h.user], ['Portfolio', h.portfolio], ['Bond', h.bond], ['Settlement Date', h.settlementIso, 'date'],
    ['Run Date', h.runDate, 'date'], ['Run Time', formatElapsed(h.runMs)],
    ['Scenario Name', h.scenario], ['Scenario Vendor', h.vendor],
  ];
}
