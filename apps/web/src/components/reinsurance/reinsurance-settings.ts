import Cookies from 'js-cookie';
import type { AssumptionInputs } from '../run-inputs/analysis-inputs.ts';

/** ACIS/CIRT settings as typed (spec 001 §2.2–§2.3): Initial Limit ($, separators allowed), Collateral (%), Interest Rate (%). */
export interface ReinsuranceSettings {
  initialLimit: string;
  collateral: string;
  interestRate: string;
}

/** Spec 001 §9: initial limit 1,000,000, collateral margin 20 %, interest rate 0. */
export const DEFAULT_SETTINGS: ReinsuranceSettings = { initialLimit: '1,000,000', collateral: '20', interestRate: '0' };

/** Text → number: thousands separators stripped (spec 001 §5.2); null when blank or not a number. */
export function parseAmount(text: string): number | null {
  const t = text.replace(/,/g, '').trim();
  if (!t || !/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return Number(t);
}

/** A dollar amount's range: above 0 (a layer of no size has no rate on line), at most a trillion (the API's bound). */
export const AMOUNT_RANGE_TEXT = 'must be above 0 and at most 1,000,000,000,000';
const MAX_AMOUNT = 1e12;

/** A typed setting or entry: its label on screen (with unit), its text and its range check. */
export interface TypedNumber { label: string; unit: '($)' | '(%)'; text: string; required: boolean }

/**
 * The problems of typed numbers in the house style (issue 23 #4): 'Missing required: …' for
 * blanks, 'Missing valid: …' for text that is not a number (the spec's words), and a line per
 * number out of range naming the field with its unit and range ("Collateral (%) must be from 0
 * to 100", "Initial Limit ($) must be above 0 and at most 1,000,000,000,000").
 */
export function typedNumberProblems(items: readonly TypedNumber[]): string[] {
  const missing = items.filter((i) => i.required && !i.text.trim()).map((i) => i.label);
  const letters = items.filter((i) => i.text.trim() && parseAmount(i.text) === null).map((i) => i.label);
  const ranges = items.flatMap((i) => {
    const x = i.text.trim() ? parseAmount(i.text) : null;
    if (x === null) return [];
    if (i.unit === '($)') return x > 0 && x <= MAX_AMOUNT ? [] : [`${i.label} ($) ${AMOUNT_RANGE_TEXT}`];
    return x >= 0 && x <= 100 ? [] : [`${i.label} (%) must be from 0 to 100`];
  });
  return [...(missing.length ? [`Missing required: ${missing.join(', ')}`] : []), ...(letters.length ? [`Missing valid: ${letters.join(', ')}`] : []), ...ranges];
}

/** Client check before a run (spec 001 §5.2 words for blanks and letters; ranges in the house style). */
export function settingsProblems(s: ReinsuranceSettings): string | null {
  const out = typedNumberProblems([
    // Named as the screen labels them (issue 23 #4), like the server's messages.
    { label: 'Initial Limit', unit: '($)', text: s.initialLimit, required: true },
    { label: 'Collateral', unit: '(%)', text: s.collateral, required: true },
    { label: 'Interest Rate', unit: '(%)', text: s.interestRate, required: true },
  ]);
  return out.length ? out.join('\n') : null;
}

/** Request fields: the limit in dollars, margin and interest rate as fractions (percent / 100). */
export function settingsBody(s: ReinsuranceSettings): { OwnedFaceAmt: number | null; Margin: number | null; InterestRate: number | null } {
  const pct = (t: string) => { const x = parseAmount(t); return x === null ? null : x / 100; };
  return { OwnedFaceAmt: parseAmount(s.initialLimit), Margin: pct(s.collateral), InterestRate: pct(s.interestRate) };
}

/** Settings are kept in cookies with the screen's prefix ('acis' or 'cirt') for 10 days (spec 001 §9). */
export function saveSettings(prefix: 'acis' | 'cirt', s: ReinsuranceSettings): void {
  for (const [k, v] of Object.entries(s)) Cookies.set(`${prefix}.${k}`, v, { expires: 10, sameSite: 'strict', path: '/' });
}

export function loadSettings(prefix: 'acis' | 'cirt'): ReinsuranceSettings {
  const read = (k: keyof ReinsuranceSettings) => Cookies.get(`${prefix}.${k}`) ?? DEFAULT_SETTINGS[k];
  return { initialLimit: read('initialLimit'), collateral: read('collateral'), interestRate: read('interestRate') };
}

/**
 * Single-run inputs when none are saved (spec 001 §9): CPR 10, CDR 0.5, severity 20, delinquency 0.
 * These screens have no index rate, so LIBOR stays 0 and is not shown.
 */
export const DEFAULT_REINSURANCE_INPUTS: AssumptionInputs = { cpr: '10', cdr: '0.5', lossSeverity: '20', delinquency: '0', libor: '0' };

const INPUT_KEYS = ['cpr', 'cdr', 'lossSeverity', 'delinquency'] as const;

/** The assumption inputs, kept with the screen's cookie prefix for 10 days like the settings (spec 001 §9). */
export function saveReinsuranceInputs(prefix: 'acis' | 'cirt', inputs: AssumptionInputs): void {
  for (const k of INPUT_KEYS) Cookies.set(`${prefix}.${k}`, inputs[k], { expires: 10, sameSite: 'strict', path: '/' });
}

export function loadReinsuranceInputs(prefix: 'acis' | 'cirt'): AssumptionInputs {
  const out = { ...DEFAULT_REINSURANCE_INPUTS };
  for (const k of INPUT_KEYS) out[k] = Cookies.get(`${prefix}.${k}`) ?? out[k];
  return out;
}

/** A line metric or ROI (fraction) as percent with 2 decimals; '-----' when undefined (spec 001 §9). */
export function formatRatePct(x: number | null | undefined): string {
  return typeof x === 'number' && Number.isFinite(x) ? `${(x * 100).toFixed(2)}%` : '-----';
}

/** Grids of fractions → percent grids for the matrix table. */
export function percentGrid(grid: (number | null)[][]): (number | null)[][] {
  return grid.map((row) => row.map((x) => (x === null ? null : x * 100)));
}
