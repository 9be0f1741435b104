/**
 * Compare up to six runs side by side (issue 25 #8), client-side only: each pin keeps the
 * tranche summary of a run on screen (its rows and the figures shown), labelled by its scenario
 * inputs; the compare view and the workbook's Compare sheet put the runs in columns.
 */
import type { ExportColumn, ExportTab } from '../../components/cashflow-export/export-cashflows.ts';
import { exportNumber, type ExportKind } from '@opencrt/contracts';
import type { SummaryRow } from './tranche-summary-rows.ts';
import { breakevenValue, FIGURE_HEADERS, type ScreenFigures } from './summary-figures.ts';

export const MAX_PINNED_RUNS = 6;
export const TOO_MANY_PINS = `Up to ${MAX_PINNED_RUNS} runs can be pinned: remove one first.`;

/** A pinned run: the label (its scenario inputs), the summary rows and the figures shown with them. */
export interface PinnedRun {
  id: number;
  label: string;
  rows: SummaryRow[];
  figures: ReadonlyMap<string, ScreenFigures>;
  /** Breakeven headers as shown when the run was pinned (the mode's own words). */
  breakevenHeaders?: { first: string; full: string } | null;
}

/** The pins with `run` added last, or the refusal when six are pinned already. */
export function addPin(pins: readonly PinnedRun[], run: Omit<PinnedRun, 'id'>): { pins: PinnedRun[]; problem: string | null } {
  if (pins.length >= MAX_PINNED_RUNS) return { pins: [...pins], problem: TOO_MANY_PINS };
  const id = Math.max(0, ...pins.map((p) => p.id)) + 1;
  return { pins: [...pins, { ...run, id }], problem: null };
}

export const removePin = (pins: readonly PinnedRun[], id: number): PinnedRun[] => pins.filter((p) => p.id !== id);

/** One compared figure: its label, export kind and value of a class in a run (null = none). */
interface Figure { label: string; kind: ExportKind; value(row: SummaryRow | undefined, f: ScreenFigures | undefined): number | string | null }

const FIGURES: Figure[] = [
  { label: 'Balance ($)', kind: 'money', value: (r) => r?.balance ?? null },
  { label: 'WAL (yrs)', kind: 'years', value: (r) => r?.wal ?? null },
  { label: 'Window', kind: 'text', value: (r) => (r?.window ? r.window : null) },
  { label: 'Write-down (%)', kind: 'percent', value: (r) => r?.writedownPct ?? null },
  { label: 'First Loss Period', kind: 'integer', value: (r) => r?.firstLossPeriod ?? null },
  { label: 'Principal ($)', kind: 'money', value: (r) => r?.principal ?? null },
  { label: 'Interest ($)', kind: 'money', value: (r) => r?.interest ?? null },
  { label: 'Loss ($)', kind: 'money', value: (r) => r?.loss ?? null },
  { label: FIGURE_HEADERS.price, kind: 'price', value: (_r, f) => f?.price ?? null },
  { label: FIGURE_HEADERS.yield, kind: 'percent', value: (_r, f) => f?.yieldPct ?? null },
  { label: FIGURE_HEADERS.dm, kind: 'number', value: (_r, f) => (f?.dmBp === null || f?.dmBp === undefined ? null : Math.round(f.dmBp * 100) / 100) },
  { label: 'Breakeven first loss', kind: 'number', value: (_r, f) => breakevenValue(f?.breakevenFirst ?? null) },
  { label: 'Breakeven full loss', kind: 'number', value: (_r, f) => breakevenValue(f?.breakevenFull ?? null) },
];

function rounded(value: number | string | null, kind: ExportKind): number | string | null {
  return typeof value === 'number' && kind !== 'text' && kind !== 'date' ? exportNumber(value, kind) : value;
}

/** A row of the comparison: a class's figure in each run (in pin order). */
export interface CompareRow { bondName: string; figure: string; kind: ExportKind; values: (number | string | null)[] }

/**
 * The comparison, class by class (classes in the order the runs list them), figure by figure;
 * a figure no run has (no price typed, no breakevens solved) is left out.
 */
export function compareRows(pins: readonly PinnedRun[]): CompareRow[] {
  const classes = [...new Set(pins.flatMap((p) => p.rows.map((r) => r.bondName)))];
  return classes.flatMap((bondName) => FIGURES.map((f) => ({
    bondName, figure: f.label, kind: f.kind,
    // Rounded to the figure's own kind here: the sheet's run columns hold several kinds.
    values: pins.map((p) => rounded(f.value(p.rows.find((r) => r.bondName === bondName), p.figures.get(bondName)), f.kind)),
  })).filter((row) => row.values.some((v) => v !== null)));
}

/** The workbook's Compare sheet: Class, Figure, then one column per run headed by its label. */
export function compareSheet(pins: readonly PinnedRun[]): ExportTab<CompareRow> | null {
  if (pins.length === 0) return null;
  const columns: ExportColumn<CompareRow>[] = [
    { header: 'Class', value: (r) => r.bondName },
    { header: 'Figure', value: (r) => r.figure },
    ...pins.map((p, i) => ({ header: `Run ${i + 1}: ${p.label}`, value: (r: CompareRow) => r.values[i] ?? null })),
  ];
  return { name: 'Compare', columns, rows: compareRows(pins) };
}
