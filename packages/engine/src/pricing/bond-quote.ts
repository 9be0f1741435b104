import {
  type AnalyticsResult,
  type FloaterPeriod,
  type IndexPath,
  type YieldConvention,
  discountMarginFromPrice,
  priceFromDiscountMargin,
} from '../analytics/index.ts';
import type { BondRows } from '../simulate/bond-cashflows.ts';
import { type PricingCashflows, pricingCashflows } from '../simulate/pricing-cashflows.ts';
import type { BondCashflowResult } from '../simulate/simulation-types.ts';
import { type BondRunBody, SPREAD_INPUTS_REQUIRED, YIELD_INPUTS_REQUIRED, hasBenchmark, hasPriceInputs, isQuoteNumber, solveBondRun } from './bond-run.ts';

/**
 * Bond-level price / yield / spread / discount-margin summary (spec 001 §3.9, crt-domain §5.1–5.3)
 * built on the solvers of `../analytics` (no second solver here: one set of conventions).
 */

/** The run's quote: exactly one of Price, Yield, Spread (+ ReferenceCurve) or DiscountMargin drives the rest. */
export interface BondQuote extends BondRunBody {
  /** Discount margin over the index, fraction (floaters only). */
  DiscountMargin?: number | null;
}

/** Settlement terms of the quote. Rates are fractions; dates ISO. */
export interface BondQuoteTerms {
  settlement: string;
  /** Start of the accrual period in progress at settlement (closing or last payment date). */
  accrualStart: string;
  /** Quoted margin of a floater; absent/null = no discount margin is computed. */
  margin?: number | null;
  /** Index flat or a path by period from settlement (needed with `margin`). */
  index?: IndexPath | null;
  /** Yield quote; default bond-equivalent 2[(1+i)^6 − 1] as in the PPM tables. */
  convention?: YieldConvention;
}

/** Spec 001 §3.9 bond analysis fields for one bond. Null where not computable or not asked. */
export interface BondQuoteResult {
  BondName: string;
  Price: number | null;
  Yield: number | null;
  Spread: number | null;
  DiscountMargin: number | null;
  Wal: number;
  PrincipalWindow: string;
  WritedownPct: number;
  FirstLossPeriod: number;
  IsSuccessful: boolean;
  ErrorMessage: string | null;
}

/** Pricing flows of a simulated bond (the balance before row 1 = balance + principal + write-down of row 1). */
export function flowsOfBond(bond: BondCashflowResult, terms: Pick<BondQuoteTerms, 'settlement' | 'accrualStart'>): PricingCashflows {
  const first = bond.BondCashflow[0];
  const rows: BondRows = {
    name: bond.BondName, originalBalance: 0, interestOnly: false, rows: bond.BondCashflow,
    startBalance: (first?.Balance ?? 0) + (first?.Principal ?? 0) + (first?.ActualWriteDown ?? 0),
  };
  return pricingCashflows(rows, terms.settlement, terms.accrualStart);
}

/** Floater periods (date, principal, write-down) of a simulated bond, for the DM solver. */
export function floaterPeriodsOfBond(bond: BondCashflowResult): FloaterPeriod[] {
  return bond.BondCashflow.map((r) => ({ date: r.PaymentDate, principal: r.Principal, writeDown: r.ActualWriteDown }));
}

/**
 * Values one simulated bond from a quote. The price is fixed first (given, or solved from the
 * yield, the spread + benchmark, or the DM), then yield, spread (when a benchmark is given) and
 * DM (when `terms.margin` and `terms.index` are given) are solved at that price.
 * IsSuccessful is false with the first solver's ErrorMessage (spec 001 §9 silent messages such as
 * "Can't compute Yield.") when any requested figure fails; the other figures are still filled.
 * @param bond one entry of `simulate(...).BondsCashflows`
 * @param quote the run's Price / Yield / Spread / DiscountMargin (+ ReferenceCurve)
 * @param terms settlement, accrual start, floater margin/index, yield convention
 */
export function quoteBond(bond: BondCashflowResult, quote: BondQuote, terms: BondQuoteTerms): BondQuoteResult {
  const convention = terms.convention ?? 'bondEquivalent';
  const flows = flowsOfBond(bond, terms);
  const floater = isQuoteNumber(terms.margin) && terms.index !== null && terms.index !== undefined;
  const periods = floaterPeriodsOfBond(bond);
  const floaterTerms = floater
    ? { settlement: terms.settlement, accrualStart: terms.accrualStart, face: flows.face, margin: terms.margin as number, index: terms.index as IndexPath }
    : null;
  const out: BondQuoteResult = {
    BondName: bond.BondName, Price: null, Yield: null, Spread: null, DiscountMargin: null,
    Wal: bond.Wal, PrincipalWindow: bond.PrincipalWindow, WritedownPct: bond.WritedownPct, FirstLossPeriod: bond.FirstLossPeriod,
    IsSuccessful: true, ErrorMessage: null,
  };
  const take = (r: AnalyticsResult): number | null => {
    if (r.IsSuccessful) return r.Value;
    if (out.IsSuccessful) { out.IsSuccessful = false; out.ErrorMessage = r.ErrorMessage; }
    return null;
  };
  // The price: given; else from a floater's DM when neither a yield nor a spread + benchmark is
  // given; else from those (solveBondRun, which also says which inputs are missing).
  let price: number | null;
  if (isQuoteNumber(quote.Price)) price = quote.Price;
  else if (floaterTerms && isQuoteNumber(quote.DiscountMargin) && !hasPriceInputs(quote)) price = take(priceFromDiscountMargin(periods, floaterTerms, quote.DiscountMargin));
  else price = take(solveBondRun('price', flows, quote, bond.Wal, convention));
  if (price === null) return out;
  out.Price = price;
  out.Yield = isQuoteNumber(quote.Yield) ? quote.Yield : take(solveBondRun('yield', flows, { Price: price }, bond.Wal, convention));
  if (hasBenchmark(quote.ReferenceCurve)) {
    out.Spread = isQuoteNumber(quote.Spread)
      ? quote.Spread
      : take(solveBondRun('spread', flows, { Price: price, ReferenceCurve: quote.ReferenceCurve }, bond.Wal, convention));
  }
  if (floaterTerms) {
    out.DiscountMargin = isQuoteNumber(quote.DiscountMargin) ? quote.DiscountMargin : take(discountMarginFromPrice(periods, floaterTerms, price));
  }
  return out;
}

/** Price run (spec 001 §3.9): needs Yield, or Spread + ReferenceCurve, or DiscountMargin with a floater's margin/index. */
export function priceBond(bond: BondCashflowResult, quote: Omit<BondQuote, 'Price'>, terms: BondQuoteTerms): BondQuoteResult {
  return quoteBond(bond, { ...quote, Price: null }, terms);
}

/** Yield run (spec 001 §3.9): needs Price; fails with 'Price is required.' otherwise. */
export function yieldBond(bond: BondCashflowResult, quote: BondQuote, terms: BondQuoteTerms): BondQuoteResult {
  if (!isQuoteNumber(quote.Price)) return { ...quoteBond(bond, {}, terms), ErrorMessage: YIELD_INPUTS_REQUIRED };
  return quoteBond(bond, { Price: quote.Price, ReferenceCurve: quote.ReferenceCurve ?? null }, terms);
}

/** Spread run (spec 001 §3.9): needs Price and ReferenceCurve; fails with ' Price and Benchmark Rate are required.' otherwise. */
export function spreadBond(bond: BondCashflowResult, quote: BondQuote, terms: BondQuoteTerms): BondQuoteResult {
  if (!isQuoteNumber(quote.Price) || !hasBenchmark(quote.ReferenceCurve)) return { ...quoteBond(bond, {}, terms), ErrorMessage: SPREAD_INPUTS_REQUIRED };
  return quoteBond(bond, { Price: quote.Price, ReferenceCurve: quote.ReferenceCurve }, terms);
}
