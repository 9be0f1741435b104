import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import type { LoanTape } from '../collateral/project-loans.ts';
import { bondRows } from './bond-cashflows.ts';
import type { AnyDealRun } from './bond-cashflows.ts';
import type { BondRows } from './bond-cashflows.ts';
import { bondMetrics } from './bond-metrics.ts';
import type { DealScenario } from './run-deal.ts';
import { runFromSettlement } from './run-from-settlement.ts';
import { repeatedRunner } from './scenario-projector.ts';

/** Spec 001 §9: matrix CPR columns and CDR rows, percent. */
export const MATRIX_CPR_PCT: readonly number[] = [0, 5, 10, 15, 20, 25, 30, 35];
export const MATRIX_CDR_PCT: readonly number[] = [0, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5];

/** A cell's extra metric (e.g. a yield from the analytics module); NaN when it cannot be computed. */
export type CellMetric = (bond: BondRows, run: AnyDealRun) => number;

/** A figure that needs the cell's metric too (the DM at the price a price-from-yield cell solved); NaN when none. */
export type CellFollowUp = (bond: BondRows, run: AnyDealRun, metric: number) => number;

/** Grids indexed [cdr][cpr] (spec: "indexed by CDR then CPR"). */
export interface BondMatrix {
  Cpr: number[];
  Cdr: number[];
  Wal: number[][];
  WritedownPct: number[][];
  Metric: number[][] | null;
  /** Discount margin per cell (fraction), when asked for (`discountMargin`); null otherwise. */
  DiscountMargin: number[][] | null;
  /** 'aggregates' = schedule-aggregate projection (exact, no per-line cent rounding); 'full' = per line/loan. */
  Projection: 'aggregates' | 'full';
}

export interface BondMatrixOptions {
  cprPct?: readonly number[];
  cdrPct?: readonly number[];
  metric?: CellMetric;
  /** The discount margin of a floating class per cell, given the cell's metric (NaN when it has none). */
  discountMargin?: CellFollowUp;
  /** Loan tape instead of the deal's rep lines (balances must sum to the starting pool balance). */
  tape?: LoanTape;
  /** Force the per-line/per-loan projection even when aggregates apply. */
  full?: boolean;
}

/**
 * Runs a bond over a CPR×CDR grid: each cell is the base scenario with flat CPR and CDR.
 * When speeds are pool-level (they are here) and the convention allows it, the collateral is
 * projected from schedule aggregates built once, so a cell costs O(months) + one waterfall.
 * @param spec deal
 * @param base scenario for everything but CPR/CDR (severity, delinquency, index, calls)
 * @param bondName tranche or MACR class
 * @param state deal state at settlement (null = closing)
 * @param fromIso settlement: WAL is measured from it and payment dates on or before it are left out
 */
export function runBondMatrix(spec: DealSpec, base: DealScenario, bondName: string, state: DealState | null, fromIso: string, options: BondMatrixOptions = {}): BondMatrix {
  const cprs = [...(options.cprPct ?? MATRIX_CPR_PCT)];
  const cdrs = [...(options.cdrPct ?? MATRIX_CDR_PCT)];
  const { run: runCell, projection } = repeatedRunner(spec, base, state, options.tape, options.full);
  const grid = (): number[][] => cdrs.map(() => cprs.map(() => 0));
  const wal = grid();
  const wd = grid();
  const metric = options.metric ? grid() : null;
  const dm = options.discountMargin ? grid() : null;
  // Agency deals carry no credit risk: every CDR row runs at 0 CDR (as a single agency run
  // does), so the rows repeat and each CPR column is computed once.
  const agency = spec.family === 'Agency';
  const cells = new Map<string, { wal: number; wd: number; metric: number; dm: number }>();
  cdrs.forEach((cdr, r) => {
    cprs.forEach((cpr, c) => {
      const cellCdr = agency ? 0 : cdr / 100;
      const key = `${cpr}|${cellCdr}`;
      let cell = cells.get(key);
      if (!cell) {
        // Seen from settlement as the single runs are: period 1 is the first payment date after it (issue 23 #7).
        const run = runFromSettlement(runCell({ ...base, prepay: { kind: 'annual', values: cpr / 100 }, default: { kind: 'annual', values: cellCdr } }), fromIso);
        // Grid cells need balances and cash only; the per-row speed columns are left at 0.
        const bond = bondRows(run, [], bondName)[0];
        if (!bond) throw new RangeError(`bond ${bondName} not found in ${spec.dealName}`);
        const m = bondMetrics(bond.rows, bond.startBalance, fromIso, false, bond.interestOnly ? bond.startBalance : null);
        const value = options.metric ? options.metric(bond, run) : Number.NaN;
        cell = { wal: m.Wal, wd: m.WritedownPct, metric: value, dm: options.discountMargin ? options.discountMargin(bond, run, value) : Number.NaN };
        cells.set(key, cell);
      }
      (wal[r] as number[])[c] = cell.wal;
      (wd[r] as number[])[c] = cell.wd;
      if (metric) (metric[r] as number[])[c] = cell.metric;
      if (dm) (dm[r] as number[])[c] = cell.dm;
    });
  });
  return { Cpr: cprs, Cdr: cdrs, Wal: wal, WritedownPct: wd, Metric: metric, DiscountMargin: dm, Projection: projection };
}
