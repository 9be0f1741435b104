import type { SimulationResponse } from '@opencrt/engine';

/**
 * `?useShallowResponse=true`: the run's summaries (losses, WAL, windows, variables) without the
 * per-period rows and trigger history, for callers that only read the figures.
 */
export function shallowResponse(response: SimulationResponse): SimulationResponse {
  return {
    ...response,
    CollateralCashflow: [],
    BondsCashflows: response.BondsCashflows.map((b) => ({ ...b, BondCashflow: [] })),
    MiscVariables: { ...response.MiscVariables, Triggers: [] },
  };
}
