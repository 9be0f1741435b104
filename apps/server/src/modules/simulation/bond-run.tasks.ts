/**
 * Engine work of the bond runs (POST /simulate/{price|yield|spread} and their matrices), run in
 * the run service's workers. Pure: engine calls over the prepared inputs, no database, no HTTP
 * errors (the service checks the request before it gets here).
 */
import {
  bondRows, priceFromSpread, priceFromYield, pricingCashflows, projectLoans, requestToScenario, responseOf, runAnyDeal, runBondMatrix,
  settlementOf, spreadFromPrice, yieldFromPrice,
  type AnalyticsResult, type BondMatrix, type BondRows, type CollateralScenario, type SimulationRequest, type SimulationResponse,
} from '@opencrt/engine';
import { resolveDeal, type DealInput } from '../../runs/deal-cache.ts';

/**
 * The quote a metric is computed from. `spread` set on the price tab means "price from spread
 * over the benchmark" (benchmark a flat rate).
 */
export interface Quote { type: 'price' | 'yield' | 'spread'; price: number; yield: number; spread: number | null; benchmark: number }

/** One bond run's inputs: the deal (cached in the worker by version), the request, the bond. */
export interface BondTaskInput {
  deal: DealInput;
  request: SimulationRequest;
  settlementIso: string;
  bondName: string;
  quote: Quote | null;
}

/**
 * The engine analytics on the bond's pricing cash flows: yields are bond-equivalent (the PPM
 * yield tables' convention), prices per 100 of current face.
 */
function metricOf(quote: Quote, accrualStart: string, settlementIso: string, bond: BondRows): AnalyticsResult {
  const cf = pricingCashflows(bond, settlementIso, accrualStart);
  if (quote.type === 'price') return quote.spread === null ? priceFromYield(cf, quote.yield) : priceFromSpread(cf, quote.spread, quote.benchmark, null);
  if (quote.type === 'yield') return yieldFromPrice(cf, quote.price);
  return spreadFromPrice(cf, quote.price, quote.benchmark, null);
}

export interface BondTaskOutput {
  /** False when the bond is not in the deal's run. */
  found: boolean;
  simulation: Pick<SimulationResponse, 'BondsCashflows' | 'MiscVariables'>;
  metric: AnalyticsResult | null;
}

/** One bond under one scenario: its cashflows and (with a quote) its price, yield or spread. */
export function bondRunTask(input: BondTaskInput): BondTaskOutput {
  const { spec, state, tape } = resolveDeal(input.deal);
  const project = tape ? (sc: CollateralScenario, months: number) => projectLoans(tape, sc, months) : undefined;
  // Any family: reference-tranche deals (STACR, CAS, ILN) and cash-flow deals (RMBS, ABS, agency).
  const deal = runAnyDeal(spec, requestToScenario(spec, input.request), state, project);
  const response = responseOf(deal, input.bondName, input.settlementIso);
  const bond = bondRows(deal, [], input.bondName)[0];
  // The engine's accrual rule: the first accrual start from closing, else the last paid date.
  const accrualStart = settlementOf(spec, input.request, state).accrualStart;
  return {
    found: bond !== undefined,
    simulation: { BondsCashflows: response.BondsCashflows, MiscVariables: response.MiscVariables },
    metric: bond && input.quote ? metricOf(input.quote, accrualStart, input.settlementIso, bond) : null,
  };
}

/** Rows of a bond matrix: the CDR rows `cdrPct` over every CPR column (one piece of a split grid). */
export interface BondMatrixTaskInput extends BondTaskInput {
  cprPct: number[];
  cdrPct: number[];
}

/** A group of rows of POST /simulate/{type}/matrix (grids [cdr][cpr], NaN where a metric fails). */
export function bondMatrixRowsTask(input: BondMatrixTaskInput): BondMatrix {
  const { spec, state, tape } = resolveDeal(input.deal);
  const accrualStart = settlementOf(spec, input.request, state).accrualStart;
  const quote = input.quote;
  return runBondMatrix(spec, requestToScenario(spec, input.request), input.bondName, state, input.settlementIso, {
    cprPct: input.cprPct, cdrPct: input.cdrPct, ...(tape ? { tape } : {}),
    ...(quote ? { metric: (bond: BondRows) => { const m = metricOf(quote, accrualStart, input.settlementIso, bond); return m.IsSuccessful ? m.Value : Number.NaN; } } : {}),
  });
}
