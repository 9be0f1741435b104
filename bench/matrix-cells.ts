/**
 * One matrix cell = one deal run at (CPR, CDR) and the bond metrics of interest. Axes are the
 * spec's (001 §9): CPR 0,5,…,35 × CDR 0,0.25,0.5,1,1.5,2,2.5,3,5 (percent), indexed CDR then CPR.
 */
import { bondMetrics, bondRows, isoToYmd, paymentDateCollateralRows, projectLoans, runDeal } from '@opencrt/engine';
import type { CollateralProjector, DealSpec, LoanTape } from '@opencrt/engine';

export const MATRIX_CPR = [0, 5, 10, 15, 20, 25, 30, 35];
export const MATRIX_CDR = [0, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5];

export interface CellResult { cdr: number; cpr: number; wal: number; writedownPct: number }

/** Runs one cell; `tape` switches the collateral to loan level. */
export function runCell(spec: DealSpec, bond: string, cprPct: number, cdrPct: number, tape: LoanTape | null): CellResult {
  const project: CollateralProjector | undefined = tape ? (sc, months) => projectLoans(tape, sc, months) : undefined;
  const run = runDeal(spec, {
    prepay: { kind: 'annual', values: cprPct / 100 }, default: { kind: 'annual', values: cdrPct / 100 }, severity: 0.25,
    delinquency: 0, indexRate: spec.index.valueAtIssuePct / 100, lossSource: 'scenario', cleanUpCall: true, timeCall: false,
    collateralGroup: null,
  }, null, project);
  const collateral = paymentDateCollateralRows(run.flows, run.pool, run.paymentDates.map(isoToYmd));
  const rows = bondRows(run, collateral).find((b) => b.name === bond);
  if (!rows) throw new Error(`bond ${bond} not found`);
  const m = bondMetrics(rows.rows, rows.originalBalance, spec.dates.closingDate);
  return { cdr: cdrPct, cpr: cprPct, wal: m.Wal, writedownPct: m.WritedownPct };
}

/** All 72 cells in CDR-then-CPR order. */
export function allCells(): [number, number][] {
  return MATRIX_CDR.flatMap((cdr) => MATRIX_CPR.map((cpr): [number, number] => [cdr, cpr]));
}
