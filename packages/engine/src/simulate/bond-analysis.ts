import type { DealSpec, DealState } from '../deal/deal-spec.ts';
import type { LoanTape } from '../collateral/project-loans.ts';
import { priceFromSpread, priceFromYield, spreadFromPrice, yieldFromPrice } from '../analytics/index.ts';
import type { AnalyticsResult, Benchmark, YieldConvention } from '../analytics/index.ts';
import { addMonthsOnDay, ymdToIso } from './deal-dates.ts';
import type { BondRows } from './bond-cashflows.ts';
import type { CellMetric } from './bond-matrix.ts';
import { pricingCashflows } from './pricing-cashflows.ts';
import { simulate } from './simulate.ts';
import type { BondCashflowResult, MiscVariables, SimulationRequest } from './simulation-types.ts';

/** Bond run kinds of spec 001 §3.9: solve for a price, a yield or a spread. */
export type BondRunType = 'price' | 'yield' | 'spread';

/** The run's spec body (fractions; Price per 100 of current face, clean). */
export interface BondRunBody {
  Price?: number | null;
  Yield?: number | null;
  Spread?: number | null;
  /** Benchmark rate (flat) or curve of {years, rate}. */
  ReferenceCurve?: Benchmark | null;
}

/** Spec 001 §3.9 result: Value, IsSuccessful, ErrorMessage and the run's bond cash flows. */
export interface BondRunResult {
  Value: number | null;
  IsSuccessful: boolean;
  ErrorMessage: string | null;
  Simulation: { BondsCashflows: BondCashflowResult[]; MiscVariables: MiscVariables };
}

/** Spec 001 §5.1 messages (the spread one has a leading space in the spec). */
export const PRICE_INPUTS_REQUIRED = 'Either Yield or both Spread and Benchmark Rate are required.';
export const YIELD_INPUTS_REQUIRED = 'Price is required.';
export const SPREAD_INPUTS_REQUIRED = ' Price and Benchmark Rate are required.';

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const hasCurve = (b: Benchmark | null | undefined): b is Benchmark => isNum(b) || (Array.isArray(b) && b.length > 0);

/** Settlement and accrual start of a run (ISO): the request's date, else closing / the state's last PD. */
export function settlementOf(spec: DealSpec, request: SimulationRequest, asOf: DealState | null): { settlement: string; accrualStart: string } {
  const accrualStart = asOf && asOf.lastPaymentDateNumber > 0
    ? addMonthsOnDay(spec.dates.firstPaymentDate, asOf.lastPaymentDateNumber - 1, spec.dates.paymentDayOfMonth)
    : spec.dates.closingDate;
  const requested = request.SettlementDate ? ymdToIso(request.SettlementDate) : null;
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
  const { settlement, accrualStart } = settlementOf(spec, request, asOf);
  const rows: BondRows = {
    name: bond.BondName, originalBalance: 0, interestOnly: false, rows: bond.BondCashflow,
    startBalance: (bond.BondCashflow[0]?.Balance ?? 0) + (bond.BondCashflow[0]?.Principal ?? 0) + (bond.BondCashflow[0]?.ActualWriteDown ?? 0),
  };
  const flows = pricingCashflows(rows, settlement, accrualStart);
  let result: AnalyticsResult;
  switch (type) {
    case 'price':
      if (isNum(body.Yield)) result = priceFromYield(flows, body.Yield, { convention });
      else if (isNum(body.Spread) && hasCurve(body.ReferenceCurve)) result = priceFromSpread(flows, body.Spread, body.ReferenceCurve, bond.Wal, { convention });
      else return failWith(PRICE_INPUTS_REQUIRED);
      break;
    case 'yield':
      if (!isNum(body.Price)) return failWith(YIELD_INPUTS_REQUIRED);
      result = yieldFromPrice(flows, body.Price, { convention });
      break;
    case 'spread':
      if (!isNum(body.Price) || !hasCurve(body.ReferenceCurve)) return failWith(SPREAD_INPUTS_REQUIRED);
      result = spreadFromPrice(flows, body.Price, body.ReferenceCurve, bond.Wal, { convention });
      break;
    default: {
      const never: never = type;
      return failWith(`Not supported scenario type. (${String(never)})`);
    }
  }
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
  return (bond) => {
    const flows = pricingCashflows(bond, settlementIso, accrualStartIso);
    const r = type === 'yield' ? yieldFromPrice(flows, quote, { convention }) : priceFromYield(flows, quote, { convention });
    return r.IsSuccessful ? r.Value : Number.NaN;
  };
}
