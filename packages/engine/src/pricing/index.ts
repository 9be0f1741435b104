/** Bond-level runs and quotes (price / yield / spread / DM of one simulated bond) over ../analytics. */
export {
  type BondRunBody,
  type BondRunType,
  PRICE_INPUTS_REQUIRED,
  SPREAD_INPUTS_REQUIRED,
  YIELD_INPUTS_REQUIRED,
  hasBenchmark,
  hasPriceInputs,
  isQuoteNumber,
  solveBondRun,
} from './bond-run.ts';
export {
  type BondQuote,
  type BondQuoteResult,
  type BondQuoteTerms,
  floaterPeriodsOfBond,
  flowsOfBond,
  priceBond,
  quoteBond,
  spreadBond,
  yieldBond,
} from './bond-quote.ts';
export {
  type BondDiscountMargin, type BondPriceFromDiscountMargin, type FloatingCoupon, bondDiscountMargin, bondPriceFromDiscountMargin, floatingCouponOf,
} from './bond-discount-margin.ts';
export { type BondAccrued, bondAccrued, classDayCount } from './bond-accrued.ts';
