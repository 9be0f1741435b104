import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import type { AnyDealRun } from './bond-cashflows.ts';
import { runCashDeal } from './run-cash-deal.ts';
import { runDeal } from './run-deal.ts';
import type { CollateralProjector, DealScenario } from './run-deal.ts';

/** Runs a deal through the interpreter its waterfall kind names (reference-tranche or cash-flow). */
export function runAnyDeal(spec: DealSpec, scenario: DealScenario, state: DealState | null = null, project?: CollateralProjector): AnyDealRun {
  return spec.waterfall.kind === 'cash-flow' ? runCashDeal(spec, scenario, state, project) : runDeal(spec, scenario, state, project);
}
