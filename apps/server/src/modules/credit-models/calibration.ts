/**
 * Calibration of the open credit model on the loan-level performance the app ships: each
 * STACR/CAS demo deal's loan tape (as at issuance) and its monthly remittance history (1-month
 * CPR, credit events, losses) from the first payment date to the factor date. The model runs
 * on the historical economic paths (macro-history.json) from the issue month and is compared
 * month by month. Note: the shipped histories are the deterministic synthetic ones of
 * deal-history.generator.ts (base speeds per deal with noise), so the fit says how well the
 * model reproduces the app's own history, not the agencies' published performance.
 */
import {
  CREDIT_MODEL_PARAMETERS, creditModelVectors, emptyModelTape, macroValue, monthNumber, runCreditModelOnPaths,
  type CreditModelInputs, type CreditModelParameters, type EconomicPaths, type ModelLoanTape,
} from '@opencrt/engine';
import type { DealRecord } from '../deals/deal-record.builder.ts';
import { generateDealHistory } from '../demo-data/deal-history.generator.ts';
import { generateLoanTape } from '../demo-data/loan-tape.generator.ts';

/** One deal's backtest: its tape at issuance, the historical paths, the observed monthly rates. */
export interface BacktestCase {
  dealName: string;
  /** 'YYYY-MM' of each history month. */
  months: string[];
  tape: ModelLoanTape;
  paths: EconomicPaths;
  /** Observed annualized rates by month (fractions) and the pool balance they apply to. */
  cpr: number[];
  cdr: number[];
  severity: number[];
  balance: number[];
}

const ym = (t: number) => `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;

/** Historical paths from a month on (HPA, PMMS 30/15, unemployment). */
function historicalPaths(startYm: string, months: number): EconomicPaths {
  const t0 = monthNumber(startYm);
  const p: EconomicPaths = {
    months, mtg30: new Float64Array(months), mtg15: new Float64Array(months), hpiRatio: new Float64Array(months),
    unemploymentDeltaPct: new Float64Array(months), calendarMonth: new Int8Array(months),
  };
  let hpi = 1;
  for (let t = 0; t < months; t++) {
    const at = ym(t0 + t);
    p.mtg30[t] = macroValue('mtg30', at) / 100;
    p.mtg15[t] = macroValue('mtg15', at) / 100;
    p.hpiRatio[t] = hpi;
    hpi *= 1 + macroValue('hpa', at) / 1200;
    p.unemploymentDeltaPct[t] = macroValue('unemployment', at) - CREDIT_MODEL_PARAMETERS.unemploymentBase * 100;
    p.calendarMonth[t] = ((t0 + t) % 12) + 1;
  }
  return p;
}

/** Backtest cases of the records that carry a loan tape (STACR and CAS demo deals). */
export function backtestCases(records: readonly DealRecord[]): BacktestCase[] {
  const out: BacktestCase[] = [];
  for (const record of records) {
    if (!record.file.loanTape) continue;
    const history = generateDealHistory(record);
    const last = history.pool.at(-1);
    if (!last || history.pool.length < 6) continue;
    const loans = generateLoanTape(record, last);
    const elapsed = history.pool.length;
    const tape = emptyModelTape(loans.length);
    const issueYm = record.file.dates.issue.slice(0, 7);
    loans.forEach((l, i) => {
      // Back to issuance: the generator ages every loan by the history's months.
      const age = Math.max(0, l.loanAge - elapsed);
      tape.balance[i] = l.issuanceUpb;
      tape.noteRate[i] = l.noteRate / 100;
      tape.remainingTerm[i] = l.remainingMonths + (l.loanAge - age);
      tape.age[i] = age;
      tape.originalTerm[i] = l.originalTerm;
      tape.creditScore[i] = l.creditScore ?? 755;
      tape.dtiPct[i] = l.dti ?? 36;
      tape.propertyValue[i] = (l.originalUpb / (Math.max(1, l.ltv) / 100)) * 1;
      tape.miCoverage[i] = l.miPct / 100;
      tape.sato[i] = l.noteRate / 100 - macroValue(l.originalTerm <= 180 ? 'mtg15' : 'mtg30', l.firstPaymentDate) / 100;
    });
    const rate = (x: number) => 1 - (1 - Math.min(0.999999, Math.max(0, x))) ** 12;
    out.push({
      dealName: record.file.dealName,
      months: history.pool.map((p) => p.date.slice(0, 7)),
      tape,
      paths: historicalPaths(issueYm, elapsed),
      cpr: history.pool.map((p) => p.cpr1MoPct / 100),
      cdr: history.pool.map((p) => (p.beginCents > 0 ? rate(p.defaultCents / p.beginCents) : 0)),
      severity: history.pool.map((p) => (p.defaultCents > 0 ? p.lossCents / p.defaultCents : Number.NaN)),
      balance: history.pool.map((p) => p.beginCents / 100),
    });
  }
  return out;
}

export interface CaseFit {
  dealName: string;
  months: string[];
  modelCpr: number[];
  modelCdr: number[];
  modelSeverity: number[];
}

export interface FitResult {
  params: CreditModelParameters;
  cases: CaseFit[];
  /** Balance-weighted root-mean-square errors over all deal-months, in percentage points. */
  rmseCprPct: number;
  rmseCdrPct: number;
  /** Mean absolute error of severity over months with defaults, points. */
  maeSeverityPct: number;
}

const LDM_INPUTS = (model: CreditModelInputs['model']): CreditModelInputs => ({
  model, homePriceGrowth: null, tsy2Year: null, tsy10Year: null, mtg15Year: null, mtg30Year: null, unemployment: null,
  tuneCpr: 1, tuneCdr: 1, tuneSeverity: 1, useMortgageInsurance: true, startCalendarMonth: 1,
});

/** Runs the model (LDM 3.0 input set, historical paths) on every case and measures the fit. */
export function evaluateFit(cases: readonly BacktestCase[], params: CreditModelParameters): FitResult {
  let wCpr = 0, sCpr = 0, sCdr = 0, nSev = 0, sSev = 0;
  const fits: CaseFit[] = cases.map((c) => {
    const v = creditModelVectors(runCreditModelOnPaths(c.tape, LDM_INPUTS('LDM_3'), c.paths, params));
    c.months.forEach((_, t) => {
      const w = c.balance[t] ?? 0;
      wCpr += w;
      sCpr += w * ((v.cpr[t] ?? 0) - (c.cpr[t] ?? 0)) ** 2;
      sCdr += w * ((v.cdr[t] ?? 0) - (c.cdr[t] ?? 0)) ** 2;
      const sev = c.severity[t] ?? Number.NaN;
      if (Number.isFinite(sev)) { nSev += 1; sSev += Math.abs((v.severity[t] ?? 0) - sev); }
    });
    return { dealName: c.dealName, months: c.months, modelCpr: Array.from(v.cpr.slice(0, c.months.length)), modelCdr: Array.from(v.cdr.slice(0, c.months.length)), modelSeverity: Array.from(v.severity.slice(0, c.months.length)) };
  });
  return {
    params, cases: fits,
    rmseCprPct: wCpr > 0 ? Math.sqrt(sCpr / wCpr) * 100 : 0,
    rmseCdrPct: wCpr > 0 ? Math.sqrt(sCdr / wCpr) * 100 : 0,
    maeSeverityPct: nSev > 0 ? (sSev / nSev) * 100 : 0,
  };
}

/** Parameters the fit moves, with their search bounds. */
export const FITTED: readonly { key: keyof CreditModelParameters; lo: number; hi: number }[] = [
  { key: 'turnoverCpr', lo: 0.02, hi: 0.2 },
  { key: 'refiMaxCpr', lo: 0.2, hi: 0.8 },
  { key: 'refiCenterPct', lo: 0, hi: 1.5 },
  { key: 'dqIntercept', lo: -10, hi: -4 },
  { key: 'reoDiscount', lo: 0, hi: 0.5 },
];

/**
 * Coordinate search (golden-section per parameter, a few sweeps) on the sum of the squared CPR
 * and CDR errors (CDR weighted ×25: its level is ~1/5 of CPR's) plus the severity error.
 */
export function fitParameters(cases: readonly BacktestCase[], start: CreditModelParameters = CREDIT_MODEL_PARAMETERS, sweeps = 2): FitResult {
  let params = { ...start };
  const loss = (p: CreditModelParameters) => {
    const r = evaluateFit(cases, p);
    return r.rmseCprPct ** 2 + 25 * r.rmseCdrPct ** 2 + 0.01 * r.maeSeverityPct ** 2;
  };
  for (let s = 0; s < sweeps; s++) {
    for (const { key, lo, hi } of FITTED) {
      let a = lo, b = hi;
      const g = (Math.sqrt(5) - 1) / 2;
      let x1 = b - g * (b - a), x2 = a + g * (b - a);
      let f1 = loss({ ...params, [key]: x1 }), f2 = loss({ ...params, [key]: x2 });
      for (let i = 0; i < 12; i++) {
        if (f1 < f2) { b = x2; x2 = x1; f2 = f1; x1 = b - g * (b - a); f1 = loss({ ...params, [key]: x1 }); }
        else { a = x1; x1 = x2; f1 = f2; x2 = a + g * (b - a); f2 = loss({ ...params, [key]: x2 }); }
      }
      const best = (a + b) / 2;
      if (loss({ ...params, [key]: best }) < loss(params)) params = { ...params, [key]: Math.round(best * 1e4) / 1e4 };
    }
  }
  return evaluateFit(cases, params);
}
