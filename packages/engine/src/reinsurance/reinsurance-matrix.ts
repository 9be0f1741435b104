import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import { MATRIX_CDR_PCT, MATRIX_CPR_PCT, runBondMatrix } from '../simulate/bond-matrix.ts';
import type { DealScenario } from '../simulate/run-deal.ts';
import type { CollateralScenario } from '../collateral/collateral-types.ts';
import type { AcisLayerTerms } from './acis-cover.ts';
import { runAcis } from './acis-run.ts';
import { runCirt, type CirtRunInput } from './cirt-run.ts';
import type { ReinsurerCashflow } from './insurance-types.ts';
import type { CollateralTerms } from './reinsurer-cashflow.ts';

/** Reinsurance matrix (spec 001 §3.6): grids indexed [cdr][cpr]; null where a value is undefined. */
export interface ReinsuranceMatrix {
  Cpr: number[];
  Cdr: number[];
  Yield: (number | null)[][];
  RateOnLine: (number | null)[][];
  LossOnLine: (number | null)[][];
  ReturnOnLine: (number | null)[][];
}

function collect(cprs: number[], cdrs: number[], cell: (cprPct: number, cdrPct: number) => ReinsurerCashflow): ReinsuranceMatrix {
  const grid = (): (number | null)[][] => cdrs.map(() => cprs.map(() => null));
  const m: ReinsuranceMatrix = { Cpr: cprs, Cdr: cdrs, Yield: grid(), RateOnLine: grid(), LossOnLine: grid(), ReturnOnLine: grid() };
  cdrs.forEach((cdr, r) => cprs.forEach((cpr, c) => {
    const cf = cell(cpr, cdr);
    (m.Yield[r] as (number | null)[])[c] = cf.yield.IsSuccessful ? cf.yield.Value : null;
    (m.RateOnLine[r] as (number | null)[])[c] = cf.lineMetrics.RateOnLine;
    (m.LossOnLine[r] as (number | null)[])[c] = cf.lineMetrics.LossOnLine;
    (m.ReturnOnLine[r] as (number | null)[])[c] = cf.lineMetrics.ReturnOnLine;
  }));
  return m;
}

/**
 * An ACIS layer over a CPR × CDR grid (percent axes): each cell runs the STACR deal with flat
 * CPR/CDR (through runBondMatrix, which reuses the schedule aggregates) and the layer's cover.
 */
export function runAcisMatrix(
  spec: DealSpec, base: DealScenario, state: DealState | null, layer: AcisLayerTerms, collateral: CollateralTerms, startDate: string,
  axes: { cprPct?: readonly number[]; cdrPct?: readonly number[] } = {},
): ReinsuranceMatrix {
  const cprs = [...(axes.cprPct ?? MATRIX_CPR_PCT)];
  const cdrs = [...(axes.cdrPct ?? MATRIX_CDR_PCT)];
  const cells: ReinsurerCashflow[] = [];
  runBondMatrix(spec, base, layer.stacrTranche, state, startDate, {
    cprPct: cprs, cdrPct: cdrs,
    metric: (_bond, run) => {
      if (run.kind !== 'reference-tranche') throw new TypeError('ACIS layers ride on a reference-tranche (STACR) deal');
      cells.push(runAcis(run, layer, collateral, startDate));
      return 0;
    },
  });
  // runBondMatrix visits cells row by row ([cdr][cpr]) in order.
  let k = 0;
  return collect(cprs, cdrs, () => cells[k++] as ReinsurerCashflow);
}

/** A CIRT policy over a CPR × CDR grid (percent axes), every other input as in `input`. */
export function runCirtMatrix(input: CirtRunInput, axes: { cprPct?: readonly number[]; cdrPct?: readonly number[] } = {}): ReinsuranceMatrix {
  const cprs = [...(axes.cprPct ?? MATRIX_CPR_PCT)];
  const cdrs = [...(axes.cdrPct ?? MATRIX_CDR_PCT)];
  return collect(cprs, cdrs, (cpr, cdr) => {
    const scenario: CollateralScenario = { ...input.scenario, prepay: { kind: 'annual', values: cpr / 100 }, default: { kind: 'annual', values: cdr / 100 } };
    return runCirt({ ...input, scenario, includeHistorical: false }).cashflow;
  });
}
