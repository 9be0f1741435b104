/**
 * The index curve input of the deal and bond screens (issue 25 #1): the flat LIBOR / SOFR input
 * (today's), a vector in ramp syntax ("3.5 12R 4.5"), or a pasted / imported forward curve (one
 * monthly rate per line), all in PERCENT, plus a parallel shift in basis points. The request's
 * IndexCurve is in FRACTIONS, period 1 first (packages/contracts simulation.ts); a flat index
 * without a shift sends no curve, so such a run is exactly today's.
 */
import { INDEX_CURVE_MAX, INDEX_CURVE_MAX_PERIODS, INDEX_CURVE_MIN } from '@opencrt/contracts';
import { expandRamp } from './analysis-inputs.ts';

export type IndexCurveMode = 'flat' | 'vector' | 'curve';

export interface IndexCurveState {
  mode: IndexCurveMode;
  /** Ramp-syntax or space/comma-separated percent values (mode 'vector'). */
  vector: string;
  /** Pasted or imported forward curve, percent (mode 'curve'). */
  curveText: string;
  /** Parallel shift, basis points (every mode). */
  shiftBp: string;
}

export const DEFAULT_INDEX_CURVE: IndexCurveState = { mode: 'flat', vector: '', curveText: '', shiftBp: '0' };

export const INDEX_CURVE_MODE_LABELS: Record<IndexCurveMode, string> = {
  flat: 'Flat (LIBOR / SOFR input)',
  vector: 'Vector (ramp syntax)',
  curve: 'Forward curve (paste or import)',
};

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const SHIFT_LIMIT_BP = 1000;
const MIN_PCT = INDEX_CURVE_MIN * 100;
const MAX_PCT = INDEX_CURVE_MAX * 100;

/**
 * Percent rates of a pasted or imported curve: on several lines, the last number of each line
 * (a 'Period, Rate' table pastes as is; header lines without a number are skipped); on one line,
 * every number. Null when a line holds text that is not a number where the rate should be.
 */
export function parseCurveText(text: string): number[] | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return [];
  const cells = (line: string) => line.split(/[\s,;\t]+/).map((c) => c.replace(/%$/, '')).filter(Boolean);
  if (lines.length === 1) {
    const items = cells(lines[0] as string);
    return items.every((c) => NUMBER.test(c)) ? items.map(Number) : null;
  }
  const rates: number[] = [];
  for (const [i, line] of lines.entries()) {
    const last = cells(line).at(-1) ?? '';
    if (NUMBER.test(last)) rates.push(Number(last));
    // A first line of words is a header ('Period, Rate'); words later are a mistake.
    else if (i > 0 || /\d/.test(line)) return null;
  }
  return rates;
}

/** What a run sends: IndexCurve fractions (null = the flat Libor input as today), or the problem. */
export interface IndexCurveOutcome { curve: number[] | null; problem: string | null }

/**
 * The request's IndexCurve from the screen's state and the LIBOR / SOFR input (percent text).
 * Messages name the field as the screen labels it, with unit and range.
 */
export function indexCurveOf(state: IndexCurveState, liborText: string): IndexCurveOutcome {
  const shiftText = state.shiftBp.trim() || '0';
  if (!NUMBER.test(shiftText) || Math.abs(Number(shiftText)) > SHIFT_LIMIT_BP) {
    return { curve: null, problem: `Index Shift (bp) must be a number from -${SHIFT_LIMIT_BP} to ${SHIFT_LIMIT_BP}.` };
  }
  const shift = Number(shiftText) / 100; // bp → percent
  let pct: number[] | null;
  if (state.mode === 'flat') {
    // No shift: no curve, the run is exactly the flat-index run.
    if (shift === 0) return { curve: null, problem: null };
    const flat = liborText.trim();
    pct = NUMBER.test(flat) ? [Number(flat)] : null;
    if (pct === null) return { curve: null, problem: 'LIBOR / SOFR (%) must be a number to shift it.' };
  } else if (state.mode === 'vector') {
    const text = state.vector.trim();
    pct = NUMBER.test(text) ? [Number(text)] : (expandRamp(text) ?? parseCurveText(text));
    if (!pct || pct.length === 0) return { curve: null, problem: 'Index Vector (%) must be percent values or ramp syntax, e.g. 3.5 12R 4.5.' };
  } else {
    pct = parseCurveText(state.curveText);
    if (!pct || pct.length === 0) return { curve: null, problem: 'Forward Curve (%) must be one monthly rate (percent) per line, period 1 first.' };
  }
  if (pct.length > INDEX_CURVE_MAX_PERIODS) return { curve: null, problem: `Index Curve must have 1 to ${INDEX_CURVE_MAX_PERIODS} monthly rates (this one has ${pct.length}).` };
  const shifted = pct.map((x) => x + shift);
  const bad = shifted.findIndex((x) => !(x >= MIN_PCT && x <= MAX_PCT));
  if (bad >= 0) {
    return { curve: null, problem: `Index Curve rates must be from ${MIN_PCT}% to ${MAX_PCT}% after the shift (period ${bad + 1}: ${Number((shifted[bad] ?? 0).toFixed(6))}%).` };
  }
  // 12 significant digits drop the binary noise of /100 (3.6 / 100 = 0.036000000000000004).
  return { curve: shifted.map((x) => Number((x / 100).toPrecision(12))), problem: null };
}

/** A short description of the curve for run labels and the workbook ('curve 3.00–4.19 %, 120 months'). */
export function indexCurveLabel(curve: readonly number[] | null): string | null {
  if (!curve || curve.length === 0) return null;
  const pct = curve.map((x) => x * 100);
  const lo = Math.min(...pct);
  const hi = Math.max(...pct);
  return lo === hi ? `index curve ${lo.toFixed(2)}% flat` : `index curve ${lo.toFixed(2)}–${hi.toFixed(2)}%, ${curve.length} months`;
}

/**
 * Rates of an imported file as curve text: CSV/TXT as it is; XLSX through ExcelJS, the first
 * sheet's rows with the last numeric cell of each row (a 'Period, Rate' table works as is).
 */
export async function curveTextOfFile(file: File): Promise<string> {
  if (!/\.xlsx$/i.test(file.name)) return file.text();
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  await book.xlsx.load(await file.arrayBuffer());
  const sheet = book.worksheets[0];
  if (!sheet) return '';
  const lines: string[] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    const last = [...values].reverse().find((v) => typeof v === 'number' || (typeof v === 'object' && v !== null && typeof (v as { result?: unknown }).result === 'number'));
    if (last === undefined) return;
    lines.push(String(typeof last === 'number' ? last : (last as { result: number }).result));
  });
  return lines.join('\n');
}
