import { requestVectorToRate, type CollateralScenario, type RateInput, type SimulationRequest } from '@opencrt/engine';

/**
 * The collateral scenario a CIRT pool runs on (pure: the CIRT service and the stochastic paths'
 * workers both build it). A CIRT deal has no engine structure: the pool runs on the request's
 * speeds (tune factors applied) with the severity input, no recovery lag and no advancing.
 */
export function cirtScenarioOf(request: SimulationRequest): CollateralScenario {
  const tune = (v: RateInput, f: number | undefined): RateInput => (!f || f === 1 ? v : typeof v === 'number' ? v * f : v.map((x) => x * f));
  return {
    prepay: { kind: 'annual', values: tune(requestVectorToRate(request.Cpr), request.TuneCpr) },
    default: { kind: 'annual', values: tune(requestVectorToRate(request.Cdr), request.TuneCdr) },
    severity: tune(requestVectorToRate(request.LossSeverity), request.TuneSeverity),
    delinquency: requestVectorToRate(request.Delinquency),
    recoveryLagMonths: 0, servicerAdvancing: false, convention: 'sifma', fixedLossShare: null, roundToCent: false,
  };
}
