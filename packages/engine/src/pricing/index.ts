/** Bond-level quote entry points (price / yield / spread / DM of one simulated bond) over ../analytics. */
export {
  type BondQuote,
  type BondQuoteResult,
  type BondQuoteTerms,
  QUOTE_NEEDS_PRICE,
  QUOTE_NEEDS_PRICE_INPUTS,
  QUOTE_NEEDS_SPREAD_INPUTS,
  floaterPeriodsOfBond,
  flowsOfBond,
  priceBond,
  quoteBond,
  spreadBond,
  yieldBond,
} from './bond-quote.ts';
