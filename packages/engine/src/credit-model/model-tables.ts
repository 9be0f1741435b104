/**
 * Lookup tables of the model's transcendental components (S-curve, logistic roll, burnout step,
 * lock-in, CPR → SMM), built from the component functions themselves and read with linear
 * interpolation. A 100,000-loan × 360-month run makes ~36 million loan-months; five exp/pow calls
 * each cost more than the rest of the loop together. Grids are fine enough that the tabled run
 * matches the exact functions to < 0.1% (run-credit-model.test.ts checks it).
 */
import { annualToMonthly, logistic, refinanceSCurve } from './model-components.ts';
import type { CreditModelParameters } from './model-parameters.ts';

/** A function tabulated on [lo, hi] with `steps` intervals; outside the range it is clamped. */
export interface Table {
  lo: number;
  hi: number;
  invStep: number;
  values: Float64Array;
}

export function tabulate(f: (x: number) => number, lo: number, hi: number, steps: number): Table {
  const values = new Float64Array(steps + 2);
  const step = (hi - lo) / steps;
  for (let i = 0; i <= steps; i++) values[i] = f(lo + i * step);
  values[steps + 1] = values[steps] as number;
  return { lo, hi, invStep: 1 / step, values };
}

/** f(x) by linear interpolation (clamped to the table's range). */
export function lookup(t: Table, x: number): number {
  const pos = (x < t.lo ? 0 : x > t.hi ? t.hi - t.lo : x - t.lo) * t.invStep;
  const i = pos | 0;
  const a = t.values[i] as number;
  return a + ((t.values[i + 1] as number) - a) * (pos - i);
}

export interface ModelTables {
  /** Refinance S-curve by incentive (points). */
  sCurve: Table;
  /** Burnout step e^(−b·incentive) by a positive incentive (points). */
  burnStep: Table;
  /** Lock-in e^(−λ·x) by x = market − note (points, ≥ 0). */
  lockIn: Table;
  /** Logistic by logit (delinquency roll). */
  logistic: Table;
  /** CPR → SMM. */
  smm: Table;
  /** e^x on [−5, 5] (local home-price ratios from log-HPI, beta and the home's drift). */
  exp: Table;
}

export function buildModelTables(p: CreditModelParameters): ModelTables {
  return {
    sCurve: tabulate((x) => refinanceSCurve(x, p), -15, 15, 12_000),
    burnStep: tabulate((x) => Math.exp(-p.burnout * x), 0, 15, 6_000),
    lockIn: tabulate((x) => Math.exp(-p.lockIn * x), 0, 15, 6_000),
    logistic: tabulate(logistic, -25, 15, 16_000),
    smm: tabulate(annualToMonthly, 0, 1, 20_000),
    exp: tabulate(Math.exp, -5, 5, 40_000),
  };
}
