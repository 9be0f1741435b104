/**
 * Saved preferences of the vendor grid (spec 002 §3 "Saved preferences", kept in cookies):
 * portfolio, vendor, useGenericScenarios, useExportScenarios, useExportScenariosToCsv,
 * useCalcCashflows, earlyCall, libor, interestRate, settlementDate and the hidden scenarios
 * (selectedScenarios). The settlement date is also shared state: the last one chosen in this tab.
 */
import Cookies from 'js-cookie';

export interface GridPrefs {
  portfolio: string;
  vendor: string;
  useGenericScenarios: boolean;
  useExportScenarios: boolean;
  useExportScenariosToCsv: boolean;
  useCalcCashflows: boolean;
  earlyCall: boolean;
  libor: string;
  interestRate: string;
  /** YYYY-MM-DD (the date input's value). */
  settlementDate: string;
}

const PREFIX = 'vendorGrid.';
const HIDDEN = 'selectedScenarios';
const KEEP = { expires: 30, sameSite: 'strict' as const, path: '/' };
const todayIso = () => new Date().toISOString().slice(0, 10);

/** Shared settlement date: survives leaving the screen while the app runs. */
let sharedSettlement: string | null = null;

export function readPrefs(): GridPrefs {
  const text = (k: keyof GridPrefs, d: string) => Cookies.get(PREFIX + k) ?? d;
  const flag = (k: keyof GridPrefs) => Cookies.get(PREFIX + k) === 'true';
  const date = sharedSettlement ?? text('settlementDate', '');
  return {
    portfolio: text('portfolio', ''), vendor: text('vendor', 'All'), useGenericScenarios: flag('useGenericScenarios'),
    useExportScenarios: flag('useExportScenarios'), useExportScenariosToCsv: flag('useExportScenariosToCsv'), useCalcCashflows: flag('useCalcCashflows'),
    earlyCall: flag('earlyCall'), libor: text('libor', '0'), interestRate: text('interestRate', '0'),
    settlementDate: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayIso(),
  };
}

export function writePrefs(p: GridPrefs): void {
  sharedSettlement = p.settlementDate;
  for (const [k, v] of Object.entries(p)) Cookies.set(PREFIX + k, String(v), KEEP);
}

/**
 * Hidden scenario columns fit a cookie only while the list is short: a browser drops a cookie over
 * 4 KB without a word, which would bring back the previous list on reload, and every cookie also
 * rides on each API request. A longer list is kept in localStorage under the same name instead; at
 * any time exactly one of the two holds it.
 */
export const HIDDEN_COOKIE_LIMIT = 3_000;

/** Hidden scenario column keys, kept across reloads (a cookie, or localStorage for a long list). */
export function readHidden(): Set<string> {
  const stored = Cookies.get(PREFIX + HIDDEN) ?? storage()?.getItem(PREFIX + HIDDEN) ?? '[]';
  try {
    const list: unknown = JSON.parse(stored);
    return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeHidden(keys: ReadonlySet<string>): void {
  const json = JSON.stringify([...keys]);
  // The size the cookie would have on the wire (js-cookie percent-encodes the value).
  if (encodeURIComponent(json).length <= HIDDEN_COOKIE_LIMIT) {
    Cookies.set(PREFIX + HIDDEN, json, KEEP);
    storage()?.removeItem(PREFIX + HIDDEN);
  } else {
    storage()?.setItem(PREFIX + HIDDEN, json);
    Cookies.remove(PREFIX + HIDDEN, { path: '/' });
  }
}

/** localStorage, or null where the browser refuses it (then a long list lasts until reload). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
