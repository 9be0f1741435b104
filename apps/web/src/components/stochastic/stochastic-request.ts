/**
 * The deal and bond screens' request for their Stochastic tab (issue 35 #4): the run's deal,
 * settlement, loan level, collateral group, index and credit model (whose typed economic inputs
 * are the paths' mean), or why there is none: a stochastic run needs a credit model. (The ACIS and
 * CIRT screens build theirs from their own request: use-reinsurance-screen stochasticRequest.)
 */
import { modelInputProblems, modelRequestFields, type CreditModelState } from '../credit-model/credit-models.ts';
import { toRequestRate } from '../run-inputs/analysis-inputs.ts';
import { indexCurveOf, type IndexCurveState } from '../run-inputs/index-curve.ts';

export const STOCHASTIC_NEEDS_MODEL = 'Choose a credit model (LDM, LDM_3 or AFT) in the assumptions: the paths are its economic inputs.';

export function dealStochasticRequest(args: {
  dealName: string; settlement: number; loanLevel: boolean; collateralGroup: number | null; libor: string; indexCurve: IndexCurveState; model: CreditModelState;
}): Record<string, unknown> | { unavailable: string } {
  if (args.model.model === 'None') return { unavailable: STOCHASTIC_NEEDS_MODEL };
  const problem = modelInputProblems(args.model);
  if (problem) return { unavailable: problem };
  const libor = toRequestRate(args.libor, false);
  if (libor === null) return { unavailable: 'Missing valid: LIBOR / SOFR' };
  const index = indexCurveOf(args.indexCurve, args.libor);
  if (index.problem) return { unavailable: index.problem };
  return {
    DealName: args.dealName, SettlementDate: args.settlement, RunLoanLevel: args.loanLevel, CollateralGroup: args.collateralGroup,
    ...modelRequestFields(args.model), Libor: libor, ...(index.curve ? { IndexCurve: index.curve } : {}),
  };
}
