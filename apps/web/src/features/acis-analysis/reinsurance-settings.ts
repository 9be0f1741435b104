import Cookies from 'js-cookie';
import type { AssumptionInputs } from '../deal-analysis/analysis-inputs.ts';

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

/**
 * Client check before a run, in the server's words: 'Missing required: …' for blanks and
 * 'Missing valid: …' for text that is not a number in range (limit > 0, percents 0–100).
 */
export function settingsProblems(s: ReinsuranceSettings): string | null {
  const items: [string, string, (x: number) => boolean][] = [
    // Named as the screen labels it (issue 23 #4), like the server's message.
    ['Initial Limit', s.initialLimit, (x) => x > 0],
    ['Collateral', s.collateral, (x) => x >= 0 && x <= 100],
    ['Interest Rate', s.interestRate, (x) => x >= 0 && x <= 100],
  ];
  const missing = items.filter(([, t]) => !t.trim()).map(([l]) => l);
  const invalid = items.filter(([, t, ok]) => t.trim() && (parseAmount(t) === null || !ok(parseAmount(t) as number))).map(([l]) => l);
  const out = [...(missing.length ? [`Missing required: ${missing.join(', ')}`] : []), ...(invalid.length ? [`Missing valid: ${invalid.join(', ')}`] : [])];
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
