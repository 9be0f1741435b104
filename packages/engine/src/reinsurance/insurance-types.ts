/**
 * Types of the ACIS and CIRT reinsurer cashflow (spec 001 §3.6–§3.8, crt-domain.md §5.1–§5.2).
 * Amounts are dollars of the user's participation; rates are fractions.
 */

/** One covered period of a policy, before the collateral trust account is added. */
export interface CoverPeriod {
  /** Period number (1-based for projected periods; historical periods keep their own numbering). */
  period: number;
  /** Payment date (ISO YYYY-MM-DD). */
  paymentDate: string;
  /** Remaining liability at the start of the period (limit after the previous period). */
  limitPrev: number;
  /** Limit reduction other than paid losses: amortization, stepdowns, termination. */
  reduction: number;
  /** Losses the insurer pays this period (they also reduce the limit). */
  paidLoss: number;
  /** Premium received this period (monthly in arrears). */
  premium: number;
  /** Reference pool balance at the period end and its realised loss (information columns). */
  collateralBalance: number;
  collateralLoss: number;
  cpr: number;
  cdr: number;
  severity: number;
  delinquency: number;
  /** True for rows built from the deal's remittance history. */
  historical: boolean;
}

/** Insurance cashflow row (spec 001 §3.8). */
export interface InsuranceRow {
  Period: number;
  PaymentDate: string;
  RemainingLiability: number;
  ReductionInLiability: number;
  InsurerPaidLosses: number;
  InsurancePremium: number;
  CollateralTrustAccount: number;
  CollateralAccountChange: number;
  CollateralAccountInterest: number;
  NetInsuranceCashflow: number;
  CollateralBalance: number;
  CollateralLosses: number;
  CprRate: number;
  CdrRate: number;
  LossSeverityRate: number;
  DelinquencyRate: number;
  IsHistorical: boolean;
}

/** Column totals of the cashflow (spec 001 §3.8). */
export interface InsuranceTotals {
  ReductionInLiability: number;
  InsurerPaidLosses: number;
  InsurancePremium: number;
  CollateralAccountChange: number;
  NetInsuranceCashflow: number;
  CollateralLosses: number;
}

/** Annualised line metrics on limit-years (fractions per year). */
export interface InsuranceLineMetrics {
  RateOnLine: number | null;
  LossOnLine: number | null;
  ReturnOnLine: number | null;
}

/** A yield outcome in the bond-run shape: Value is a fraction or null. */
export interface InsuranceYield {
  IsSuccessful: boolean;
  Value: number | null;
  ErrorMessage: string | null;
}

/** Reinsurer result: rows (period 0 first), totals and metrics. */
export interface ReinsurerCashflow {
  rows: InsuranceRow[];
  totals: InsuranceTotals;
  yield: InsuranceYield;
  lineMetrics: InsuranceLineMetrics;
  /** Weighted average life of the liability in years (limit reductions incl. paid losses). */
  wal: number;
  /** 'first-last' projected periods with a limit reduction (other than losses), or '' when none. */
  reductionWindow: string;
  /** 'first-last' projected periods with a paid loss, or '' when none. */
  lossWindow: string;
  /** Paid losses as a percent of the initial limit. */
  writedownPct: number;
  /** First projected period with a paid loss, or null. */
  firstLossPeriod: number | null;
}
