/**
 * Engine work of the bond runs (POST /simulate/{price|yield|spread} and their matrices), run in
 * the run service's workers. Pure: engine calls over the prepared inputs, no database, no HTTP
 * errors (the service checks the request before it gets here).
 */
import {
  bondDiscountMargin, bondRows, floatingCouponOf, priceFromSpread, priceFromYield, pricingCashflows, requestToScenario, responseOf, runBondMatrix, runRequest,
  settlementOf, spreadFromPrice, yieldFromPrice,
  type AnalyticsResult, type AnyDealRun, type BondMatrix, type BondRows, type SimulationRequest, type SimulationResponse,
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
  /** A floating class's quoted margin and DM at the run's price; null when the class does not float. */
  discountMargin: { margin: number; result: AnalyticsResult } | null;
}

/** The clean price a quote values the bond at: the one given, or the one a price run solved (NaN when it failed). */
function priceOf(quote: Quote, metric: number): number {
  return quote.type === 'price' ? metric : quote.price;
}

/** One bond under one scenario: its cashflows and (with a quote) its price, yield or spread. */
export function bondRunTask(input: BondTaskInput): BondTaskOutput {
  const { spec, state, tape } = resolveDeal(input.deal);
  // Any family: reference-tranche deals (STACR, CAS, ILN) and cash-flow deals (RMBS, ABS, agency);
  // the collateral is the request's prerun cashflow, the loan tape or the rep lines.
  const deal = runRequest(spec, { ...input.request, RunLoanLevel: tape !== null }, state, tape);
  const response = responseOf(deal, input.bondName, input.settlementIso);
  const bond = bondRows(deal, [], input.bondName)[0];
  // The engine's accrual rule: the first accrual start from closing, else the last paid date.
  const accrualStart = settlementOf(spec, input.request, state).accrualStart;
  const metric = bond && input.quote ? metricOf(input.quote, accrualStart, input.settlementIso, bond) : null;
  let discountMargin: BondTaskOutput['discountMargin'] = null;
  const coupon = bond && !bond.interestOnly ? floatingCouponOf(spec, bond.name) : null;
  if (bond && metric && input.quote && coupon) {
    const price = priceOf(input.quote, metric.IsSuccessful ? metric.Value : Number.NaN);
    // Without a price to value it at, the price run's own failure says why.
    discountMargin = Number.isFinite(price)
      ? bondDiscountMargin(deal, bond, input.settlementIso, accrualStart, price)
      : { margin: coupon.marginPct / 100, result: metric };
  }
  return {
    found: bond !== undefined,
    simulation: { BondsCashflows: response.BondsCashflows, MiscVariables: response.MiscVariables },
    metric,
    discountMargin,
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
  // The DM grid of a floating class (issue 18 #18), at each cell's price.
  const floating = quote !== null && floatingCouponOf(spec, input.bondName) !== null;
  return runBondMatrix(spec, requestToScenario(spec, input.request), input.bondName, state, input.settlementIso, {
    cprPct: input.cprPct, cdrPct: input.cdrPct, ...(tape ? { tape } : {}),
    ...(quote ? { metric: (bond: BondRows) => { const m = metricOf(quote, accrualStart, input.settlementIso, bond); return m.IsSuccessful ? m.Value : Number.NaN; } } : {}),
    ...(quote && floating ? {
      discountMargin: (bond: BondRows, run: AnyDealRun, metric: number) => {
        const price = priceOf(quote, metric);
        const dm = Number.isFinite(price) ? bondDiscountMargin(run, bond, input.settlementIso, accrualStart, price) : null;
        return dm?.result.IsSuccessful ? dm.result.Value : Number.NaN;
      },
    } : {}),
  });
}
