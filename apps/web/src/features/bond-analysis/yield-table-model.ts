/**
 * The yield table tab (issue 25 #4): rows are scenarios (typed, or saved ones by id), columns are
 * prices or discount margins; POST /simulate/yield-table answers one cell per row × column. Pure
 * helpers (inputs → request, answer → grid, workbook rows), tested without a browser.
 */
import { DM_BP_MAX, DM_BP_MIN, YIELD_TABLE_LIMITS, type YieldTableCell } from '@opencrt/contracts';
import { toRequestRate } from '../../components/run-inputs/analysis-inputs.ts';

/** A row as typed: percent text (ramp syntax and vectors as the pricing inputs), or a saved scenario. */
export interface YieldTableRowInput {
  name: string;
  cpr: string;
  cdr: string;
  lossSeverity: string;
  delinquency: string;
  /** A saved scenario's id: its vectors replace the four inputs. */
  scenarioId: number | null;
}

export type YieldTableAxis = 'price' | 'dm';

/** Column values from text ("97, 98.5, 100"), checked as the server checks them; a message when wrong. */
export function parseColumns(text: string, axis: YieldTableAxis): { values: number[] } | { problem: string } {
  const parts = text.split(/[,\s;]+/).map((p) => p.trim()).filter((p) => p !== '');
  const label = axis === 'price' ? 'Prices' : 'Discount Margins';
  if (parts.length === 0 || parts.length > 20) return { problem: axis === 'price' ? YIELD_TABLE_LIMITS.Prices : YIELD_TABLE_LIMITS.DiscountMargins };
  const values = parts.map(Number);
  if (values.some((x) => !Number.isFinite(x))) return { problem: `Missing valid: ${label}` };
  if (axis === 'price' && values.some((x) => !(x > 0 && x <= 1000))) return { problem: YIELD_TABLE_LIMITS.Price };
  if (axis === 'dm' && values.some((x) => x < DM_BP_MIN || x > DM_BP_MAX)) return { problem: YIELD_TABLE_LIMITS.DiscountMargin };
  return { values };
}

/** The first problem of the rows (numbered as on screen), or null. */
export function rowsProblem(rows: readonly YieldTableRowInput[]): string | null {
  if (rows.length === 0 || rows.length > 20) return YIELD_TABLE_LIMITS.Scenarios;
  for (const [i, r] of rows.entries()) {
    if (!r.name.trim() || r.name.length > 100) return YIELD_TABLE_LIMITS.Name;
    if (r.scenarioId !== null) continue;
    const bad = ([['CPR', r.cpr, true], ['CDR', r.cdr, true], ['Loss Severity', r.lossSeverity, false], ['Delinquency', r.delinquency, false]] as const)
      .filter(([, text, named]) => toRequestRate(text, named) === null).map(([label]) => label);
    if (bad.length) return `Scenario ${i + 1} (${r.name.trim()}): Missing valid: ${bad.join(', ')}`;
  }
  return null;
}

/** The request: the bond inputs (`base`), the rows and the columns. */
export function yieldTableBody(base: Record<string, unknown>, rows: readonly YieldTableRowInput[], axis: YieldTableAxis, values: readonly number[]): Record<string, unknown> {
  return {
    ...base,
    Scenarios: rows.map((r) => (r.scenarioId !== null
      ? { Name: r.name.trim(), SelectedScenarioId: r.scenarioId }
      : {
        Name: r.name.trim(), Cpr: toRequestRate(r.cpr, true), Cdr: toRequestRate(r.cdr, true),
        LossSeverity: toRequestRate(r.lossSeverity, false), Delinquency: toRequestRate(r.delinquency, false),
      })),
    ...(axis === 'price' ? { Prices: [...values] } : { DiscountMargins: [...values] }),
  };
}

/** The answer as a grid: cells[row][column], in the request's order (the server answers row by row). */
export function cellGrid(cells: readonly YieldTableCell[], rows: number, columns: number): (YieldTableCell | null)[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => cells[r * columns + c] ?? null));
}

/** What a grid cell shows: the yield (%) on a price table, the price on a DM table. */
export function cellText(cell: YieldTableCell | null, axis: YieldTableAxis): string {
  const x = axis === 'price' ? (cell?.Yield ?? null) : (cell?.Price ?? null);
  if (x === null || !Number.isFinite(x)) return '-----';
  return axis === 'price' ? `${(x * 100).toFixed(3)}%` : x.toFixed(5);
}
