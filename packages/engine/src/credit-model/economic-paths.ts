/**
 * Economic inputs of a credit-model run and the monthly paths the loan loop reads.
 * Input sets (spec 000 §4, crt-domain.md §8):
 *  - LDM (LDM 2.2): HPI, 2y and 10y Treasury, 15y and 30y mortgage rates, tunes;
 *  - LDM_3 (LDM 3.0): the same plus national unemployment;
 *  - AFT: HPA, 15y and 30y mortgage rates (no tunes).
 * Every path is a RateInput in engine units: a flat fraction or a vector by projection month
 * (element 0 = month 1; the last value extends). HPI and HPA are annual home-price growth rates
 * (0.03 = +3% a year, −0.2 = a 20%-a-year fall), unemployment a rate (0.045 = 4.5%).
 */
import type { ValidationIssue } from '../deal/validate-deal.ts';
import type { RateInput } from '../rates/vector.ts';
import { valueAt } from '../rates/vector.ts';
import type { CreditModelParameters } from './model-parameters.ts';

export type CreditModelName = 'LDM' | 'LDM_3' | 'AFT';

export interface CreditModelInputs {
  model: CreditModelName;
  /** Annual home-price growth: HPI (LDM models) or HPA (AFT). */
  homePriceGrowth: RateInput | null;
  tsy2Year: RateInput | null;
  tsy10Year: RateInput | null;
  mtg15Year: RateInput | null;
  mtg30Year: RateInput | null;
  /** National unemployment rate (LDM 3.0). */
  unemployment: RateInput | null;
  tuneCpr: number;
  tuneCdr: number;
  tuneSeverity: number;
  /** Primary MI claims reduce severity. */
  useMortgageInsurance: boolean;
  /** Calendar month (1 = January) of projection month 1, for turnover seasonality. */
  startCalendarMonth: number;
}

/** Monthly paths of one run (index t = projection month t + 1). */
export interface EconomicPaths {
  months: number;
  mtg30: Float64Array;
  mtg15: Float64Array;
  /** Home-price index at the START of month t relative to the run's start (1 at t = 0). */
  hpiRatio: Float64Array;
  /**
   * Optional: the national HPI ratio for months after the horizon (index 0 = month months + 1), read
   * for the value at liquidation of late defaults; without it the last month's level holds.
   */
  hpiTail?: Float64Array;
  /** Unemployment minus the model's base, in points (zeros unless LDM 3.0). */
  unemploymentDeltaPct: Float64Array;
  /** Calendar month (1..12) of each projection month. */
  calendarMonth: Int8Array;
}

const has = (v: RateInput | null): v is RateInput => v !== null && (typeof v === 'number' || v.length > 0);

function inRange(v: RateInput, lo: number, hi: number): boolean {
  const list = typeof v === 'number' ? [v] : v;
  return list.every((x) => Number.isFinite(x) && x >= lo && x <= hi);
}

/**
 * Checks a model's input set: required paths ('Missing required: HPI, 10Yr TSY') and bounds
 * ('Missing valid: 30Yr MTG'). Labels are the screen's (spec 000 §4).
 */
export function validateCreditModelInputs(inputs: CreditModelInputs): ValidationIssue[] {
  const missing: string[] = [];
  const invalid: string[] = [];
  const check = (v: RateInput | null, label: string, required: boolean, lo: number, hi: number) => {
    if (!has(v)) { if (required) missing.push(label); return; }
    if (!inRange(v, lo, hi)) invalid.push(label);
  };
  const aft = inputs.model === 'AFT';
  check(inputs.homePriceGrowth, aft ? 'HPA' : 'HPI', true, -0.5, 0.5);
  if (!aft) {
    check(inputs.tsy2Year, '2Yr TSY', false, -0.02, 0.25);
    // A mortgage path is needed: the 30y input, or the 10y Treasury it is built from.
    check(inputs.tsy10Year, '10Yr TSY', !has(inputs.mtg30Year), -0.02, 0.25);
  }
  check(inputs.mtg15Year, '15Yr MTG', false, 0, 0.3);
  check(inputs.mtg30Year, '30Yr MTG', aft, 0, 0.3);
  if (inputs.model === 'LDM_3') check(inputs.unemployment, 'Unemployment', true, 0, 0.5);
  const issues: ValidationIssue[] = [];
  if (missing.length) issues.push({ path: 'model', message: `Missing required: ${missing.join(', ')}` });
  if (invalid.length) issues.push({ path: 'model', message: `Missing valid: ${invalid.join(', ')}` });
  for (const [value, label] of [[inputs.tuneCpr, 'Tune CPR'], [inputs.tuneCdr, 'Tune CDR'], [inputs.tuneSeverity, 'Tune Severity']] as const) {
    if (!(Number.isFinite(value) && value >= 0 && value <= 10)) issues.push({ path: 'model', message: `Missing valid: ${label}` });
  }
  return issues;
}

/**
 * Builds the monthly paths: 30y mortgage = input, else 10y Treasury + spread; 15y = input, else
 * 30y − max(0, spread15 + β·(10y − 2y)); HPI ratio compounds monthly (1 + g/12); unemployment only
 * for LDM 3.0. Validate first; missing optional paths fall back as described.
 */
export function buildEconomicPaths(inputs: CreditModelInputs, months: number, p: CreditModelParameters): EconomicPaths {
  const mtg30 = new Float64Array(months);
  const mtg15 = new Float64Array(months);
  const hpiRatio = new Float64Array(months);
  const unemploymentDeltaPct = new Float64Array(months);
  const calendarMonth = new Int8Array(months);
  const useRates = inputs.model !== 'AFT';
  let hpi = 1;
  for (let t = 0; t < months; t++) {
    const tsy10 = useRates && has(inputs.tsy10Year) ? valueAt(inputs.tsy10Year, t) : null;
    const tsy2 = useRates && has(inputs.tsy2Year) ? valueAt(inputs.tsy2Year, t) : null;
    const m30 = has(inputs.mtg30Year) ? valueAt(inputs.mtg30Year, t) : (tsy10 ?? 0) + p.mortgageSpreadToTsy10;
    const slope = tsy10 !== null && tsy2 !== null ? tsy10 - tsy2 : 0;
    mtg30[t] = m30;
    mtg15[t] = has(inputs.mtg15Year) ? valueAt(inputs.mtg15Year, t) : m30 - Math.max(0, p.mortgage15SpreadTo30 + p.mortgage15SlopeBeta * slope);
    hpiRatio[t] = hpi;
    hpi *= 1 + (has(inputs.homePriceGrowth) ? valueAt(inputs.homePriceGrowth, t) : 0) / 12;
    unemploymentDeltaPct[t] = inputs.model === 'LDM_3' && has(inputs.unemployment) ? (valueAt(inputs.unemployment, t) - p.unemploymentBase) * 100 : 0;
    calendarMonth[t] = ((inputs.startCalendarMonth - 1 + t) % 12) + 1;
  }
  return { months, mtg30, mtg15, hpiRatio, unemploymentDeltaPct, calendarMonth };
}
