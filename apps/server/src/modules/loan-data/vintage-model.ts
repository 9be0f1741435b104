/**
 * The credit model on an imported vintage (issue 33 #5): the vintage's own loans as a model tape,
 * in cohorts by first payment month, each run on the historical macro path from that month
 * (backtestPaths: HPI ratio, PMMS 30y/15y, unemployment for LDM 3.0), summed by month on book and
 * read on the actual curves' definitions (vintage.sql.ts):
 * - cumulative default: UPB reaching the model's default event (180 days delinquent), % of original UPB;
 * - cumulative net loss: losses of the month's liquidations, % of original UPB;
 * - CPR: prepaid / (balance at the start − scheduled principal), annualised;
 * - CDR: default events / start balance of loans not yet defaulted, annualised.
 * The model tracks 60+ delinquency, not 90+, so it draws no 90+ curve. Pure: the service and the
 * fit (population-fit.ts) run it, the service on the engine pool.
 */
import {
  addCreditModelSums, backtestInputs, backtestPaths, emptyModelTape, hpiBetaOfState, stratifiedNormalScores, TYPICAL_LOAN,
  type CreditModelInputs, type CreditModelName, type CreditModelSums, type EconomicPaths, type MacroHistory, type ModelLoanTape,
} from '@opencrt/engine';
import type { FitError, ModelMonth, Vintage } from '@opencrt/contracts';

/** A loan of the vintage as the store holds it (NULL = not available). */
export interface CohortLoan {
  /** yyyymm of the first payment: month on book 1. */
  FirstPaymentYm: number;
  OriginalUpb: number;
  /** Percent. */
  OriginalRate: number;
  OriginalTerm: number;
  CreditScore: number | null;
  Dti: number | null;
  Ltv: number | null;
  Cltv: number | null;
  MiPct: number | null;
  State: string | null;
}

/** Loans first paying in one month: one run on the macro path from that month. */
export interface Cohort {
  /** 'YYYY-MM' of the first payment: projection month 0 is month on book 1. */
  start: string;
  tape: ModelLoanTape;
}

export interface Tunes { TuneCpr: number; TuneCdr: number; TuneSeverity: number }
export const UNTUNED: Tunes = { TuneCpr: 1, TuneCdr: 1, TuneSeverity: 1 };

const ymOf = (yyyymm: number): string => `${Math.floor(yyyymm / 100)}-${String(yyyymm % 100).padStart(2, '0')}`;
const monthIndex = (ym: string): number => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;

/**
 * The loans as model tapes by first payment month. Not-available scores and DTIs take the typical
 * GSE values (as the deal tape loader does); home-level value noise spans the normal distribution
 * once over the whole vintage (stratifiedNormalScores), seeded so reruns agree.
 */
export function cohortsOf(loans: readonly CohortLoan[], macro: MacroHistory, seed = 7): Cohort[] {
  const noise = stratifiedNormalScores(loans.length, seed);
  const byStart = new Map<string, number[]>();
  loans.forEach((l, i) => {
    const start = ymOf(l.FirstPaymentYm);
    const group = byStart.get(start);
    if (group) group.push(i);
    else byStart.set(start, [i]);
  });
  return [...byStart.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([start, idx]) => {
    const at = monthIndex(start) - monthIndex(macro.months[0] as string);
    const tape = emptyModelTape(idx.length);
    idx.forEach((i, k) => {
      const l = loans[i] as CohortLoan;
      const term = l.OriginalTerm > 0 ? l.OriginalTerm : 360;
      const rate = l.OriginalRate / 100;
      const ltv = l.Ltv !== null && l.Ltv > 0 ? l.Ltv / 100 : TYPICAL_LOAN.ltv;
      const cltv = l.Cltv !== null ? l.Cltv / 100 : ltv;
      const value = l.OriginalUpb / ltv;
      tape.balance[k] = l.OriginalUpb;
      tape.noteRate[k] = rate;
      tape.remainingTerm[k] = term;
      tape.originalTerm[k] = term;
      tape.age[k] = 0;
      tape.creditScore[k] = l.CreditScore !== null && l.CreditScore >= 300 && l.CreditScore <= 850 ? l.CreditScore : TYPICAL_LOAN.creditScore;
      tape.dtiPct[k] = l.Dti !== null && l.Dti > 0 && l.Dti <= 65 ? l.Dti : TYPICAL_LOAN.dtiPct;
      tape.propertyValue[k] = value;
      tape.otherLienBalance[k] = cltv > ltv && cltv <= 2 ? (cltv - ltv) * value : 0;
      tape.miCoverage[k] = Math.min(0.55, Math.max(0, (l.MiPct ?? 0) / 100));
      // Spread at origination over the market rate of the first payment month (outside the path: none).
      const market = term <= 180 ? macro.mtg15Pct[at] : macro.mtg30Pct[at];
      tape.sato[k] = market === undefined ? 0 : rate - market / 100;
      tape.hpiBeta[k] = hpiBetaOfState(l.State);
      tape.valueNoise[k] = noise[i] as number;
    });
    return { start, tape };
  });
}

/** Months the macro path covers from every cohort's start (the model curve's longest horizon), 0 if one starts outside it. */
export function macroMonthsFor(cohorts: readonly Cohort[], macro: MacroHistory): number {
  const first = monthIndex(macro.months[0] as string);
  const last = monthIndex(macro.months.at(-1) as string);
  let months = Number.POSITIVE_INFINITY;
  for (const c of cohorts) {
    const s = monthIndex(c.start);
    months = Math.min(months, s < first || s > last ? 0 : last - s + 1);
  }
  return Number.isFinite(months) ? months : 0;
}

/** One engine run per cohort: its tape, the back-test inputs with the tunes (AFT runs untuned), the paths from its start. */
export interface CohortRun { tape: ModelLoanTape; inputs: CreditModelInputs; months: number; paths: EconomicPaths }

export function cohortRuns(cohorts: readonly Cohort[], model: CreditModelName, tunes: Tunes, months: number, macro: MacroHistory): CohortRun[] {
  return cohorts.map((c) => {
    const base = backtestInputs(model, Number(c.start.slice(5, 7)));
    const inputs = model === 'AFT' ? base : { ...base, tuneCpr: tunes.TuneCpr, tuneCdr: tunes.TuneCdr, tuneSeverity: tunes.TuneSeverity };
    return { tape: c.tape, inputs, months, paths: backtestPaths(macro, model, c.start, months) };
  });
}

/** The cohorts' sums added month on book by month on book. */
export function addSums(parts: readonly CreditModelSums[]): CreditModelSums | null {
  return parts.reduce<CreditModelSums | null>((a, b) => (a ? addCreditModelSums(a, b) : b), null);
}

const round = (x: number, dp = 6): number => Math.round(x * 10 ** dp) / 10 ** dp;
const annualise = (monthly: number): number => 100 * (1 - (1 - Math.min(1, Math.max(0, monthly))) ** 12);

export interface ModelCurves {
  CumulativeDefaultPct: number;
  CumulativeNetLossPct: number;
  SeverityPct: number | null;
  Months: ModelMonth[];
}

/** The model's curves by month on book on the actual curves' definitions (see the file's head). */
export function modelCurves(sums: CreditModelSums, originalBalance: number): ModelCurves {
  const pct = (x: number): number => (originalBalance > 0 ? round((100 * x) / originalBalance) : 0);
  const Months: ModelMonth[] = [];
  let events = 0, losses = 0, liquidated = 0, pipeline = 0;
  for (let t = 0; t < sums.months; t++) {
    const begin = sums.begin[t] as number;
    const ev = sums.defaultEvents[t] as number;
    const sched = sums.scheduled[t] as number;
    const performing = begin - pipeline;
    events += ev;
    losses += sums.losses[t] as number;
    liquidated += sums.defaults[t] as number;
    pipeline += ev - (sums.defaults[t] as number);
    Months.push({
      MonthOnBook: t + 1,
      CumulativeDefaultPct: pct(events),
      CumulativeNetLossPct: pct(losses),
      Cpr: round(begin - sched > 0 ? annualise((sums.prepaid[t] as number) / (begin - sched)) : 0),
      Cdr: round(performing > 0 ? annualise(ev / performing) : 0),
    });
  }
  return {
    CumulativeDefaultPct: pct(events),
    CumulativeNetLossPct: pct(losses),
    SeverityPct: liquidated > 0 ? round((100 * losses) / liquidated) : null,
    Months,
  };
}

/**
 * RMSE of cumulative default, cumulative net loss and CPR over the months both curves have, and
 * the fit's objective: each error over the actual curve's scale (its last cumulative default and
 * net loss, floored at 0.05 points; its mean CPR, floored at 1), squared and summed, so a vintage
 * with little loss still weighs its loss curve.
 */
export function fitError(actual: Vintage['Months'], model: readonly ModelMonth[]): FitError {
  const byMonth = new Map(model.map((m) => [m.MonthOnBook, m]));
  let n = 0, sDef = 0, sLoss = 0, sCpr = 0, cprSum = 0, lastDef = 0, lastLoss = 0;
  for (const a of actual) {
    const m = byMonth.get(a.MonthOnBook);
    if (!m) continue;
    n += 1;
    sDef += (m.CumulativeDefaultPct - a.CumulativeDefaultPct) ** 2;
    sLoss += (m.CumulativeNetLossPct - a.CumulativeNetLossPct) ** 2;
    sCpr += (m.Cpr - a.Cpr) ** 2;
    cprSum += a.Cpr;
    lastDef = a.CumulativeDefaultPct;
    lastLoss = a.CumulativeNetLossPct;
  }
  if (n === 0) return { Months: 0, RmseCumulativeDefaultPct: 0, RmseCumulativeNetLossPct: 0, RmseCpr: 0, Objective: 0 };
  const rDef = Math.sqrt(sDef / n), rLoss = Math.sqrt(sLoss / n), rCpr = Math.sqrt(sCpr / n);
  const objective = (rDef / Math.max(0.05, lastDef)) ** 2 + (rLoss / Math.max(0.05, lastLoss)) ** 2 + (rCpr / Math.max(1, cprSum / n)) ** 2;
  return { Months: n, RmseCumulativeDefaultPct: round(rDef), RmseCumulativeNetLossPct: round(rLoss), RmseCpr: round(rCpr), Objective: round(objective, 8) };
}
