/**
 * Engine work of the ACIS and CIRT runs, run in the run service's workers. Pure: the services
 * resolve deal, layer and policy terms from the database and check the request first.
 */
import {
  prerunCollateral, responseOf, runAcis, runAcisMatrix, runCirt, runCirtMatrix, runDeal, runFromSettlement,
  type AcisLayerTerms, type DealRun, type DealSpec, type DealState, type UserCollateralRows, type CirtRunInput, type DealScenario, type ReinsuranceMatrix, type ReinsurerCashflow, type SimulationResponse,
} from '@opencrt/engine';
import { resolveDeal, type DealInput } from '../../runs/deal-cache.ts';

export interface AcisTaskInput {
  /** The STACR deal the layer rides on (state = the ACIS view of it at settlement). */
  deal: DealInput;
  scenario: DealScenario;
  layer: AcisLayerTerms;
  collateral: { collateralPct: number; interestRate: number };
  settlementIso: string;
  /** A prerun collateral cashflow replacing the STACR pool's projection (null = project). */
  prerun?: UserCollateralRows | null;
}

/**
 * The STACR run under an ACIS layer: the scenario projected, or the prerun cashflow replayed, seen
 * from the settlement (`runFromSettlement`, issue 23 #7): period 1 of the cover is the first payment
 * date after the settlement (period 0), and the layer's limit at settlement is its share of the
 * tranche's notional then. Before, a state older than the settlement month put the 11/25 payment
 * as period 1 after period 0 dated 11/27.
 */
export function acisStacrRun(spec: DealSpec, scenario: DealScenario, state: DealState | null, prerun: UserCollateralRows | null | undefined, settlementIso: string): DealRun {
  if (!prerun) return runFromSettlement(runDeal(spec, scenario, state), settlementIso);
  const p = prerunCollateral(spec, state, scenario, prerun);
  return runFromSettlement(runDeal(spec, p.scenario, state, p.project), settlementIso);
}

/** One ACIS layer: its reinsurer cashflow and the STACR run's deal-level variables. */
export function acisTask(input: AcisTaskInput): { cashflow: ReinsurerCashflow; misc: SimulationResponse['MiscVariables'] } {
  const { spec, state } = resolveDeal(input.deal);
  const deal = acisStacrRun(spec, input.scenario, state, input.prerun, input.settlementIso);
  return {
    cashflow: runAcis(deal, input.layer, input.collateral, input.settlementIso),
    misc: responseOf(deal, input.layer.stacrTranche, input.settlementIso).MiscVariables,
  };
}

/** Rows `cdrPct` of an ACIS matrix over every CPR column. */
export function acisMatrixRowsTask(input: AcisTaskInput & { cprPct: number[]; cdrPct: number[] }): ReinsuranceMatrix {
  const { spec, state } = resolveDeal(input.deal);
  return runAcisMatrix(spec, input.scenario, state, input.layer, input.collateral, input.settlementIso, { cprPct: input.cprPct, cdrPct: input.cdrPct });
}

/** One CIRT policy run. */
export function cirtTask(input: CirtRunInput): ReturnType<typeof runCirt> {
  return runCirt(input);
}

/** Rows `cdrPct` of a CIRT matrix over every CPR column. */
export function cirtMatrixRowsTask(input: { run: CirtRunInput; cprPct: number[]; cdrPct: number[] }): ReinsuranceMatrix {
  return runCirtMatrix(input.run, { cprPct: input.cprPct, cdrPct: input.cdrPct });
}
