/**
 * Fits the credit model's run-level calibration factors (TuneCpr, TuneCdr, TuneSeverity: the
 * multipliers every model run of the app already takes) to an imported population's actual
 * vintage curves (issue 33 #5). Each vintage's loans run on the historical macro path
 * (vintage-model.ts); the search is a coordinate search, golden-section on the logarithm of each
 * factor in turn, minimising the mean over vintages of fitError's objective (cumulative default,
 * cumulative net loss and CPR by month on book, each against its own scale).
 * Order: CPR first (prepayment barely moves with the others), then CDR, then severity (it only
 * scales the losses of the defaults CDR sets). Synchronous: the CLI runs it.
 */
import { CREDIT_MODEL_PARAMETERS, runCreditModelOnPaths, type CreditModelName } from '@opencrt/engine';
import type { FitError, Vintage } from '@opencrt/contracts';
import {
  addSums, cohortRuns, fitError, macroMonthsFor, modelCurves, UNTUNED,
  type Cohort, type CohortRun, type ModelCurves, type Tunes,
} from './vintage-model.ts';
import type { MacroHistory } from '@opencrt/engine';

/** One vintage of the population: its cohorts and its actual curves. */
export interface FitTarget { Vintage: string; cohorts: Cohort[]; actual: Vintage['Months'] }

export interface VintageFit { Vintage: string; Months: number; Error: FitError; Model: ModelCurves }

export interface PopulationFit extends Tunes {
  Model: CreditModelName;
  /** Pooled over the vintages: RMSEs weighted by months, the objective averaged. */
  Error: FitError;
  /** The same with every factor 1 (the committed parameters as they are). */
  UntunedError: FitError;
  Vintages: VintageFit[];
  Evaluations: number;
}

/** Factors searched in [0.1, 10] (the contracts' bound on a tune is 10). */
const LO = Math.log(0.1);
const HI = Math.log(10);
const KEYS: readonly (keyof Tunes)[] = ['TuneCpr', 'TuneCdr', 'TuneSeverity'];

interface Prepared { Vintage: string; actual: Vintage['Months']; runs: CohortRun[]; original: number }

function prepare(targets: readonly FitTarget[], model: CreditModelName, macro: MacroHistory): Prepared[] {
  return targets.map((t) => {
    const lastActual = t.actual.at(-1)?.MonthOnBook ?? 0;
    const months = Math.min(lastActual, macroMonthsFor(t.cohorts, macro));
    if (months < 1) throw new Error(`vintage ${t.Vintage}: no month on book both in its history and on the macro path (${macro.months[0]} to ${macro.months.at(-1)})`);
    const original = t.cohorts.reduce((s, c) => s + c.tape.balance.reduce((a, b) => a + b, 0), 0);
    return { Vintage: t.Vintage, actual: t.actual, runs: cohortRuns(t.cohorts, model, UNTUNED, months, macro), original };
  });
}

/** The model's curves and error for each vintage with the given factors. */
function evaluate(prepared: readonly Prepared[], tunes: Tunes): VintageFit[] {
  return prepared.map((p) => {
    const sums = addSums(p.runs.map((r) => runCreditModelOnPaths(
      r.tape, { ...r.inputs, tuneCpr: tunes.TuneCpr, tuneCdr: tunes.TuneCdr, tuneSeverity: tunes.TuneSeverity }, r.paths, CREDIT_MODEL_PARAMETERS,
    )));
    const curves = sums ? modelCurves(sums, p.original) : { CumulativeDefaultPct: 0, CumulativeNetLossPct: 0, SeverityPct: null, Months: [] };
    const error = fitError(p.actual, curves.Months);
    return { Vintage: p.Vintage, Months: curves.Months.length, Error: error, Model: curves };
  });
}

/** The vintages' errors pooled: RMSEs by their months, the objective averaged. */
export function pooledError(fits: readonly { Error: FitError }[]): FitError {
  const n = fits.reduce((s, f) => s + f.Error.Months, 0);
  const pool = (key: 'RmseCumulativeDefaultPct' | 'RmseCumulativeNetLossPct' | 'RmseCpr') =>
    (n > 0 ? Math.round(Math.sqrt(fits.reduce((s, f) => s + f.Error.Months * f.Error[key] ** 2, 0) / n) * 1e6) / 1e6 : 0);
  return {
    Months: n,
    RmseCumulativeDefaultPct: pool('RmseCumulativeDefaultPct'),
    RmseCumulativeNetLossPct: pool('RmseCumulativeNetLossPct'),
    RmseCpr: pool('RmseCpr'),
    Objective: fits.length ? Math.round((fits.reduce((s, f) => s + f.Error.Objective, 0) / fits.length) * 1e8) / 1e8 : 0,
  };
}

/**
 * The factors that bring the model's curves closest to the population's.
 * @param sweeps passes over the three factors: the first searches [0.1, 10], later ones a factor of 1.6 either side of the value found
 */
export function fitPopulation(targets: readonly FitTarget[], model: CreditModelName, macro: MacroHistory, sweeps = 3): PopulationFit {
  if (model === 'AFT') throw new Error('AFT runs untuned (spec 000 §4): fit LDM or LDM_3');
  if (!targets.length) throw new Error('the population has no loans');
  const prepared = prepare(targets, model, macro);
  let evaluations = 0;
  const objective = (tunes: Tunes): number => {
    evaluations += 1;
    return pooledError(evaluate(prepared, tunes)).Objective;
  };
  let best: Tunes = { ...UNTUNED };
  let bestValue = objective(best);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (const key of KEYS) {
      const at = Math.log(best[key]);
      let a = sweep === 0 ? LO : Math.max(LO, at - 0.47);
      let b = sweep === 0 ? HI : Math.min(HI, at + 0.47);
      const f = (x: number) => objective({ ...best, [key]: Math.exp(x) });
      let x1 = b - g * (b - a), x2 = a + g * (b - a);
      let f1 = f(x1), f2 = f(x2);
      for (let i = 0; i < (sweep === 0 ? 16 : 10); i++) {
        if (f1 < f2) { b = x2; x2 = x1; f2 = f1; x1 = b - g * (b - a); f1 = f(x1); }
        else { a = x1; x1 = x2; f1 = f2; x2 = a + g * (b - a); f2 = f(x2); }
      }
      const candidate = { ...best, [key]: Math.round(Math.exp((a + b) / 2) * 1e4) / 1e4 };
      const value = objective(candidate);
      if (value < bestValue) { best = candidate; bestValue = value; }
    }
  }
  const fits = evaluate(prepared, best);
  return { Model: model, ...best, Error: pooledError(fits), UntunedError: pooledError(evaluate(prepared, UNTUNED)), Vintages: fits, Evaluations: evaluations };
}
