import type { UserCollateralRows } from '../collateral/user-collateral.ts';
import type { TriggerTimeline } from './trigger-timeline.ts';
/**
 * Simulation request and response, named exactly as the spec (000 §3 "Simulation request",
 * "Deal cashflow result", collateral and bond cashflow rows; 001 §3.9).
 *
 * Units: every rate in requests AND responses is a FRACTION (0.10 = 10 %); the UI shows
 * percent. Money in dollars. Dates are yyyymmdd numbers.
 *
 * Vector convention of the request (spec: "with a leading 0 prepended for single runs"):
 * a list with more than one element is period-indexed, element 0 = the settlement period
 * (ignored), element i = projection month i; the last element extends to maturity. A single
 * number or a one-element list is a flat value.
 */

/** A request rate: flat value, or a period-indexed list with the leading period-0 element. */
export type RequestVector = number | number[];

export type PrepaymentModel = 'UserDefined' | 'LDM' | 'LDM_3' | 'AFT';

/** POST /simulate body (and bond runs with BondName). Unknown macro fields are accepted and ignored. */
export interface SimulationRequest {
  DealName: string;
  /** yyyymmdd; null/absent = the deal's closing (first projected period = payment date 1). */
  SettlementDate?: number | string | null;
  RunLoanLevel?: boolean;
  CleanupCall?: boolean;
  UseMortgageInsurance?: boolean;
  /** null = All groups. */
  CollateralGroup?: number | null;
  Cpr: RequestVector;
  Cdr: RequestVector;
  LossSeverity: RequestVector;
  Delinquency: RequestVector;
  /** Floating index (displayed as SOFR), fraction. */
  Libor: RequestVector;
  /**
   * Forward index curve (issue 25 #1): monthly fractions, period 1 first (no period-0 element);
   * when given it replaces Libor (and a prerun file's Libor column); its last rate carries forward.
   */
  IndexCurve?: readonly number[] | null;
  PrepaymentModel?: PrepaymentModel | null;
  /** Exercise the deal's optional time call (early redemption date). Not in the spec's list: an OpenCRT extension. */
  Cancellation?: boolean;
  /** How Cpr is read: 'CPR' (default) annual rate; 'ABS' the auto-ABS speed (fraction per month of the original loan count), scalar. OpenCRT extension. */
  PrepaymentConvention?: 'CPR' | 'ABS';
  /**
   * A "150 PSA" preset in Cpr read by loan age (issue 34 #5): percent of the PSA curve at each
   * line's (or loan's) own age, as SIFMA defines it. Cpr then holds the curve from age 1 (used only
   * where a pool vector is needed, e.g. the loss-timing derivation's first guess).
   */
  StandardCprPct?: number | null;
  /** A "100 SDA" preset in Cdr read by loan age (issue 34 #5), as StandardCprPct. */
  StandardCdrPct?: number | null;
  /**
   * A cumulative loss (percent of the balance the run starts from) with its timing by year
   * (percent shares): the run adjusts Cdr until its own collateral loses exactly that, in those
   * years (issue 34 #5; Cdr holds the closed-form first guess).
   */
  LossTiming?: { CumulativeLossPct: number; SharesPct: readonly number[] } | null;
  /** Months from default to liquidation; null/absent = the deal's convention. OpenCRT extension. */
  RecoveryLagMonths?: number | null;
  /** Servicer advances delinquent P&I; null/absent = the deal's convention. OpenCRT extension. */
  ServicerAdvancing?: boolean | null;
  BondName?: string | null;
  Mtg30Year?: RequestVector | null;
  Mtg15Year?: RequestVector | null;
  Hpa?: RequestVector | null;
  Hpi?: RequestVector | null;
  NationalUnemploymentForecast?: RequestVector | null;
  Tsy2Year?: RequestVector | null;
  Tsy10Year?: RequestVector | null;
  TuneCpr?: number;
  TuneCdr?: number;
  TuneSeverity?: number;
  /** Prerun collateral: replayed instead of projecting the collateral (spec 002 "User collateral cashflow"). */
  UserCollateralCashflow?: UserCollateralRows | null;
}

/** Collateral cashflow row (spec 000 §3) plus ForeclosureBalance. */
export interface CollateralCashflowRow {
  Period: number;
  PaymentDate: number | null;
  /** Performing balance at period end. */
  Balance: number;
  /** Gross interest (incl. advanced interest when advancing). */
  Interest: number;
  /** Net (pass-through) interest. */
  PassThru: number;
  /** Scheduled principal (incl. advanced amortization when advancing). */
  ScheduledPrincipal: number;
  PrepaidPrincipal: number;
  Defaults: number;
  Losses: number;
  Recoveries: number;
  CumulativeLosses: number;
  CumulativeDefaults: number;
  InterestRate: number;
  PassThruRate: number;
  CprRate: number;
  CdrRate: number;
  LossSeverityRate: number;
  DelinquencyRate: number;
  /** Loans in the foreclosure pipeline at period end. */
  ForeclosureBalance: number;
}

/** Bond cashflow row (spec 000 §3 and 001 §3.9). */
export interface BondCashflowRow {
  Period: number;
  PaymentDate: number;
  /** Balance after the payment date. */
  Balance: number;
  Principal: number;
  Interest: number;
  /** Coupon of the accrual period (fraction). */
  Rate: number;
  /** Principal + interest. */
  Cash: number;
  /** Write-down net of write-up (no cash). */
  ActualWriteDown: number;
  CprRate: number;
  CdrRate: number;
  LossSeverityRate: number;
  DelinquencyRate: number;
}

/** Per-bond result. Wal in years; PrincipalWindow like "1-37"; WritedownPct percent of the balance at settlement (bondMetrics). */
export interface BondCashflowResult {
  BondName: string;
  BondCashflow: BondCashflowRow[];
  Wal: number;
  PrincipalWindow: string;
  WritedownPct: number;
  /** First period with a write-down, 0 when none. */
  FirstLossPeriod: number;
}

/** Trigger/test values of one payment date ("Show Trigger Info"). Percentages as fractions. */
export interface TriggerRow {
  Period: number;
  PaymentDate: number;
  PaymentDateNumber: number;
  SeniorPct: number;
  SubordinatePct: number;
  MinimumCreditEnhancementThresholdPct: number | null;
  MinimumCreditEnhancementTest: boolean | null;
  DelinquencyAverage: number;
  DelinquencyLimit: number;
  DelinquencyTest: boolean | null;
  CumulativeNetLoss: number;
  CumulativeNetLossPct: number;
  CumulativeNetLossLimitPct: number | null;
  CumulativeNetLossTest: boolean | null;
  ClassA1CumulativeNetLossTest: boolean | null;
  AllTestsPass: boolean;
  OfferedReferenceTranchePct: number;
  StatedPrincipal: number;
  CreditEventAmount: number;
  RecoveryPrincipal: number;
  TrancheWriteDownAmount: number;
  SeniorReductionAmount: number;
  SubordinateReductionAmount: number;
  SupplementalReductionAmount: number;
  PoolBalance: number;
  TrancheNotionalTotal: number;
  /** Collateral above the classes (STACR write-up excess; ABS overcollateralization), dollars. */
  Overcollateralization: number;
  Redemption: boolean;
}

/** Run-level facts and per-period trigger values. */
export interface MiscVariables {
  StepOrderConvention: 'sifma' | 'stacr-ppm';
  LossSource: 'deal' | 'scenario';
  FirstPaymentDateNumber: number;
  RedemptionPeriod: number | null;
  Triggers: TriggerRow[];
}

/** POST /simulate response (spec 000 §7). */
export interface SimulationResponse {
  /** Total projected collateral losses, dollars. */
  ProjectedLosses: number;
  CollateralCashflow: CollateralCashflowRow[];
  BondsCashflows: BondCashflowResult[];
  MiscVariables: MiscVariables;
  /** Per period pass/fail of each deal test (issue 25 #7; trigger-timeline.ts); added by the server's run task. */
  TriggerTimeline?: TriggerTimeline;
}
