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

/** Hidden scenario column keys (the cookie keeps them across reloads). */
export function readHidden(): Set<string> {
  try {
    const list: unknown = JSON.parse(Cookies.get(PREFIX + HIDDEN) ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeHidden(keys: ReadonlySet<string>): void {
  Cookies.set(PREFIX + HIDDEN, JSON.stringify([...keys]), KEEP);
}
