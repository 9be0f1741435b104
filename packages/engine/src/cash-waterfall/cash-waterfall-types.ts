/**
 * Input and output of the cash-flow waterfall interpreter (`runCashWaterfall`). Money in
 * integer cents, rates as fractions.
 */

/** Collections of one collateral group on one payment date (cents). */
export interface GroupCollections {
  collateralGroup: number;
  paymentDateNumber: number;
  /** Collateral balance at the start: performing + loans awaiting liquidation. */
  beginBalance: number;
  /** Collateral balance at the end: performing + loans awaiting liquidation. */
  endBalance: number;
  /** Interest collected at the net (pass-through) rate, incl. servicer advances. */
  netInterest: number;
  scheduled: number;
  prepaid: number;
  /** Liquidation proceeds of defaulted loans (principal cash). */
  recoveries: number;
  /** Realised losses (defaulted balance − recoveries) of liquidated loans. */
  losses: number;
  /** Defaulted balance entering the liquidation pipeline. */
  defaults: number;
  /** 60+ day delinquent balance at the end (trigger input). */
  delinquent: number;
  /** Balance-weighted net rate of the group at the start (annual fraction; net-WAC cap). */
  netRate: number;
}

/** Run switches and starting point. */
export interface CashWaterfallOptions {
  /** Exercise the optional redemption when the collateral falls to its level. */
  optionalRedemption: boolean;
  /** Redeem at this payment date number (time call), null = never. */
  callPaymentDateNumber: number | null;
  /** Index (SOFR/LIBOR) per period, fraction (element i = period i). */
  indexRates: readonly number[];
  /** Accrual days per period (floaters act/360). */
  accrualDays: readonly number[];
  /** Class balances at the start (cents, by tranche order); null = original balances. */
  startBalances: number[] | null;
  /** Reserve balance at the start (cents); null = the spec's initial amount. */
  startReserve: number | null;
  /** Cumulative net loss before the run (cents). */
  startCumulativeLoss: number;
}

/** One payment date of a cash-flow waterfall (tranche arrays follow `spec.tranches`). */
export interface CashWaterfallPeriod {
  paymentDateNumber: number;
  /** Collections summed over the groups (`collateralGroup` 0 when there are several). */
  collections: GroupCollections;
  prior: number[];
  /** Interest paid in cash (an accrual class's interest is in `accrued` instead). */
  interest: number[];
  /** Coupon applied (annual fraction, after cap and step-up). */
  coupon: number[];
  /** Interest due but unpaid, cumulative carry-forward after this date. */
  interestShortfall: number[];
  /** Z-class accretion added to the balance. */
  accrued: number[];
  principal: number[];
  writeDown: number[];
  notional: number[];
  fees: number;
  /** Collateral end balance (0 after a redemption) − Σ class balances, all groups. */
  overcollateralization: number;
  /** OC target of the date (0 without an OC spec and on a redemption). */
  ocTarget: number;
  /** Reserve balance after the date. */
  reserveBalance: number;
  /** Every cash out of the reserve: interest-shortfall draws, the final principal draw, releases above target. */
  reserveDraw: number;
  reserveDeposit: number;
  /** Cash left to the residual / certificate holder (excess spread, releases, IO strip). */
  residual: number;
  /** Cumulative collateral loss incl. `startCumulativeLoss` (cents). */
  cumulativeLoss: number;
  /** Cumulative loss / cut-off and 60+ delinquent / end balance: fractions rounded to 7 dp (the trigger inputs). */
  cumulativeLossPct: number;
  delinquencyPct: number;
  /** Trigger passes (null = the deal has none). */
  triggerPass: boolean | null;
  redemption: boolean;
  /** Collateral sold at par on a redemption (end balance), 0 otherwise; paid out as principal. */
  redemptionProceeds: number;
}

export interface CashWaterfallResult {
  kind: 'cash-flow';
  tranches: string[];
  originalNotional: number[];
  periods: CashWaterfallPeriod[];
}
