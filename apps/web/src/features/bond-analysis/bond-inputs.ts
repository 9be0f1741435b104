import { DM_BP_MAX, DM_BP_MIN, PRICE_TAB_REQUIRED, QUOTE_LIMITS, SPREAD_TAB_REQUIRED, YIELD_TAB_REQUIRED } from '@opencrt/contracts';
import Cookies from 'js-cookie';
import { AGENCY_HIDDEN, missingValidMessage, toRequestRate } from '../../components/run-inputs/analysis-inputs.ts';
import { isValidAbsSpeed, prepaymentMessageName, type PrepaymentConvention } from '../../components/run-inputs/run-options.ts';

/** Bond pricing tabs (spec 001 §2.1). */
export type PricingTab = 'price' | 'yield' | 'spread';

/** Inputs of the bond analysis screen as typed: percent text, price in percent of face. */
export interface BondInputs {
  cpr: string;
  cdr: string;
  lossSeverity: string;
  delinquency: string;
  libor: string;
  price: string;
  yield: string;
  spread: string;
  benchmark: string;
  /** Discount margin in basis points (issue 25 #2), used by the price tab in DM mode. */
  dm: string;
  /** The price tab's quote: 'dm' prices from the discount margin; anything else from yield or spread. */
  priceFrom: string;
}

/** Defaults without a cookie: spec 001 §9 (price 100, yield 0, spread 0, benchmark 0) and 000 §9. */
export function defaultBondInputs(isAgency: boolean): BondInputs {
  return {
    cpr: '10', cdr: isAgency ? '0' : '0.05', lossSeverity: isAgency ? '0' : '20', delinquency: '0', libor: '0',
    price: '100', yield: '0', spread: '0', benchmark: '0', dm: '0', priceFrom: 'yield',
  };
}

const PREFIX = 'bondAnalysis.';
const KEYS: (keyof BondInputs)[] = ['cpr', 'cdr', 'lossSeverity', 'delinquency', 'libor', 'price', 'yield', 'spread', 'benchmark', 'dm', 'priceFrom'];

/**
 * Inputs are saved in cookies for 10 days (spec 001 §9). An agency run leaves the credit inputs it
 * hides (CDR, severity, delinquency) alone, so its zeros do not carry over to private-label deals.
 */
export function saveBondInputs(inputs: BondInputs, isAgency = false): void {
  for (const key of KEYS) {
    if (isAgency && AGENCY_HIDDEN.includes(key)) continue;
    Cookies.set(PREFIX + key, inputs[key], { expires: 10, sameSite: 'strict', path: '/' });
  }
}

export function loadBondInputs(isAgency: boolean): BondInputs {
  const defaults = defaultBondInputs(isAgency);
  const out = { ...defaults };
  for (const key of KEYS) out[key] = Cookies.get(PREFIX + key) ?? defaults[key];
  return out;
}

const CLEANUP_CALL_COOKIE = `${PREFIX}cleanupCall`;

/**
 * The Cleanup Call option (spec 001 §3.9 input 'cleanup call'; the deal's clean-up redemption is
 * exercised when the pool factor falls to its level), kept in a cookie like the other inputs. A
 * link's `cleanup_call` (true/false) comes first.
 */
export function loadCleanupCall(fromQuery: string | null): boolean {
  const v = fromQuery ?? Cookies.get(CLEANUP_CALL_COOKIE) ?? 'false';
  return v === 'true' || v === '1';
}

export function saveCleanupCall(on: boolean): void {
  Cookies.set(CLEANUP_CALL_COOKIE, String(on), { expires: 10, sameSite: 'strict', path: '/' });
}

const num = (text: string): number | null => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : null);

type QuoteField = 'price' | 'yield' | 'spread' | 'benchmark';
const QUOTE_LABEL: Record<QuoteField, string> = { price: 'Price', yield: 'Yield', spread: 'Spread', benchmark: 'Benchmark Rate' };
const QUOTE_LIMIT: Record<QuoteField, string> = {
  price: QUOTE_LIMITS.Price, yield: QUOTE_LIMITS.Yield, spread: QUOTE_LIMITS.Spread, benchmark: QUOTE_LIMITS.ReferenceCurve,
};
/** In the user's units: price in percent of face (0, 1000]; rates in percent [-100, 1000], as the server checks them. */
const inRange = (field: QuoteField, x: number) => (field === 'price' ? x > 0 && x <= 1000 : x >= -100 && x <= 1000);

/**
 * The tab's quote problem, or null: the spec 001 §5.1 message when a needed quote is blank;
 * 'Missing valid: Yield' for text that is not a number (issue 18 #10: "abc" in Yield priced at
 * spread 0); the allowed range, in percent, for a number out of range (the server's own words).
 */
export function tabProblem(tab: PricingTab, inputs: BondInputs): string | null {
  if (tab === 'price' && inputs.priceFrom === 'dm') return dmProblem(inputs.dm);
  const blank = (f: QuoteField) => inputs[f].trim() === '';
  const used: QuoteField[] = tab === 'price' ? (blank('yield') ? ['spread', 'benchmark'] : ['yield'])
    : tab === 'yield' ? ['price'] : ['price', 'benchmark'];
  if (used.some(blank)) {
    return tab === 'price' ? PRICE_TAB_REQUIRED : tab === 'yield' ? YIELD_TAB_REQUIRED : SPREAD_TAB_REQUIRED;
  }
  const notNumbers = used.filter((f) => num(inputs[f]) === null);
  if (notNumbers.length) return `Missing valid: ${notNumbers.map((f) => QUOTE_LABEL[f]).join(', ')}`;
  const outside = used.find((f) => !inRange(f, num(inputs[f]) as number));
  return outside ? QUOTE_LIMIT[outside] : null;
}

/** The price tab's message in DM mode without a discount margin. */
export const DM_REQUIRED = 'Discount Margin is required.';

/** The DM input's problem, or null: blank, not a number, or outside the server's range (basis points). */
export function dmProblem(text: string): string | null {
  if (text.trim() === '') return DM_REQUIRED;
  const x = num(text);
  if (x === null) return 'Missing valid: Discount Margin';
  return x >= DM_BP_MIN && x <= DM_BP_MAX ? null : QUOTE_LIMITS.DiscountMargin;
}

/**
 * The quote fields of the request for a tab: Price in percent of face; Yield, Spread and the
 * benchmark (ReferenceCurve) as fractions. The price tab uses Yield when given, else spread +
 * benchmark; in DM mode the DiscountMargin in basis points.
 */
export function quoteFields(tab: PricingTab, inputs: BondInputs): Record<string, number> {
  const pct = (text: string) => (num(text) ?? 0) / 100;
  if (tab === 'price' && inputs.priceFrom === 'dm') return { DiscountMargin: num(inputs.dm) ?? 0 };
  if (tab === 'price') {
    return inputs.yield.trim() !== '' ? { Yield: pct(inputs.yield) } : { Spread: pct(inputs.spread), ReferenceCurve: pct(inputs.benchmark) };
  }
  if (tab === 'yield') return { Price: num(inputs.price) ?? 0 };
  return { Price: num(inputs.price) ?? 0, ReferenceCurve: pct(inputs.benchmark) };
}

/**
 * 'Missing valid: ...' for scenario inputs that are blank or not numbers (spec 000 §5). Under the
 * ABS convention the prepayment input is one non-negative speed, named 'ABS'.
 */
export function scenarioProblem(
  inputs: BondInputs, isAgency: boolean, matrix: boolean, convention: PrepaymentConvention = 'CPR', allowVectorNames = true,
): string | null {
  const checks: [string, string, boolean][] = [
    ['CPR', inputs.cpr, true], ['CDR', inputs.cdr, true], ['Loss Severity', inputs.lossSeverity, false],
    ['Delinquency', inputs.delinquency, false], ['SOFR', inputs.libor, false],
  ];
  return missingValidMessage(checks
    // The matrix takes CPR and CDR from its axes; agency deals hide CDR, severity and delinquency.
    .filter(([label]) => !(matrix && (label === 'CPR' || label === 'CDR')))
    .filter(([label]) => !isAgency || !['CDR', 'Loss Severity', 'Delinquency'].includes(label))
    .map(([label, text, named]) => [
      label === 'CPR' ? prepaymentMessageName(convention) : label, text,
      label === 'CPR' && convention === 'ABS' ? isValidAbsSpeed(text) : toRequestRate(text, named && allowVectorNames) !== null,
    ] as const));
}

export const MATRIX_NEEDS_AXES = 'A matrix needs at least one CPR and one CDR.';

/**
 * Checks before Run Matrix (spec 000 §5): the CPR and CDR inputs must hold a value, and every
 * input passes the single-run checks, so the grid never runs on text a Calculate would refuse.
 * With a saved scenario chosen the four inputs are not used (the server refuses the scenario).
 */
export function matrixProblem(inputs: BondInputs, isAgency: boolean, hasScenario: boolean): string | null {
  if (hasScenario) return scenarioProblem(inputs, isAgency, true);
  if (!inputs.cpr.trim() || (!isAgency && !inputs.cdr.trim())) return MATRIX_NEEDS_AXES;
  // The grid's axes are numbers: a vector name (or letters, issue 23 #3: CPR 'abc') is not a valid input here.
  return scenarioProblem(inputs, isAgency, false, 'CPR', false);
}

/** Metric shown for a tab: price 5 decimals (percent of face), yield and spread in percent. */
export function formatMetric(tab: PricingTab, value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-----';
  return tab === 'price' ? value.toFixed(5) : (value * 100).toFixed(5);
}

/** Solver failures the screen shows as '-----' without a message (spec 001 §8). */
export const SILENT_ERRORS = new Set([
  "Can't compute Yield.", 'Too many tries in Yield calculation.', 'Guess is too negative in Yield calculation.',
  "Can't compute Spread.", 'Too many tries in Spread calculation.',
]);

/**
 * The bond a screen opens on without a bondName: the first class that pays something, i.e. an
 * offered class. CRT deals list retained reference tranches first (STACR's zero-coupon A-H),
 * which an analyst never prices (issue 18 #10); then any class with a balance, then the first.
 */
export function defaultBondName(bonds: readonly { BondName: string; IsMACR: boolean; CurrentBalance: number; Coupon: number | null; FloaterFormula: string | null; BondType: string }[]): string {
  const live = bonds.filter((b) => !b.IsMACR && b.CurrentBalance > 0);
  const offered = live.find((b) => b.BondType !== 'Retained' && ((b.Coupon ?? 0) > 0 || !!b.FloaterFormula));
  return offered?.BondName ?? live[0]?.BondName ?? bonds[0]?.BondName ?? '';
}

const TABS: readonly PricingTab[] = ['price', 'yield', 'spread'];

/**
 * The pricing tab named by a link's `tab`, else the default (Yield when the link has a price,
 * else Price). An unknown name falls back too, instead of an 'undefined surface' tab that posted
 * to /api/simulate/<name> (issue 18 #10).
 */
export function tabFromQuery(tab: string | null, hasPrice: boolean): PricingTab {
  const named = TABS.find((t) => t === tab?.toLowerCase());
  return named ?? (hasPrice ? 'yield' : 'price');
}
