/**
 * The vendor grid's model (spec 002 "Vendor grid", §3 "Result per scenario", §4, §8): scenario
 * columns from GET /portfolios/{id}/scenarios, the scenario each entry uses in a column (the
 * deal's own of that name first, then a common one — the server's rule in portfolio-grid.service),
 * metric choices per portfolio type, cells filled from the NDJSON stream, and footer totals.
 */
import {
  MISSING_SCENARIO, type GridCell, type PortfolioEntryOut, type PortfolioScenario, type PortfolioScenarios, type PortfolioType,
} from '@opencrt/contracts';

/** A scenario column: a name and the vendor shown above it (null: not vendor specific). */
export interface ScenarioColumn { key: string; name: string; vendor: string | null }

/** Printable (it is also the grid's column id and goes into a cookie): vendor/name, each URI-encoded, lower case. */
export const columnKey = (name: string, vendor: string | null): string => `${encodeURIComponent((vendor ?? '').toLowerCase())}/${encodeURIComponent(name.toLowerCase())}`;

/**
 * Every scenario column the portfolio can show, sorted by name then vendor. Global (generic
 * scenarios) keeps only the common ones (the '' key); otherwise deal scenarios join them.
 */
export function scenarioColumns(scenarios: PortfolioScenarios, generic: boolean): ScenarioColumn[] {
  const lists = generic ? [scenarios[''] ?? []] : Object.values(scenarios);
  const byKey = new Map<string, ScenarioColumn>();
  for (const s of lists.flat()) {
    const key = columnKey(s.ScenarioName, s.Vendor);
    if (!byKey.has(key)) byKey.set(key, { key, name: s.ScenarioName, vendor: s.Vendor });
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name) || (a.vendor ?? '').localeCompare(b.vendor ?? ''));
}

const same = (s: PortfolioScenario, c: ScenarioColumn) =>
  s.ScenarioName.toLowerCase() === c.name.toLowerCase() && (s.Vendor ?? '').toLowerCase() === (c.vendor ?? '').toLowerCase();

/** The scenario an entry's deal uses in a column, or null: 'Missing scenario'. */
export function scenarioFor(scenarios: PortfolioScenarios, dealName: string, column: ScenarioColumn, generic: boolean): PortfolioScenario | null {
  const own = generic ? [] : (scenarios[dealName] ?? []);
  return own.find((s) => same(s, column)) ?? (scenarios[''] ?? []).find((s) => same(s, column)) ?? null;
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

export const cellKey = (ordinal: number, column: { name: string; vendor: string | null }): string => `${ordinal}\u0002${columnKey(column.name, column.vendor)}`;

/**
 * The cells of a finished stream in the server's run order: row-major over entries × columns
 * without the fixed ones (Missing scenario, lines that cannot run). A failed piece (ok: false)
 * carries only its index, so this tells which cell it was.
 */
export function runOrder(ordinals: readonly number[], columns: readonly ScenarioColumn[], fixed: readonly GridCell[]): string[] {
  const fixedKeys = new Set(fixed.map((c) => cellKey(c.OrdinalNumber, { name: c.ScenarioName, vendor: c.Vendor })));
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
