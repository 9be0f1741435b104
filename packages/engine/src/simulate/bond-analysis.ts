import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import type { LoanTape } from '../collateral/project-loans.ts';
import type { YieldConvention } from '../analytics/index.ts';
import { flowsOfBond } from '../pricing/bond-quote.ts';
import { type BondRunBody, type BondRunType, solveBondRun } from '../pricing/bond-run.ts';
import { addMonthsOnDay, firstAccrualStart, ymdToIso } from './deal-dates.ts';
import type { CellMetric } from './bond-matrix.ts';
import { pricingCashflows } from './pricing-cashflows.ts';
import { lastPaymentDateOnOrBefore } from './run-from-settlement.ts';
import { simulate } from './simulate.ts';
import type { BondCashflowResult, MiscVariables, SimulationRequest } from './simulation-types.ts';

// The run inputs, their checks and messages live in ../pricing/bond-run.ts; re-exported here for the
// engine index, which names this module for them.
export { PRICE_INPUTS_REQUIRED, SPREAD_INPUTS_REQUIRED, YIELD_INPUTS_REQUIRED } from '../pricing/bond-run.ts';
export type { BondRunBody, BondRunType } from '../pricing/bond-run.ts';

/** Spec 001 §3.9 result: Value, IsSuccessful, ErrorMessage and the run's bond cash flows. */
export interface BondRunResult {
  Value: number | null;
  IsSuccessful: boolean;
  ErrorMessage: string | null;
  Simulation: { BondsCashflows: BondCashflowResult[]; MiscVariables: MiscVariables };
}

/**
 * Settlement and accrual start of a run (ISO): the request's date (else the accrual start), and
 * the start of the accrual period running at settlement: the last payment date on or before the
 * settlement, as the run's rows begin after it (`runFromSettlement`), never before the state's
 * last payment date; before the first payment date, the first accrual start.
 */
export function settlementOf(spec: DealSpec, request: SimulationRequest, asOf: DealState | null): { settlement: string; accrualStart: string } {
  const fromState = asOf && asOf.lastPaymentDateNumber > 0
    ? addMonthsOnDay(spec.dates.firstPaymentDate, asOf.lastPaymentDateNumber - 1, spec.dates.paymentDayOfMonth)
    : firstAccrualStart(spec);
  const requested = request.SettlementDate ? ymdToIso(request.SettlementDate) : null;
  const paid = requested ? lastPaymentDateOnOrBefore(spec, requested) : null;
  const accrualStart = paid !== null && paid > fromState ? paid : fromState;
  return { settlement: requested ?? accrualStart, accrualStart };
}

/**
 * Price, yield or spread run of one bond (`request.BondName`): projects the deal, takes the
 * bond's cash flows from settlement and solves with the analytics module. Solver failures
 * (the spec's silent messages) come back as IsSuccessful = false with that ErrorMessage.
 */
export function analyzeBond(spec: DealSpec, request: SimulationRequest, type: BondRunType, body: BondRunBody, asOf: DealState | null,
  tape: LoanTape | null = null, convention: YieldConvention = 'bondEquivalent'): BondRunResult {
  const bondName = request.BondName ?? '';
  const response = simulate(spec, request, asOf, tape);
  const bond = response.BondsCashflows.find((b) => b.BondName === bondName);
  const simulation = { BondsCashflows: bond ? [bond] : [], MiscVariables: response.MiscVariables };
  const failWith = (message: string): BondRunResult => ({ Value: null, IsSuccessful: false, ErrorMessage: message, Simulation: simulation });
  if (!bond) return failWith(`Bond ${bondName} was not found in ${spec.dealName}.`);
  const result = solveBondRun(type, flowsOfBond(bond, settlementOf(spec, request, asOf)), body, bond.Wal, convention);
  return result.IsSuccessful
    ? { Value: result.Value, IsSuccessful: true, ErrorMessage: null, Simulation: simulation }
    : failWith(result.ErrorMessage);
}

/**
 * Matrix metric for `runBondMatrix`: the yield at a price (type 'yield') or the price at a
 * yield (type 'price') of the cell's bond; NaN when the solver fails (the grid shows '-----').
 */
export function priceYieldMetric(type: 'price' | 'yield', quote: number, settlementIso: string, accrualStartIso: string,
  convention: YieldConvention = 'bondEquivalent'): CellMetric {
  const body: BondRunBody = type === 'yield' ? { Price: quote } : { Yield: quote };
  return (bond) => {
    // No spread runs here, so no WAL is needed.
    const r = solveBondRun(type, pricingCashflows(bond, settlementIso, accrualStartIso), body, null, convention);
    return r.IsSuccessful ? r.Value : Number.NaN;
  };
}
