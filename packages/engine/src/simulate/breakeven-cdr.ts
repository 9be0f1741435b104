import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import type { LoanTape } from '../collateral/project-loans.ts';
import { bondRows, type AnyDealRun } from './bond-cashflows.ts';
import type { DealScenario } from './run-deal.ts';
import { repeatedRunner } from './scenario-projector.ts';
import { searchGrid } from './breakeven-search.ts';
import { runFromSettlement } from './run-from-settlement.ts';

/**
 * Breakevens of a deal's classes (issue 18 #13, issue 25 #5): the flat CDR (mode 'Cdr') or flat
 * loss severity (mode 'Severity', at the base scenario's CDR) at which a class takes its first
 * dollar of loss, and the one at which it is fully written down, with everything else as in the
 * base scenario. Mode 'CumulativeLoss' is the CDR search, answered also as the collateral's
 * cumulative loss (percent of its original balance, losses before settlement included) of the runs
 * at those CDRs: the loss a class can stand, whatever CDR path produced it.
 *
 * Definitions (write-downs are net of write-ups, summed over the run):
 * - a class "takes a loss" when its write-downs exceed half a cent (below that is rounding);
 * - it is "fully written down" when its write-downs reach its balance at settlement less half a
 *   cent, i.e. it gets no principal back at all. A class that is paid some principal before losses
 *   reach it at every CDR (a senior class) has no full-write-down CDR: null.
 * Both CDRs (severities) are percent on a 0.01 grid: the smallest grid value at which the class has
 * the loss. Write-downs grow with CDR (severity) almost everywhere, and the search assumes it (a
 * bracket, then a guided search on the grid, breakeven-search.ts). Near the month a class pays off they need not: a higher CDR can fail a trigger sooner
 * and pay the class off before losses reach it (DNA1 M-1 at 18 CPR, 12 severity loses at 5.35 CDR,
 * not at 5.36–5.37, again from 5.38; see the tests). Where such a window lies inside a bracket,
 * the search could settle on its upper edge; the answer is always a grid CDR with the loss and none
 * one step below. A class that loses at 0 CDR, or below the first step (any CDR above 0), answers
 * 0 with a note saying which.
 */

/** What a breakeven search moves: CDR, or severity at the base CDR; CumulativeLoss = the CDR search read as collateral loss. */
export type BreakevenMode = 'Cdr' | 'Severity' | 'CumulativeLoss';

/** One class's breakevens, percent (null: not reached below the search ceiling). */
export interface ClassBreakeven {
  BondName: string;
  /** Modes Cdr and CumulativeLoss (null in mode Severity, which keeps the base CDR). */
  FirstLossCdr: number | null;
  FullWriteDownCdr: number | null;
  /** Mode Severity: loss severity, percent on the 0.01 grid. */
  FirstLossSeverity?: number | null;
  FullWriteDownSeverity?: number | null;
  /** Mode CumulativeLoss: the collateral's cumulative loss, percent of its original balance, of the run at the CDR beside it. */
  FirstLossCumulativeLoss?: number | null;
  FullWriteDownCumulativeLoss?: number | null;
  /**
   * Why FirstLossCdr is 0 (null otherwise): the class loses at 0 CDR already, or at any CDR above 0
   * (it loses below the grid's first step, 0.01: a first-loss class with no support).
   */
  FirstLossNote: string | null;
}

/** The notes of a first-loss breakeven of 0. */
export const LOSES_AT_ZERO_CDR = 'Loses at 0 CDR already.';
export const LOSES_AT_ANY_CDR = 'Loses at any CDR above 0 (below 0.01).';
export const LOSES_AT_ZERO_SEVERITY = 'Loses at 0 severity already.';
export const LOSES_AT_ANY_SEVERITY = 'Loses at any severity above 0 (below 0.01).';

export interface BreakevenResult {
  Mode: BreakevenMode;
  Breakevens: ClassBreakeven[];
  /** Search ceiling, percent (CDR is below 100 %). */
  MaxCdr: number;
  /** Search ceiling of mode Severity, percent. */
  MaxSeverity: number;
  /** Collateral original (cut-off) balance and losses before settlement, dollars: the cumulative-loss denominator and start. */
  CollateralOriginalBalance: number;
  LossesBeforeSettlement: number;
  /** Deal runs the search took (each distinct grid CDR is run once for every class). */
  Runs: number;
}

export interface BreakevenOptions {
  /** Classes to solve (tranches or MACR classes); default every class of the run. */
  bondNames?: readonly string[];
  tape?: LoanTape;
  /** Default 'Cdr'. */
  mode?: BreakevenMode;
  /**
   * Settlement date (ISO): each run is seen from it as POST /simulate sees it (runFromSettlement),
   * so a breakeven and the single run at its value agree on write-downs and collateral losses.
   */
  settlementIso?: string | null;
}

/** Grid step: 0.01 CDR percent = 1e-4 as a fraction; CDRs are kept as whole grid steps. */
const STEPS_PER_UNIT = 10_000;
/** Highest CDR searched: 99.99 % (the request bound is below 100 %); severity goes to 100 %. */
const MAX_CDR_STEP = 9_999;
const MAX_SEVERITY_STEP = 10_000;
/** A CDR (severity) far below the grid's first step (0.0001 %, as a fraction): a class losing there loses at any value. */
const TINY_CDR = 1e-6;
/** Write-downs at or below half a cent are rounding, not a loss. */
const HALF_CENT = 0.005;
/** Coarse CDRs (percent) run first for every class: they give each search its bracket. */
const SCAN_CDR_PCT = [0, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 99.99];
const SCAN_SEVERITY_PCT = [0, 1, 2, 5, 10, 15, 20, 30, 40, 60, 80, 100];

/** Total write-down and balance at settlement of each class in one run, and the run's collateral losses (dollars). */
type ClassLosses = Map<string, { writeDown: number; start: number }> & { collateralLoss?: number };

type Target = 'firstLoss' | 'fullWriteDown';

/** Signed distance of a run from the target: > 0 once the class has reached it. */
function reached(loss: { writeDown: number; start: number }, target: Target): number {
  return target === 'firstLoss' ? loss.writeDown - HALF_CENT : loss.writeDown - (loss.start - HALF_CENT);
}

/**
 * The collateral losses of a run, dollars: the pool periods' principal losses over the payment
 * dates, as POST /simulate's ProjectedLosses sums them (its rows carry the same per-period loss,
 * and the rows it cuts after the pool has paid down lose nothing), without building the rows.
 */
function collateralLossOf(run: AnyDealRun): number {
  let cents = 0;
  for (let i = 0; i < run.paymentDates.length && i < run.pool.length; i++) cents += (run.pool[i] as { principalLoss: number }).principalLoss;
  return cents / 100;
}

/**
 * Solves the breakevens of a deal's classes.
 * @param base scenario for everything but the searched value (mode Cdr, CumulativeLoss: the CDR is
 *   replaced by each searched flat value; mode Severity: the severity is, at the base CDR)
 * @param state deal state at settlement (null = closing)
 */
export function runBreakevens(spec: DealSpec, base: DealScenario, state: DealState | null, options: BreakevenOptions = {}): BreakevenResult {
  const mode = options.mode ?? 'Cdr';
  const bySeverity = mode === 'Severity';
  const runner = repeatedRunner(spec, base, state, options.tape, false, base.prepay);
  const runs = new Map<number, ClassLosses>();
  // The searched value as a fraction: a flat CDR, or a flat severity (the base CDR kept).
  const runAt = (value: number) => runFromSettlement(
    runner.run(bySeverity ? { ...base, severity: value } : { ...base, default: { kind: 'annual', values: value } }), options.settlementIso ?? null);
  // One deal run per grid value, shared by every class and both targets.
  const lossesOf = (value: number): ClassLosses => {
    const run = runAt(value);
    const losses: ClassLosses = new Map(bondRows(run, []).map((b) => [b.name, { writeDown: b.rows.reduce((s, r) => s + r.ActualWriteDown, 0), start: b.startBalance }]));
    if (mode === 'CumulativeLoss') losses.collateralLoss = collateralLossOf(run);
    return losses;
  };
  const lossesAt = (step: number): ClassLosses => {
    let losses = runs.get(step);
    if (!losses) {
      losses = lossesOf(step / STEPS_PER_UNIT);
      runs.set(step, losses);
    }
    return losses;
  };
  let tiny: ClassLosses | null = null;
  const losesAtTinyValue = (name: string): boolean => {
    tiny ??= lossesOf(TINY_CDR);
    const loss = tiny.get(name);
    return loss !== undefined && reached(loss, 'firstLoss') > 0;
  };
  const scan = (bySeverity ? SCAN_SEVERITY_PCT : SCAN_CDR_PCT).map((pct) => Math.round(pct * 100));
  scan.forEach(lossesAt);
  const names = options.bondNames ?? [...(runs.get(0) ?? new Map()).keys()];
  const missing = names.filter((n) => !runs.get(0)?.has(n));
  if (missing.length) throw new RangeError(`bond ${missing.join(', ')} not found in ${spec.dealName}`);

  // The classes below each reference tranche (detaching at or under its attachment): the support
  // whose write-downs guide its first-loss search. Other classes (MACR, cash-flow deals) bisect.
  const layers = spec.tranches.map((t) => ({ name: t.name, ...(t as { attachmentPct?: number; detachmentPct?: number }) }));
  const belowOf = new Map<string, string[]>();
  for (const t of layers) {
    if (t.attachmentPct === undefined) continue;
    belowOf.set(t.name, layers.filter((k) => k.detachmentPct !== undefined && k.detachmentPct <= (t.attachmentPct as number)).map((k) => k.name));
  }

  const solve = (name: string, target: Target): number | null => {
    const at = (step: number) => reached((lossesAt(step).get(name) as { writeDown: number; start: number }), target);
    // A class with no balance at settlement has nothing to lose.
    if ((lossesAt(0).get(name)?.start ?? 0) <= HALF_CENT) return null;
    if (at(0) > 0) return 0;
    // The scan bracket: the last scanned value short of the target and the first past it.
    const hiIndex = scan.findIndex((s) => at(s) > 0);
    if (hiIndex < 0) return null;
    const lo = scan[hiIndex - 1] as number;
    const hi = scan[hiIndex] as number;
    if (hi - lo <= 1) return hi;
    const below = belowOf.get(name);
    return searchGrid(lo, hi, {
      reached: (step) => at(step) > 0,
      guide: (step) => {
        const losses = lossesAt(step);
        const own = losses.get(name) as { writeDown: number; start: number };
        if (target === 'fullWriteDown') return own.writeDown - (own.start - HALF_CENT);
        if (!below) return null;
        // The support under the class that losses have used up, less what was there: < 0 short of the first loss.
        let eaten = own.writeDown - HALF_CENT;
        for (const k of below) eaten += (losses.get(k)?.writeDown ?? 0) - (losses.get(k)?.start ?? 0);
        return eaten;
      },
    });
  };

  const original = spec.collateral.cutOffBalance;
  const before = state?.cumulativeNetLoss ?? 0;
  const cumulativeLossPct = (step: number | null): number | null =>
    step === null ? null : ((before + (lossesAt(step).collateralLoss ?? 0)) / original) * 100;
  const Breakevens = names.map((name): ClassBreakeven => {
    let first = solve(name, 'firstLoss');
    const full = first === null ? null : solve(name, 'fullWriteDown');
    // The grid's first step (0.01) would read as "safe below 0.01" for a class that loses at any
    // value (issue 23 #6: B-3H showed 0.01 while the run at 0.005 wrote it down): such a class is 0.
    let note: string | null = first === 0 ? (bySeverity ? LOSES_AT_ZERO_SEVERITY : LOSES_AT_ZERO_CDR) : null;
    if (first === 1 && losesAtTinyValue(name)) {
      first = 0;
      note = bySeverity ? LOSES_AT_ANY_SEVERITY : LOSES_AT_ANY_CDR;
    }
    const pct = (step: number | null) => (step === null ? null : step / 100);
    if (bySeverity) return { BondName: name, FirstLossCdr: null, FullWriteDownCdr: null, FirstLossSeverity: pct(first), FullWriteDownSeverity: pct(full), FirstLossNote: note };
    const cdrs = { BondName: name, FirstLossCdr: pct(first), FullWriteDownCdr: pct(full), FirstLossNote: note };
    if (mode !== 'CumulativeLoss') return cdrs;
    return { ...cdrs, FirstLossCumulativeLoss: cumulativeLossPct(first), FullWriteDownCumulativeLoss: cumulativeLossPct(full) };
  });
  return {
    Mode: mode, Breakevens, MaxCdr: MAX_CDR_STEP / 100, MaxSeverity: MAX_SEVERITY_STEP / 100,
    CollateralOriginalBalance: original, LossesBeforeSettlement: before, Runs: runs.size + (tiny ? 1 : 0),
  };
}
