/**
 * Engine work of the bond runs (POST /simulate/{price|yield|spread} and their matrices), run in
 * the run service's workers. Pure: engine calls over the prepared inputs, no database, no HTTP
 * errors (the service checks the request before it gets here).
 */
import {
  bondAccrued, bondDiscountMargin, bondPriceFromDiscountMargin, bondRows, classDayCount, floatingCouponOf, priceFromSpread, priceFromYield, pricingCashflows,
  requestToScenario, responseOf, runBondMatrix, runRequest, settlementOf, spreadFromPrice, yieldFromPrice,
  type AccrualDayCount, type AnalyticsResult, type AnyDealRun, type BondAccrued, type BondMatrix, type BondRows, type SimulationRequest, type SimulationResponse,
} from '@opencrt/engine';
import { resolveDeal, type DealInput } from '../../runs/deal-cache.ts';

/**
 * The quote a metric is computed from. `spread` set on the price tab means "price from spread
 * over the benchmark" (benchmark a flat rate); `dm` (a fraction) set on the price tab means "price
 * from the discount margin" of a floating class (issue 25 #2).
 */
export interface Quote { type: 'price' | 'yield' | 'spread'; price: number; yield: number; spread: number | null; benchmark: number; dm?: number | null }

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
function metricOf(quote: Quote, accrualStart: string, settlementIso: string, bond: BondRows, dayCount: AccrualDayCount): AnalyticsResult {
  const cf = pricingCashflows(bond, settlementIso, accrualStart, dayCount);
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
  /** The class's accrued interest at settlement (issue 25 #3); null without a bond or face. */
  accrued: BondAccrued | null;
  /** The clean price the run values the bond at (given or solved); NaN when it failed. */
  cleanPrice: number;
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
  const dayCount = classDayCount(spec, input.bondName);
  const quote = input.quote;
  const fromDm = quote?.type === 'price' && typeof quote.dm === 'number';
  // Price from DM (issue 25 #2): the inverse of the DM solver on the same projection.
  const metric = !bond || !quote ? null
    : fromDm ? (bondPriceFromDiscountMargin(deal, bond, input.settlementIso, accrualStart, quote.dm as number)?.result ?? null)
      : metricOf(quote, accrualStart, input.settlementIso, bond, dayCount);
  let discountMargin: BondTaskOutput['discountMargin'] = null;
  const coupon = bond && !bond.interestOnly ? floatingCouponOf(spec, bond.name) : null;
  const price = metric && quote ? priceOf(quote, metric.IsSuccessful ? metric.Value : Number.NaN) : Number.NaN;
  if (bond && metric && quote && coupon) {
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
    accrued: bond ? bondAccrued(bond, input.settlementIso, accrualStart, dayCount) : null,
    cleanPrice: price,
  };
}

/** One row of POST /simulate/yield-table: a scenario's run, valued at each column. */
export interface YieldTableTaskInput extends Omit<BondTaskInput, 'quote'> {
  /** Column prices (percent of face), or discount margins (fractions). */
  columns: { kind: 'price' | 'dm'; values: number[] };
}

/** A cell without its scenario name (the service adds it); null where a metric fails. */
export interface YieldTableTaskCell {
  Price: number | null; Yield: number | null; DiscountMargin: number | null;
  Wal: number; PrincipalWindow: string; WritedownPct: number; PrincipalLoss: number;
}

/**
 * A scenario row of a yield table: the bond's run under the scenario, once, and each column valued
 * exactly as the single runs value it (issue 25 #4): a price column's Yield is POST /simulate/yield
 * at that price, its DM that run's DiscountMargin; a DM column's Price is POST /simulate/price with
 * that DiscountMargin, its Yield the yield at that price. DM in basis points. Null when the bond is
 * not in the run.
 */
export function yieldTableRowTask(input: YieldTableTaskInput): YieldTableTaskCell[] | null {
  const { spec, state, tape } = resolveDeal(input.deal);
  const deal = runRequest(spec, { ...input.request, RunLoanLevel: tape !== null }, state, tape);
  const response = responseOf(deal, input.bondName, input.settlementIso);
  const bond = bondRows(deal, [], input.bondName)[0];
  const summary = response.BondsCashflows.find((b) => b.BondName === input.bondName);
  if (!bond || !summary) return null;
  const accrualStart = settlementOf(spec, input.request, state).accrualStart;
  const dayCount = classDayCount(spec, input.bondName);
  const value = (r: AnalyticsResult | null | undefined) => (r?.IsSuccessful && Number.isFinite(r.Value) ? r.Value : null);
  const principalLoss = summary.BondCashflow.reduce((sum, r) => sum + r.ActualWriteDown, 0);
  return input.columns.values.map((x) => {
    const price = input.columns.kind === 'price'
      ? x
      : value(bondPriceFromDiscountMargin(deal, bond, input.settlementIso, accrualStart, x)?.result);
    const yieldResult = price === null ? null : metricOf({ type: 'yield', price, yield: 0, spread: null, benchmark: 0 }, accrualStart, input.settlementIso, bond, dayCount);
    const dm = price === null ? null : value(bondDiscountMargin(deal, bond, input.settlementIso, accrualStart, price)?.result);
    return {
      Price: price, Yield: value(yieldResult), DiscountMargin: dm === null ? null : dm * 1e4,
      Wal: summary.Wal, PrincipalWindow: summary.PrincipalWindow, WritedownPct: summary.WritedownPct, PrincipalLoss: principalLoss,
    };
  });
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
  const dayCount = classDayCount(spec, input.bondName);
  const quote = input.quote;
  // The DM grid of a floating class (issue 18 #18), at each cell's price.
  const floating = quote !== null && floatingCouponOf(spec, input.bondName) !== null;
  return runBondMatrix(spec, requestToScenario(spec, input.request), input.bondName, state, input.settlementIso, {
    cprPct: input.cprPct, cdrPct: input.cdrPct, ...(tape ? { tape } : {}),
    ...(quote ? { metric: (bond: BondRows, run: AnyDealRun) => {
      // A DM quote prices each cell from the DM (issue 25 #2), as the single price run does.
      const m = quote.type === 'price' && typeof quote.dm === 'number'
        ? bondPriceFromDiscountMargin(run, bond, input.settlementIso, accrualStart, quote.dm)?.result
        : metricOf(quote, accrualStart, input.settlementIso, bond, dayCount);
      return m?.IsSuccessful ? m.Value : Number.NaN;
    } } : {}),
    ...(quote && floating ? {
      discountMargin: (bond: BondRows, run: AnyDealRun, metric: number) => {
        const price = priceOf(quote, metric);
        const dm = Number.isFinite(price) ? bondDiscountMargin(run, bond, input.settlementIso, accrualStart, price) : null;
        return dm?.result.IsSuccessful ? dm.result.Value : Number.NaN;
      },
    } : {}),
  });
}
