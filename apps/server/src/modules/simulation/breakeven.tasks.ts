/**
 * Engine work of POST /simulate/breakeven, run in the run service's workers: the breakeven CDRs
 * of a group of classes under the request's scenario (pure engine calls, no database).
 */
import { requestToScenario, runBreakevens, ymdToIso, type BreakevenMode, type BreakevenResult, type SimulationRequest } from '@opencrt/engine';
import { resolveDeal, type DealInput } from '../../runs/deal-cache.ts';

export interface BreakevenTaskInput {
  deal: DealInput;
  request: SimulationRequest;
  bondNames: string[];
  /** Default 'Cdr'. */
  mode?: BreakevenMode;
}

/** The breakevens of `bondNames`; the request's CDR (severity in mode Severity) is replaced by the searched values. */
export function breakevenTask(input: BreakevenTaskInput): BreakevenResult {
  const { spec, state, tape } = resolveDeal(input.deal);
  const settlementIso = input.request.SettlementDate ? ymdToIso(input.request.SettlementDate) : null;
  return runBreakevens(spec, requestToScenario(spec, input.request), state, { bondNames: input.bondNames, mode: input.mode ?? 'Cdr', settlementIso, ...(tape ? { tape } : {}) });
}
