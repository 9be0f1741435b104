import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import type { CollateralScenario, SpeedInput } from '../collateral/collateral-types.ts';
import type { LoanTape } from '../collateral/project-loans.ts';
import { projectLoans } from '../collateral/project-loans.ts';
import { aggregatesApply, projectFromAggregates, scheduleAggregatesOfLines, scheduleAggregatesOfLoans } from '../collateral/schedule-aggregates.ts';
import type { ScheduleAggregates } from '../collateral/schedule-aggregates.ts';
import { startingLines } from './run-deal.ts';
import type { CollateralProjector, DealScenario } from './run-deal.ts';
import type { AnyDealRun } from './bond-cashflows.ts';
import { runAnyDeal } from './run-any-deal.ts';

/** A collateral projector for many runs of one deal that differ only in pool-level CPR and CDR. */
export interface RepeatedRunProjector {
  /** Undefined = the interpreter's own per-line projection. */
  project: CollateralProjector | undefined;
  /** 'aggregates' = schedule aggregates built once (exact, no per-line cent rounding); 'full' = per line/loan. */
  projection: 'aggregates' | 'full';
}

/**
 * The projector of a grid of runs (matrices, breakeven searches): when speeds are pool-level and
 * the convention allows it, the collateral is projected from schedule aggregates built once, so a
 * run costs O(months) + one waterfall instead of a pass over every line or loan.
 * @param base scenario for everything but CPR/CDR (severity, delinquency, conventions, group)
 * @param tape loan tape instead of the deal's rep lines
 * @param full force the per-line/per-loan projection
 * @param prepay the prepayment speed the runs use when it is fixed (breakevens); default a flat
 *   annual CPR (matrices vary it by cell)
 */
export function repeatedRunProjector(
  spec: DealSpec, base: DealScenario, state: DealState | null, tape?: LoanTape, full = false, prepay: SpeedInput = { kind: 'annual', values: 0 },
): RepeatedRunProjector {
  const probe: CollateralScenario = {
    prepay, default: { kind: 'annual', values: 0 }, severity: base.severity, delinquency: base.delinquency,
    recoveryLagMonths: base.recoveryLagMonths ?? spec.conventions.recoveryLagMonths, servicerAdvancing: base.servicerAdvancing ?? spec.conventions.servicerAdvancing,
    convention: base.convention ?? spec.conventions.stepOrder, fixedLossShare: null, roundToCent: false,
  };
  // Groups of a multi-group cash-flow deal are projected separately, so one pool-level aggregate does not apply.
  const groups = new Set(spec.collateral.repLines.map((l) => l.collateralGroup)).size;
  const useAggregates = !full && aggregatesApply(probe) && (spec.waterfall.kind !== 'cash-flow' || groups === 1);
  if (useAggregates) {
    const months = spec.dates.scheduledMaturityPaymentDateNumber + spec.dates.firstPaymentDateCollectionMonths;
    const agg: ScheduleAggregates = tape ? scheduleAggregatesOfLoans(tape, months) : scheduleAggregatesOfLines(startingLines(spec, state, base.collateralGroup), months);
    return { project: (sc, m) => projectFromAggregates(agg, { ...sc, roundToCent: false }, m), projection: 'aggregates' };
  }
  return { project: tape ? (sc, m) => projectLoans(tape, sc, m) : undefined, projection: 'full' };
}

/** Deal runs on a repeated-run projector (see `repeatedRunner`). */
export interface RepeatedRunner {
  run(scenario: DealScenario): AnyDealRun;
  projection: RepeatedRunProjector['projection'];
}

/**
 * Runs many scenarios of one deal on `repeatedRunProjector`. The aggregate projection does not
 * round each line to the cent, so at extreme CDRs (99.99 with no severity on STACR 2026-DNA1) the
 * waterfall's cent checks can fail on it: such a run is redone on the per-line projection, the
 * reference, instead of failing the grid.
 */
export function repeatedRunner(
  spec: DealSpec, base: DealScenario, state: DealState | null, tape?: LoanTape, full = false, prepay?: SpeedInput,
): RepeatedRunner {
  const { project, projection } = repeatedRunProjector(spec, base, state, tape, full, prepay);
  let perLine: CollateralProjector | undefined | null = null; // built on the first fallback
  return {
    projection,
    run(scenario) {
      try {
        return runAnyDeal(spec, scenario, state, project);
      } catch (error) {
        if (projection !== 'aggregates') throw error;
        perLine ??= repeatedRunProjector(spec, base, state, tape, true).project;
        return runAnyDeal(spec, scenario, state, perLine);
      }
    },
  };
}
