import { looksLikeCurvePreset, parseRampVector } from '@opencrt/engine/ramp-syntax';
import { mustBeFrom } from '@opencrt/contracts';
import Cookies from 'js-cookie';
import { isValidAbsSpeed, prepaymentMessageName, type PrepaymentConvention } from './run-options.ts';

/** Assumption inputs of the analysis screens as the user types them: percent text. */
export interface AssumptionInputs {
  cpr: string;
  cdr: string;
  lossSeverity: string;
  delinquency: string;
  libor: string;
}

/** Defaults without a cookie (spec 000 §9): cpr 10, cdr 0.05 (0 agency), severity 20 (0 agency). */
export function defaultInputs(isAgency: boolean): AssumptionInputs {
  return { cpr: '10', cdr: isAgency ? '0' : '0.05', lossSeverity: isAgency ? '0' : '20', delinquency: '0', libor: '0' };
}

/** Agency deals: names containing FHLMC, FNMA or GNMA (spec 000 §1). */
export function isAgencyDeal(dealName: string): boolean {
  return /FHLMC|FNMA|GNMA/i.test(dealName);
}

const COOKIE_PREFIX = 'dealAnalysis.';

/** Inputs an agency deal hides (spec 000 §4): its run never reads them, so it never saves them. */
export const AGENCY_HIDDEN: readonly string[] = ['cdr', 'lossSeverity', 'delinquency'];

/**
 * Saved inputs last 1 day (spec 000 §9). An agency run keeps the hidden credit cookies as they are:
 * its forced 0 CDR and severity must not become the next private-label deal's assumptions.
 */
export function saveInputs(inputs: AssumptionInputs, isAgency = false): void {
  for (const [key, value] of Object.entries(inputs)) {
    if (isAgency && AGENCY_HIDDEN.includes(key)) continue;
    Cookies.set(COOKIE_PREFIX + key, value, { expires: 1, sameSite: 'strict', path: '/' });
  }
}

export function loadInputs(isAgency: boolean): AssumptionInputs {
  const defaults = defaultInputs(isAgency);
  const read = (key: keyof AssumptionInputs) => Cookies.get(COOKIE_PREFIX + key) ?? defaults[key];
  return { cpr: read('cpr'), cdr: read('cdr'), lossSeverity: read('lossSeverity'), delinquency: read('delinquency'), libor: read('libor') };
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;
/** A vendor ramp step: '12R' (ramp over 12 periods) or '11S' (stay 11 more periods). */
const RAMP_STEP = /^\d+[RS]$/i;

/**
 * Vendor ramp text ("5 12R 10", "6 11S 8", or values separated by spaces) expanded to per-period
 * percent values with the CLI's parser (engine ramp syntax, crt-domain.md §1.6); null when the
 * text is not ramp text (a plain comma list, a vector name) or does not parse.
 */
export function expandRamp(text: string): number[] | null {
  const trimmed = text.trim();
  // A standard-curve preset ("100 SDA", "150 PSA"; issue 25 #6) expands by the same parser.
  if (looksLikeCurvePreset(trimmed)) {
    const preset = parseRampVector(trimmed);
    return preset.ok ? preset.values : null;
  }
  const tokens = trimmed.split(/[\s,]+/).filter(Boolean);
  const ramp = /\s/.test(trimmed) || tokens.some((t) => RAMP_STEP.test(t));
  // Plain decimals and steps only (no '1e3'), and no blank comma items ('5,,7' stays invalid).
  if (!ramp || /(^|,)\s*(,|$)/.test(trimmed) || !tokens.every((t) => DECIMAL.test(t) || RAMP_STEP.test(t))) return null;
  const parsed = parseRampVector(trimmed);
  return parsed.ok ? parsed.values : null;
}

/** The hover text of a rate input: the expanded vector of ramp text (issue 18 #16), else nothing. */
export function rampTitle(text: string): string | undefined {
  const values = expandRamp(text);
  if (!values) return undefined;
  const shown = values.map((v) => String(Number(v.toFixed(4))));
  // A PSA/SDA preset runs at the loans' own age (issue 34 #5): the values shown are the curve by age.
  if (looksLikeCurvePreset(text.trim())) {
    return `By loan age as SIFMA defines it (the pool's WALA at settlement; each loan's age in loan-level runs), not from settlement. `
      + `Curve by age 1-${values.length} (the last extends): ${shown.join(', ')}`;
  }
  return `${values.length} periods (the last extends to maturity): ${shown.length > 40 ? `${shown.slice(0, 40).join(', ')}, …` : shown.join(', ')}`;
}

/**
 * Percent text → the request's fraction list with a leading 0 (spec 000 §3: "percent inputs divided
 * by 100, with a leading 0 prepended for single runs"). Text with letters is a user vector name and
 * goes to the server as it is, as does a standard-curve preset ("100 SDA"); vendor ramp text
 * ("5 12R 10") goes as its expanded vector. Null when the text is blank or holds a blank or
 * non-numeric item.
 */
export function toRequestRate(text: string, allowVectorName: boolean): number[] | string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (allowVectorName && /^[A-Za-z_][\w .-]*$/.test(trimmed)) return trimmed;
  // A preset goes as typed: the server checks it belongs to the field (PSA in CPR, SDA in CDR) and expands it.
  if (allowVectorName && looksLikeCurvePreset(trimmed)) return trimmed;
  const ramp = expandRamp(trimmed);
  if (ramp) return [0, ...ramp.map((p) => p / 100)];
  const parts = trimmed.split(',').map((p) => p.trim());
  // Plain decimals only: Number() would also read '0x10' as 16 and '1e3' as 1000.
  if (parts.some((p) => !DECIMAL.test(p))) return null;
  return [0, ...parts.map((p) => Number(p) / 100)];
}

/**
 * Allowed values of the rate inputs, percent (the engine's request bounds in the user's units):
 * CPR and CDR below 100 (100 % would end the pool in one month), severity and delinquency up to
 * 100, the index rate within ±100.
 */
export const PERCENT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  CPR: [0, 99.9999], CDR: [0, 99.9999], 'Loss Severity': [0, 100], Delinquency: [0, 100], 'LIBOR / SOFR': [-100, 100], SOFR: [-100, 100],
};

/** True when the text is a numeric list with a value outside the input's allowed range. */
export function isOutOfRange(label: string, text: string): boolean {
  const range = PERCENT_RANGES[label];
  const rate = toRequestRate(text, false);
  if (!range || !Array.isArray(rate)) return false;
  return rate.slice(1).some((x) => x * 100 < range[0] - 1e-9 || x * 100 > range[1] + 1e-9);
}

/**
 * 'Missing valid: A, B' (spec 000 §5) for blanks and text that is not numbers, and one line per
 * out-of-range input with its unit and range ("CPR (%) must be from 0 to 99.9999", issue 18 #7):
 * each input named once (issue 23 #4: not "Missing valid: CPR CPR must be …").
 */
export function missingValidMessage(checks: readonly (readonly [label: string, text: string, valid: boolean])[]): string | null {
  const invalid = checks.filter(([, , valid]) => !valid).map(([label]) => label);
  const ranges = checks.filter(([label, text, valid]) => valid && isOutOfRange(label, text)).map(([label]) => {
    const [lo, hi] = PERCENT_RANGES[label] ?? [0, 0];
    return mustBeFrom(`${label} (%)`, lo, hi);
  });
  const lines = [...(invalid.length ? [`Missing valid: ${invalid.join(', ')}`] : []), ...ranges];
  return lines.length ? lines.join('\n') : null;
}

/**
 * Client check before a run (spec 000 §5): 'Missing valid: ...' names the inputs that are blank,
 * not comma-separated numbers, or out of range. Agency deals do not show CDR, severity and
 * delinquency. Under the ABS convention the prepayment input is one non-negative speed, named 'ABS'.
 */
export function inputProblems(inputs: AssumptionInputs, isAgency: boolean, convention: PrepaymentConvention = 'CPR'): string | null {
  const checks: [string, string, boolean][] = [
    ['CPR', inputs.cpr, true],
    ['CDR', inputs.cdr, true],
    ['Loss Severity', inputs.lossSeverity, false],
    ['Delinquency', inputs.delinquency, false],
    // Named as the screen labels the input (issue 23 #4).
    ['LIBOR / SOFR', inputs.libor, false],
  ];
  const valid = (label: string, text: string, named: boolean) =>
    label === 'CPR' && convention === 'ABS' ? isValidAbsSpeed(text) : toRequestRate(text, named) !== null;
  return missingValidMessage(checks
    .filter(([label]) => !isAgency || !['CDR', 'Loss Severity', 'Delinquency'].includes(label))
    .map(([label, text, named]) => [label === 'CPR' ? prepaymentMessageName(convention) : label, text, valid(label, text, named)] as const));
}

/** YYYYMMDD number ↔ ISO date input value. */
export function ymdToInput(ymd: number): string {
  const s = String(ymd).padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}
/** Null unless a real calendar date (a settle_dt of 2026-13-45 or 2026-02-30 is no date). */
export function inputToYmd(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? y * 10000 + mo * 100 + d : null;
}

/**
 * Remittance date of a settlement date (spec 000 §4): the payment day in the settlement month, or in
 * the previous month when the settlement day is earlier than the first payment day.
 */
export function remittanceDate(settlementYmd: number, firstPaymentYmd: number): number {
  const day = firstPaymentYmd % 100;
  let year = Math.floor(settlementYmd / 10000);
  let month = Math.floor(settlementYmd / 100) % 100;
  if (settlementYmd % 100 < day) {
    month -= 1;
    if (month === 0) { month = 12; year -= 1; }
  }
  return year * 10000 + month * 100 + day;
}

/** A settlement date before the issue date is the issue date (spec 000 §4). */
export function snapSettlement(settlementYmd: number, issueYmd: number): number {
  return Math.max(settlementYmd, issueYmd);
}
