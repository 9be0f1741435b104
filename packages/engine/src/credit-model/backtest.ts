/**
 * Back-test of the credit model on a historical macro path (issue 24): a seeded loan tape with
 * realistic dispersion around a vintage profile's means, originated in the Start month and
 * projected loan by loan over the monthly history (FHFA purchase-only HPI, PMMS 30y/15y,
 * Treasuries, unemployment). Pure: the caller reads the profile and the CSV text.
 * Definitions (Freddie Mac's vintage tables): default = UPB reaching 180 days delinquent, % of the
 * original balance; severity = net loss / defaulted UPB; net loss = % of the original balance.
 */
import { mdrToCdr, smmToCpr } from '../rates/rate-conversions.ts';
import tapeRaw from './backtest-tape-parameters.json' with { type: 'json' };
import type { CreditModelInputs, CreditModelName, EconomicPaths } from './economic-paths.ts';
import { liquidationLagMonths } from './model-components.ts';
import { emptyModelTape, type ModelLoanTape } from './model-loan-tape.ts';
import { CREDIT_MODEL_PARAMETERS, type CreditModelParameters } from './model-parameters.ts';
import { runCreditModelOnPaths, type CreditModelSums } from './run-credit-model.ts';
import { seededRandom } from '../seeded-random.ts';

/** The loans of a back-test profile (means; percent where the field says so). */
export interface BacktestLoans {
  Count: number;
  Seed: number;
  Fico: number;
  /** Percent. */
  Dti: number;
  Ltv: number;
  Cltv: number;
  /** Note rate, percent. */
  NoteRate: number;
  TermMonths: number;
  /** Primary MI coverage of the loans above 80% LTV, percent (0 = none). */
  MiPct: number;
  AverageBalance: number;
}

export interface BacktestProfile {
  Model: CreditModelName;
  /** Origination month 'YYYY-MM'. */
  Start: string;
  Months: number;
  /** Path of the macro CSV (read by the caller). */
  Macro: string;
  Loans: BacktestLoans;
}

/** Monthly macro history (columns of data/macro/us-macro-monthly-2004-2021.csv; rates in percent). */
export interface MacroHistory {
  months: string[];
  hpi: number[];
  mtg30Pct: number[];
  mtg15Pct: number[];
  tsy2Pct: number[];
  tsy10Pct: number[];
  unemploymentPct: number[];
}

export interface BacktestResult {
  CumulativeDefaultPct: number;
  SeverityPct: number;
  NetLossPct: number;
  /** Monthly, percent: CPR of the live loans, CDR of default events (180 days) on the live loans, severity of the month's liquidations. */
  Cpr: number[];
  Cdr: number[];
  Severity: number[];
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MACRO_COLUMNS = ['month', 'fhfa_po_sa_hpi', 'mortgage30_pct', 'mortgage15_pct', 'treasury2_pct', 'treasury10_pct', 'unemployment_pct'] as const;

/** Parses the macro CSV (header + one row a month, consecutive months, every cell a number). Throws a message naming the problem. */
export function parseMacroCsv(text: string): MacroHistory {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const col = (name: string) => header.indexOf(name);
  const missing = MACRO_COLUMNS.filter((c) => col(c) < 0);
  if (missing.length) throw new Error(`macro CSV: missing column(s) ${missing.join(', ')} (header: ${header.join(',') || 'none'})`);
  const out: MacroHistory = { months: [], hpi: [], mtg30Pct: [], mtg15Pct: [], tsy2Pct: [], tsy10Pct: [], unemploymentPct: [] };
  for (let i = 1; i < lines.length; i++) {
    const cells = (lines[i] as string).split(',').map((c) => c.trim());
    const month = cells[col('month')] ?? '';
    if (!MONTH.test(month)) throw new Error(`macro CSV line ${i + 1}: month '${month}' is not YYYY-MM`);
    const prev = out.months.at(-1);
    if (prev !== undefined && monthIndex(month) !== monthIndex(prev) + 1) throw new Error(`macro CSV line ${i + 1}: ${month} does not follow ${prev}`);
    const num = (name: string) => {
      const raw = cells[col(name)] ?? '';
      const v = Number(raw);
      if (raw === '' || !Number.isFinite(v)) throw new Error(`macro CSV line ${i + 1}: ${name} '${raw}' is not a number`);
      return v;
    };
    const hpi = num('fhfa_po_sa_hpi');
    if (hpi <= 0) throw new Error(`macro CSV line ${i + 1}: fhfa_po_sa_hpi must be positive`);
    out.months.push(month);
    out.hpi.push(hpi);
    out.mtg30Pct.push(num('mortgage30_pct'));
    out.mtg15Pct.push(num('mortgage15_pct'));
    out.tsy2Pct.push(num('treasury2_pct'));
    out.tsy10Pct.push(num('treasury10_pct'));
    out.unemploymentPct.push(num('unemployment_pct'));
  }
  if (out.months.length === 0) throw new Error('macro CSV: no data rows');
  return out;
}

/** Months since year 0 of 'YYYY-MM'. */
function monthIndex(ym: string): number {
  return Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Checks a parsed profile JSON and returns it typed, or throws one message listing every problem
 * ('Loans.Fico must be a number in [300, 850]').
 */
export function validateBacktestProfile(raw: unknown): BacktestProfile {
  const errors: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('profile must be a JSON object');
  const o = raw as Record<string, unknown>;
  if (o.Model !== 'LDM' && o.Model !== 'LDM_3' && o.Model !== 'AFT') errors.push(`Model must be "LDM", "LDM_3" or "AFT" (got ${JSON.stringify(o.Model)})`);
  if (typeof o.Start !== 'string' || !MONTH.test(o.Start)) errors.push(`Start must be a month "YYYY-MM" (got ${JSON.stringify(o.Start)})`);
  if (!Number.isInteger(o.Months) || (o.Months as number) < 1 || (o.Months as number) > 480) errors.push(`Months must be an integer in [1, 480] (got ${JSON.stringify(o.Months)})`);
  if (typeof o.Macro !== 'string' || o.Macro === '') errors.push('Macro must be the path of the macro CSV');
  const loans = o.Loans;
  if (typeof loans !== 'object' || loans === null || Array.isArray(loans)) {
    errors.push('Loans must be an object');
  } else {
    const l = loans as Record<string, unknown>;
    const range = (key: string, lo: number, hi: number, integer = false) => {
      const v = l[key];
      if (!isNum(v) || v < lo || v > hi || (integer && !Number.isInteger(v))) errors.push(`Loans.${key} must be ${integer ? 'an integer' : 'a number'} in [${lo}, ${hi}] (got ${JSON.stringify(v)})`);
    };
    range('Count', 1, 1_000_000, true);
    range('Seed', -(2 ** 31), 2 ** 32 - 1, true);
    range('Fico', 300, 850);
    range('Dti', 0, 65);
    range('Ltv', 1, 125);
    range('Cltv', 1, 200);
    range('NoteRate', 0, 20);
    range('TermMonths', 12, 480, true);
    range('MiPct', 0, 60);
    range('AverageBalance', 1_000, 5_000_000);
    if (isNum(l.Cltv) && isNum(l.Ltv) && l.Cltv < l.Ltv) errors.push(`Loans.Cltv (${l.Cltv}) must be at least Loans.Ltv (${l.Ltv})`);
  }
  if (errors.length) throw new Error(`invalid profile: ${errors.join('; ')}`);
  return o as unknown as BacktestProfile;
}

/** Standard normal draws (Box–Muller) from a uniform generator. */
function normal(u: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
}

/** Draws clamped to [lo, hi], then shifted (and re-clamped, a few passes) so their mean is `mean`. */
function withMean(xs: Float64Array, mean: number, lo: number, hi: number): void {
  for (let pass = 0; pass < 8; pass++) {
    let s = 0;
    for (let i = 0; i < xs.length; i++) s += xs[i] = Math.min(hi, Math.max(lo, xs[i] as number));
    const shift = mean - s / xs.length;
    if (Math.abs(shift) < 1e-9) return;
    for (let i = 0; i < xs.length; i++) xs[i] = (xs[i] as number) + shift;
  }
  for (let i = 0; i < xs.length; i++) xs[i] = Math.min(hi, Math.max(lo, xs[i] as number));
}

/** The GSE LTV bucket holding a mean LTV (the published tables' 60-80 and 80-97 buckets). */
function ltvBucket(ltv: number): [number, number] {
  if (ltv <= 60) return [20, 60];
  if (ltv <= 80) return [60, 80];
  if (ltv <= 97) return [80.01, 97];
  return [97.01, 125];
}

export const BACKTEST_TAPE_VERSION = tapeRaw.version;

/** Home-price beta of a property state's region (backtest-tape-parameters.json; unlisted states: the last region). */
export function hpiBetaOfState(state: string | null | undefined): number {
  const regions = tapeRaw.regions.value;
  const code = (state ?? '').trim().toUpperCase();
  const hit = regions.find((r) => (r.states as string[]).includes(code));
  return (hit ?? (regions.at(-1) as { hpiBeta: number })).hpiBeta;
}

/** Inverse standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const q = Math.min(1 - 1e-12, Math.max(1e-12, p));
  const poly = (k: number[], x: number) => k.reduce((s, v) => s * x + v, 0);
  if (q < 0.02425) { const r = Math.sqrt(-2 * Math.log(q)); return poly(c, r) / (poly(d, r) * r + 1); }
  if (q > 1 - 0.02425) { const r = Math.sqrt(-2 * Math.log(1 - q)); return -poly(c, r) / (poly(d, r) * r + 1); }
  const r = (q - 0.5) * (q - 0.5);
  return ((q - 0.5) * poly(a, r)) / (poly(b, r) * r + 1);
}

/**
 * Value-noise scores for a real tape whose homes' own price paths are unknown: the n stratified
 * normal quantiles Φ⁻¹((k + ½)/n), shuffled by a seed, so the tape spans the home-level price
 * distribution exactly once (deterministic; mean 0). One loan gets 0.
 */
export function stratifiedNormalScores(n: number, seed: number): Float64Array {
  const out = Float64Array.from({ length: n }, (_, k) => (n === 1 ? 0 : normalQuantile((k + 0.5) / n)));
  const u = seededRandom(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(u() * (i + 1));
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
  return out;
}

/**
 * The seeded tape of a profile: dispersed FICO, DTI, LTV (within the mean's LTV bucket), note
 * rate and balance around the profile's means (means restored after clamping), second liens
 * carrying the CLTV − LTV gap, a region per loan (home-price beta) and a home-level value-noise
 * score; MI on loans above 80% LTV; SATO against the market rate at origination. Age 0.
 * @param marketRatePct 30y (15y for terms ≤ 180) mortgage rate in the origination month, percent
 */
export function generateBacktestTape(loans: BacktestLoans, marketRatePct: number): ModelLoanTape {
  const n = loans.Count;
  const u = seededRandom(loans.Seed);
  const z = normal(u);
  const col = (f: () => number) => Float64Array.from({ length: n }, f);
  const [flo, fhi] = tapeRaw.ficoRange.value as [number, number];
  const [dlo, dhi] = tapeRaw.dtiRange.value as [number, number];
  const fico = col(() => loans.Fico + tapeRaw.ficoSd.value * z());
  withMean(fico, Math.min(fhi, Math.max(flo, loans.Fico)), flo, fhi);
  const dti = col(() => loans.Dti + tapeRaw.dtiSd.value * z());
  withMean(dti, Math.min(dhi, Math.max(dlo, loans.Dti)), dlo, dhi);
  const [llo, lhi] = ltvBucket(loans.Ltv);
  const ltv = col(() => loans.Ltv + tapeRaw.ltvSd.value * z());
  withMean(ltv, loans.Ltv, llo, lhi);
  const rate = col(() => loans.NoteRate + tapeRaw.noteRateSdPct.value * z());
  withMean(rate, loans.NoteRate, Math.max(0.5, loans.NoteRate - 2), loans.NoteRate + 2);
  const bal = col(() => Math.exp(tapeRaw.balanceLogSd.value * z()));
  const balMean = bal.reduce((s, x) => s + x, 0) / n;
  const regions = tapeRaw.regions.value;
  const shareTotal = regions.reduce((s, r) => s + r.share, 0);
  const gap = Math.max(0, loans.Cltv - loans.Ltv);
  // A second lien is at most maxSecondLienPts of the value: a wide gap spreads over more loans.
  const secondShare = Math.min(1, Math.max(tapeRaw.secondLienShare.value, gap / tapeRaw.maxSecondLienPts.value));
  const tape = emptyModelTape(n);
  for (let i = 0; i < n; i++) {
    const balance = (loans.AverageBalance * (bal[i] as number)) / balMean;
    const l = (ltv[i] as number) / 100;
    const value = balance / l;
    tape.balance[i] = balance;
    tape.noteRate[i] = (rate[i] as number) / 100;
    tape.remainingTerm[i] = loans.TermMonths;
    tape.age[i] = 0;
    tape.originalTerm[i] = loans.TermMonths;
    tape.creditScore[i] = fico[i] as number;
    tape.dtiPct[i] = dti[i] as number;
    tape.propertyValue[i] = value;
    tape.miCoverage[i] = (ltv[i] as number) > tapeRaw.miLtvThresholdPct.value ? loans.MiPct / 100 : 0;
    tape.sato[i] = ((rate[i] as number) - marketRatePct) / 100;
    tape.otherLienBalance[i] = gap > 0 && u() < secondShare ? (value * gap) / 100 / secondShare : 0;
    let pick = u() * shareTotal;
    let beta = (regions.at(-1) as { hpiBeta: number }).hpiBeta;
    for (const r of regions) {
      if (pick < r.share) { beta = r.hpiBeta; break; }
      pick -= r.share;
    }
    tape.hpiBeta[i] = beta;
    tape.valueNoise[i] = z();
  }
  return tape;
}

/**
 * The model's monthly paths from the origination month on: projection month t (0-based) reads the
 * history's month Start + t (HPI ratio to the Start month, PMMS 30y/15y, unemployment for LDM 3.0),
 * and the HPI tail after the horizon for late liquidations. Throws when the history does not cover
 * Start … Start + months − 1.
 */
export function backtestPaths(macro: MacroHistory, model: CreditModelName, start: string, months: number, p: CreditModelParameters = CREDIT_MODEL_PARAMETERS): EconomicPaths {
  const first = macro.months[0] as string;
  const last = macro.months.at(-1) as string;
  const i0 = monthIndex(start) - monthIndex(first);
  if (i0 < 0 || i0 >= macro.months.length) throw new Error(`Start ${start} is outside the macro path (${first} to ${last})`);
  if (i0 + months > macro.months.length) {
    throw new Error(`macro path too short: ${months} months from ${start} need data to ${ymOf(monthIndex(start) + months - 1)}, the path ends ${last} (${macro.months.length - i0} months available)`);
  }
  const hpi0 = macro.hpi[i0] as number;
  const paths: EconomicPaths = {
    months, mtg30: new Float64Array(months), mtg15: new Float64Array(months), hpiRatio: new Float64Array(months),
    unemploymentDeltaPct: new Float64Array(months), calendarMonth: new Int8Array(months),
  };
  for (let t = 0; t < months; t++) {
    const i = i0 + t;
    paths.mtg30[t] = (macro.mtg30Pct[i] as number) / 100;
    paths.mtg15[t] = (macro.mtg15Pct[i] as number) / 100;
    paths.hpiRatio[t] = (macro.hpi[i] as number) / hpi0;
    paths.unemploymentDeltaPct[t] = model === 'LDM_3' ? (macro.unemploymentPct[i] as number) - p.unemploymentBase * 100 : 0;
    paths.calendarMonth[t] = ((monthIndex(start) + t) % 12) + 1;
  }
  const lag = liquidationLagMonths(p);
  const tail = macro.hpi.slice(i0 + months, i0 + months + lag).map((h) => h / hpi0);
  if (tail.length) paths.hpiTail = Float64Array.from(tail);
  return paths;
}

function ymOf(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The model inputs of a back-test: the model's input set, untuned, MI claims used. */
export function backtestInputs(model: CreditModelName, startCalendarMonth: number): CreditModelInputs {
  return {
    model, homePriceGrowth: null, tsy2Year: null, tsy10Year: null, mtg15Year: null, mtg30Year: null, unemployment: null,
    tuneCpr: 1, tuneCdr: 1, tuneSeverity: 1, useMortgageInsurance: true, startCalendarMonth,
  };
}

/** The summary and monthly vectors of a back-test run (see BacktestResult). */
export function backtestResult(sums: CreditModelSums, originalBalance: number): BacktestResult {
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  const Cpr: number[] = [], Cdr: number[] = [], Severity: number[] = [];
  let pipeline = 0, events = 0, eventLosses = 0;
  for (let t = 0; t < sums.months; t++) {
    const live = (sums.begin[t] as number) - pipeline;
    const ev = sums.defaultEvents[t] as number;
    const afterSched = live - ev - (sums.scheduled[t] as number);
    Cpr.push(r4(afterSched > 0 ? 100 * smmToCpr(Math.min(0.999999, (sums.prepaid[t] as number) / afterSched)) : 0));
    Cdr.push(r4(live > 0 ? 100 * mdrToCdr(Math.min(0.999999, ev / live)) : 0));
    const liq = sums.defaults[t] as number;
    Severity.push(r4(liq > 0 ? (100 * (sums.losses[t] as number)) / liq : 0));
    pipeline += ev - liq;
    events += ev;
    eventLosses += sums.defaultEventLosses[t] as number;
  }
  return {
    CumulativeDefaultPct: r4((100 * events) / originalBalance),
    SeverityPct: r4(events > 0 ? (100 * eventLosses) / events : 0),
    NetLossPct: r4((100 * eventLosses) / originalBalance),
    Cpr, Cdr, Severity,
  };
}

/** Runs a validated profile on a parsed macro history. */
export function runBacktest(profile: BacktestProfile, macro: MacroHistory, p: CreditModelParameters = CREDIT_MODEL_PARAMETERS): BacktestResult {
  const paths = backtestPaths(macro, profile.Model, profile.Start, profile.Months, p);
  const i0 = monthIndex(profile.Start) - monthIndex(macro.months[0] as string);
  const market = profile.Loans.TermMonths <= 180 ? (macro.mtg15Pct[i0] as number) : (macro.mtg30Pct[i0] as number);
  const tape = generateBacktestTape(profile.Loans, market);
  const sums = runCreditModelOnPaths(tape, backtestInputs(profile.Model, Number(profile.Start.slice(5, 7))), paths, p);
  return backtestResult(sums, tape.balance.reduce((s, x) => s + x, 0));
}
