/**
 * The portfolio screen's editable model (spec 002 "Portfolio entry", §5, §9): drafts keep typed
 * text; conversion to the save payload strips thousands separators; the run payload turns
 * percents into fractions (Margin and InterestRate /100, vectors /100 behind period 0).
 */
import { cutAfterPayoff } from '../../components/cashflow-table/cut-after-payoff.ts';
import {
  atLine, mustBeFrom, mustBeNumber, portfolioBondEmpty, portfolioDealEmpty, portfolioEntryProblems, type PortfolioEntryOut, type PortfolioRunResponse, type PortfolioType,
} from '@opencrt/contracts';

export interface EntryDraft {
  DealName: string; BondName: string; OwnedFaceAmt: string; Margin: string;
  Cpr: string; Cdr: string; LossSeverity: string; Delinquency: string; Libor: string; InterestRate: string;
  CancellationDate: string; CleanupCall: boolean; ScenarioId: number | null; AvailableBonds: string[];
  /** A saved user collateral cashflow ('Deal / Month / Scenario[ / Vendor]') run as the entry's collateral, in place of the speeds. */
  UserCashflowLabel: string | null;
  /** The deal's optional cancellation date (YYYYMMDD) from GET /deals/{deal}; shown as the cancellation hint. */
  OptionalCancellationDate: number | null;
}

/** Default new entry (spec 002 §9): face 1,000,000.00; margin 20 (Reinsurance) or 100 (Bonds); rates 0. */
export function newEntry(type: PortfolioType): EntryDraft {
  return {
    DealName: '', BondName: '', OwnedFaceAmt: '1,000,000.00', Margin: type === 'Reinsurance' ? '20' : '100',
    Cpr: '0', Cdr: '0', LossSeverity: '0', Delinquency: '0', Libor: '0', InterestRate: '0', CancellationDate: '', CleanupCall: false, ScenarioId: null, AvailableBonds: [], OptionalCancellationDate: null, UserCashflowLabel: null,
  };
}

export function draftOf(e: PortfolioEntryOut): EntryDraft {
  const first = (xs: number[]) => String(xs[0] ?? 0);
  return {
    DealName: e.DealName, BondName: e.BondName, OwnedFaceAmt: e.OwnedFaceAmt.toLocaleString('en-US', { minimumFractionDigits: 2 }), Margin: String(e.Margin),
    Cpr: first(e.Cpr), Cdr: first(e.Cdr), LossSeverity: first(e.LossSeverity), Delinquency: first(e.Delinquency), Libor: first(e.Libor),
    InterestRate: String(e.InterestRate ?? 0), CancellationDate: e.CancellationDate ? String(e.CancellationDate) : '', CleanupCall: e.CleanupCall ?? false,
    ScenarioId: e.ScenarioId, AvailableBonds: e.BondName ? [e.BondName] : [], OptionalCancellationDate: null, UserCashflowLabel: e.UserCashflowLabel ?? null,
  };
}

/** A number from text with thousands separators stripped (spec 002 §5); NaN when not a number. */
export const amount = (text: string): number => {
  const t = text.replace(/,/g, '').trim();
  return t === '' ? Number.NaN : Number(t);
};

/** A typed number for the checks: blank counts as 0 (as it is sent), letters as NaN. */
const typed = (s: string): number => (s.replace(/,/g, '').trim() === '' ? 0 : amount(s));

/**
 * 'Line N: …' for amounts and percents the screen would otherwise send as 0 or as typed (issue 23
 * #3): letters ('must be a number') and values outside the field's range, named as the table's
 * headers name them. The speeds are checked only when no scenario or cashflow replaces them.
 */
export function valueIssues(entries: readonly EntryDraft[], type: PortfolioType): string[] {
  return entries.flatMap((e, i) => {
    const speeds = e.ScenarioId === null && e.UserCashflowLabel === null;
    return portfolioEntryProblems(type, {
      OwnedFaceAmt: typed(e.OwnedFaceAmt), Margin: typed(e.Margin),
      ...(speeds ? { Cpr: typed(e.Cpr), Cdr: typed(e.Cdr), LossSeverity: typed(e.LossSeverity), Delinquency: typed(e.Delinquency) } : {}),
    }).map((p) => atLine(i + 1, p));
  });
}

/** 'Line N: …' messages of a save or update (spec 002 §5), with the value checks when the type is known. */
export function saveIssues(entries: readonly EntryDraft[], type?: PortfolioType): string[] {
  return [
    ...entries.flatMap((e, i) => [
      ...(e.DealName.trim() === '' ? [portfolioDealEmpty(i + 1)] : []),
      ...(e.BondName.trim() === '' ? [portfolioBondEmpty(i + 1)] : []),
    ]),
    ...(type ? valueIssues(entries, type) : []),
  ];
}

/** 'Line N: …' messages of a run: every entry needs a deal name, and its values must be usable. */
export function runIssues(entries: readonly EntryDraft[], type?: PortfolioType): string[] {
  return [...entries.flatMap((e, i) => (e.DealName.trim() === '' ? [portfolioDealEmpty(i + 1)] : [])), ...(type ? valueIssues(entries, type) : [])];
}

const num = (s: string) => (Number.isFinite(amount(s)) ? amount(s) : 0);

const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/**
 * The run's own inputs above the table (issue 23 sweep): letters in Interest Rate (%) ran at 0 and
 * an emptied settlement date went out as 0. Ranges are the request's (a fraction 0 to 1 for the
 * interest rate, -0.1 to 1 for the index) in the screen's percent; dates the app's 1900-2100.
 */
export function runInputIssues(settlement: string, rate: string, type: PortfolioType): string[] {
  const out: string[] = [];
  if (settlement.trim() === '') out.push('Missing required: Settlement Date');
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(settlement) || settlement < '1900-01-01' || settlement > '2100-12-31') out.push('Settlement Date must be from 01/01/1900 to 12/31/2100');
  const [label, min, max] = type === 'Bonds' ? ['Index (%)', -10, 100] as const : ['Interest Rate (%)', 0, 100] as const;
  const t = rate.replace(/,/g, '').trim();
  if (t === '') out.push(`Missing required: ${label.replace(' (%)', '')}`);
  else if (!NUMBER_TEXT.test(t)) out.push(mustBeNumber(label));
  else if (Number(t) < min || Number(t) > max) out.push(mustBeFrom(label, min, max));
  return out;
}

export function savePayload(entries: readonly EntryDraft[]) {
  return entries.map((e, i) => ({
    OrdinalNumber: i + 1, DealName: e.DealName.trim(), BondName: e.BondName.trim(), OwnedFaceAmt: num(e.OwnedFaceAmt), Margin: num(e.Margin),
    Cpr: [num(e.Cpr)], Cdr: [num(e.Cdr)], LossSeverity: [num(e.LossSeverity)], Delinquency: [num(e.Delinquency)], Libor: [num(e.Libor)],
    InterestRate: num(e.InterestRate), CancellationDate: /^\d{8}$/.test(e.CancellationDate) ? Number(e.CancellationDate) : null,
    CleanupCall: e.CleanupCall, ScenarioId: e.ScenarioId, UserCashflowLabel: e.UserCashflowLabel,
  }));
}

/**
 * POST /simulate/portfolio entries (spec 002 §7 run-entry payload); the screen's interest rate
 * (Reinsurance) or index (Bonds) applies to every entry. An entry with a user cashflow sends its
 * label, one with a saved scenario its id, instead of the four speeds (the server takes the
 * cashflow as the collateral, or the scenario's vectors).
 */
export function runPayload(entries: readonly EntryDraft[], type: PortfolioType, rate: string) {
  const f = (s: string) => num(s) / 100;
  return entries.map((e, i) => {
    const cancellation = /^\d{8}$/.test(e.CancellationDate) ? Number(e.CancellationDate) : null;
    const speeds = e.UserCashflowLabel !== null ? { UserCashflowLabel: e.UserCashflowLabel }
      : e.ScenarioId !== null ? { SelectedScenarioId: e.ScenarioId }
        : { Cpr: f(e.Cpr), Cdr: f(e.Cdr), LossSeverity: f(e.LossSeverity), Delinquency: f(e.Delinquency) };
    return {
      OrdinalNumber: i + 1, DealName: e.DealName.trim(), BondName: e.BondName.trim(), OwnedFaceAmt: num(e.OwnedFaceAmt),
      ...(type === 'Reinsurance' ? { Margin: f(e.Margin), InterestRate: f(rate) } : { Price: num(e.Margin), Balance: num(e.OwnedFaceAmt) }),
      Cancellation: cancellation !== null, CancellationDate: cancellation, CleanupCall: e.CleanupCall,
      SettlementDateMonthsBackAdjustment: SETTLEMENT_MONTHS_BACK,
      ...speeds, Libor: type === 'Bonds' ? f(rate) : f(e.Libor),
    };
  });
}

/** The CIRT activity month is this many months before settlement (spec 002 §9: always 2). */
export const SETTLEMENT_MONTHS_BACK = 2;

/** Bond rows are cut after the first row that follows a balance under 0.005 (spec 002 §5); other parts are kept whole. */
export function cutBondRows(r: PortfolioRunResponse): PortfolioRunResponse {
  if (!r.BondPortfolio) return r;
  const rows = r.BondPortfolio.PortfolioCashflow;
  const balances = rows.map((row) => ({ Balance: typeof row.Balance === 'number' ? row.Balance : Number.POSITIVE_INFINITY }));
  const kept = cutAfterPayoff(balances).length;
  return { ...r, BondPortfolio: { ...r.BondPortfolio, PortfolioCashflow: rows.slice(0, kept) } };
}

/**
 * The last run, kept while the app runs (spec 002 §4: restored when the user comes back to the
 * screen; cleared on add entry, save, Save As and portfolio switch). One slot: the run of the
 * portfolio that was open, with the settlement date and rate it ran with.
 */
export interface KeptRun { portfolio: string; result: PortfolioRunResponse; settlement: string; rate: string }
let kept: KeptRun | null = null;
/** The portfolio open when the user left the screen (reopened when they come back without ?name). */
let lastPortfolio = '';
export const keptRun = {
  get: (portfolio: string): KeptRun | null => (kept && kept.portfolio === portfolio ? kept : null),
  set: (run: KeptRun) => { kept = run; },
  clear: () => { kept = null; },
  lastPortfolio: () => lastPortfolio,
  remember: (portfolio: string) => { lastPortfolio = portfolio; },
};

/** MM/DD/YYYY ↔ YYYYMMDD. */
export const ymdOfPicker = (iso: string): number => Number(iso.replace(/-/g, ''));
export const todayIso = (): string => new Date().toISOString().slice(0, 10);
