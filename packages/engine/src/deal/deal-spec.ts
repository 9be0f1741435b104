/**
 * DealSpec: a deal's structure as data (schema version 1).
 *
 * One JSON file per deal lives in `data/deals/structures/<id>.json` and must type-check as
 * `DealSpec` and pass `validateDeal`. The engine reads nothing else about a deal: allocation
 * orders, tests and thresholds are data run by one interpreter (`waterfall/`).
 *
 * Units (stable; change only with a schema version bump):
 * - money: US dollars as JSON numbers exact to the cent (never more than 2 decimals);
 *   the engine converts to integer cents internally;
 * - fields ending in `Pct` are PERCENT (3.525 means 3.525 %), exactly as printed in the
 *   offering document; the engine converts to fractions at load;
 * - dates: ISO `YYYY-MM-DD` strings;
 * - terms and lags: months; payment date numbers count from the first payment date (= 1).
 *
 * Extension: `family` names the product; `waterfall.kind` selects the interpreter. Later
 * families (ILN, RMBS, ABS, Agency, ACIS, CIRT) add members to the `WaterfallSpec` union
 * (and, if needed, new `PaymentDateStep` kinds); existing members must not change meaning.
 */
import type { CashFlowWaterfall } from './cash-flow-spec.ts';

export type * from './cash-flow-spec.ts';

/** Current schema version written by every converter. */
export const DEAL_SPEC_SCHEMA_VERSION = 1 as const;

/** Product family of a deal (drives defaults such as "Agency forces CDR and delinquency to 0"). */
export type DealFamily = 'STACR' | 'CAS' | 'ILN' | 'RMBS' | 'ABS' | 'Agency' | 'ACIS' | 'CIRT';

/**
 * Monthly collateral step order (crt-domain.md §1.3).
 * - `sifma`: BMA/SIFMA Standard Formulas: defaults before amortization, prepayments on the
 *   prior balance after its scheduled amortization, recovery lag, optional servicer advancing.
 * - `stacr-ppm`: STACR offering-memorandum tables: credit events and prepayments both on the
 *   beginning balance, survivors amortize, fixed loss share, no lag, flows rounded to the cent.
 */
export type StepOrderConvention = 'sifma' | 'stacr-ppm';

/** Where the deal's figures come from (free text; shown in documentation). */
export interface DealSource {
  document: string;
  /** Page references or table names, free text. */
  references?: string[];
  notes?: string[];
}

/** Dates and timing conventions. All dates ISO `YYYY-MM-DD`. */
export interface DealDates {
  cutOffDate: string;
  closingDate: string;
  /** First payment date as the offering-document tables use it (unadjusted day of month). */
  firstPaymentDate: string;
  /** Day of month of every payment date (25 for STACR/CAS). */
  paymentDayOfMonth: number;
  /** Contractual maturity date (last payment date). */
  scheduledMaturityDate: string;
  /** Payment date number of the scheduled maturity (240 for 20-year STACR 2026). */
  scheduledMaturityPaymentDateNumber: number;
  /**
   * Collection (reporting) months aggregated into payment date 1. STACR 2026 deals: 2
   * (the two month-ends after the cut-off date); later payment dates take one month each.
   */
  firstPaymentDateCollectionMonths: number;
}

/** Optional early redemption (time call and clean-up call). */
export interface EarlyRedemptionSpec {
  /** Payment date number of the optional time call (STACR 2026: 60); null if none. */
  timeCallPaymentDateNumber: number | null;
  /** Date of that time call, ISO; null if none. */
  timeCallDate: string | null;
  /** Clean-up call when pool UPB at end of the reporting period is <= this % of cut-off. */
  cleanUpPctOfCutOff: number;
}

/** One collateral rep line (offering-document appendix) or the single deal-level line. */
export interface RepLine {
  /** Line number or identifier as printed. */
  id: string;
  /** Collateral group (1-based; STACR/CAS single-group deals use 1). */
  collateralGroup: number;
  /** Original balance at origination, dollars (informational). */
  originalBalance: number | null;
  /** Balance at the cut-off date, dollars. */
  balance: number;
  /** Gross mortgage (note) rate, percent. */
  grossCouponPct: number;
  /** Net (pass-through) rate, percent; null = same as gross. */
  netCouponPct: number | null;
  remainingTermMonths: number;
  originalTermMonths: number;
  /** Loan age at cut-off, months (= original − remaining for level-pay loans). */
  ageMonths: number;
}

/** Collateral (reference pool) description. */
export interface CollateralSpec {
  /** Cut-off date pool balance, dollars; equals the sum of rep-line balances to the cent. */
  cutOffBalance: number;
  /** Balance-weighted gross WAC, percent (summary for catalog screens). */
  wacPct: number;
  /** Balance-weighted remaining term, months (summary). */
  wam: number;
  /** Balance-weighted age, months (summary). */
  wala: number;
  repLines: RepLine[];
}

/** Collateral projection settings that belong to the deal (user scenario supplies speeds). */
export interface CollateralConventions {
  stepOrder: StepOrderConvention;
  /**
   * `stacr-ppm` only: fixed share of credit-event UPB that is a loss (percent; STACR 2026
   * tables: 25); the rest is recovered principal in the same period. Null for `sifma`, where
   * the scenario's loss severity applies.
   */
  fixedLossSharePct: number | null;
  /** Default recovery lag in months for `sifma` (scenario may override). */
  recoveryLagMonths: number;
  /** Servicer advances P&I on delinquent/foreclosed loans (`sifma` only). */
  servicerAdvancing: boolean;
  /** Round every rep-line flow to the cent (half up) before aggregation (PPM tables). */
  roundFlowsToCent: boolean;
}

/** Reference rate of the floating notes. */
export interface IndexSpec {
  /** e.g. 'SOFR30A' (30-day Average SOFR) or 'LIBOR1M'. */
  name: string;
  /** Value at issue, percent (PPM tables hold it flat). */
  valueAtIssuePct: number;
  /** Day count of note interest. */
  dayCount: 'act/360' | '30/360';
}

/** Role of a reference tranche in the hypothetical structure. */
export type TrancheRole = 'senior' | 'note' | 'h-twin' | 'retained' | 'first-loss';

/** One reference tranche (a layer, or one half of a Note/H pair sharing a layer pro rata). */
export interface ReferenceTranche {
  name: string;
  role: TrancheRole;
  /** An offered Note is issued against this tranche. */
  offered: boolean;
  /** Name of the pro-rata twin (Note ↔ H), null if none. */
  pair: string | null;
  /** Notional at closing, dollars exact to the cent. Σ over tranches = cut-off balance. */
  originalNotional: number;
  /** Attachment/detachment as printed, percent of cut-off balance. */
  attachmentPct: number;
  detachmentPct: number;
  /** Note margin over the index, percent (offered notes only). */
  marginPct: number | null;
  /** Deemed margin of retained tranches (modification-loss allocation only), percent. */
  deemedMarginPct: number | null;
  /** Coupon floor, percent (STACR: 0). */
  couponFloorPct: number | null;
  /** CUSIP if known. */
  cusip: string | null;
}

/** An exchangeable (MACR/RCR) class: a combination of original notes, never a tranche. */
export interface MacrClass {
  name: string;
  /** Original notes it combines, with the share of each note's balance it takes. */
  components: { note: string; share: number }[];
  kind: 'principal' | 'interest-only';
  /** Floater margin, percent (principal classes) or null. */
  marginPct: number | null;
  /** Fixed coupon for interest-only classes, percent, or null. */
  fixedCouponPct: number | null;
  originalBalance: number;
}

/** A step in an allocation list: absorbs until its notional is zero, rest passes down. */
export interface AllocationTarget {
  /** Tranche name, or 'OC' for the overcollateralization (write-up excess) amount. */
  tranche: string;
  /** Allocate to the tranche and its pair pro rata (Note leg rounded, H leg remainder). */
  pair: boolean;
  /** Optional cap on what this entry may absorb on one payment date. */
  cap?: AllocationCap;
}

/**
 * Caps on an allocation entry.
 * - `reduction-schedule`: a per-payment-date amount table (e.g. STACR 2026-DNA1 Appendix G
 *   Class A-1 Reduction Amount, no carry-forward); after the table ends the cap becomes the
 *   senior reduction amount excluding recovery principal; zero once `requiresTest` has failed.
 * - `remaining-notional-from`: from payment date `fromPaymentDateNumber`, the whole remaining
 *   notional of the tranche (pair) while `requiresTest` passes (DNA1 A-1 Additional Reduction).
 */
export type AllocationCap =
  | {
      kind: 'reduction-schedule';
      /** amounts[i] = aggregate (Note + H) dollars on payment date i+1. */
      amounts: number[];
      requiresTest: TestName | null;
    }
  | { kind: 'remaining-notional-from'; fromPaymentDateNumber: number; requiresTest: TestName | null };

/** Names of the performance tests a deal may define. */
export type TestName = 'minimumCreditEnhancement' | 'delinquency' | 'cumulativeNetLoss' | 'classA1CumulativeNetLoss';

/** Cumulative net loss band: applies from `fromPaymentDateNumber` until the next band. */
export interface CnlBand {
  fromPaymentDateNumber: number;
  maxPct: number;
}

/** Performance tests (crt-domain.md §2.4). A null test is not part of the deal. */
export interface PerformanceTests {
  /** Passes when subordinate % (7-dp rounded fraction) >= threshold. */
  minimumCreditEnhancement: { thresholdPct: number } | null;
  /**
   * Passes when the average distressed balance over the current and `averagingPaymentDates − 1`
   * prior payment dates < factor × (subordinate % × prior pool UPB − principal loss amount).
   */
  delinquency: { factor: number; averagingPaymentDates: number } | null;
  /** Passes when cumulative net loss / cut-off balance <= the band's max. */
  cumulativeNetLoss: { bands: CnlBand[] } | null;
  /** DNA1 Class A-1 test: CNL <= maxPct on this and every earlier payment date (failure is permanent). */
  classA1CumulativeNetLoss: { maxPct: number } | null;
}

/**
 * Principal rule when any gating test fails:
 * - `all-to-senior` (STACR 2020s): SRA = stated principal + recovery principal;
 * - `senior-pct-scheduled-plus-unscheduled` (CAS deck, older STACR): SRA = senior % × scheduled
 *   + 100 % unscheduled + recovery principal.
 */
export type FailingTestRule = 'all-to-senior' | 'senior-pct-scheduled-plus-unscheduled';

/** Supplemental reduction (2020s STACR): sold layers amortize above an ORTP threshold. */
export interface SupplementalReductionSpec {
  /** Offered Reference Tranche % threshold, percent (5.50). */
  thresholdPct: number;
  /** Tranches in the ORTP numerator (sold layers incl. H twins). */
  offeredTranches: string[];
  /** Tranche increased by the same amount (A-H). */
  increaseTranche: string;
  /** Allocation order of the supplemental amount. */
  order: AllocationTarget[];
}

/** One step of a payment date, run in list order by the interpreter's exhaustive switch. */
export type PaymentDateStep =
  | { kind: 'evaluate-tests' }
  | { kind: 'write-down'; order: AllocationTarget[] }
  | { kind: 'write-up'; order: AllocationTarget[] }
  | { kind: 'senior-reduction'; order: AllocationTarget[] }
  | { kind: 'subordinate-reduction'; order: AllocationTarget[] }
  | { kind: 'supplemental-reduction' };

/** STACR/CAS hypothetical reference-tranche waterfall (crt-domain.md §2). */
export interface ReferenceTrancheWaterfall {
  kind: 'reference-tranche';
  /** Tranches whose notionals form the Senior % numerator (DNA1: A-H, A-1, A-1H). */
  seniorTranches: string[];
  /** The senior tranche absorbing write-down excess and supplemental increases (A-H). */
  seniorResidualTranche: string;
  tests: PerformanceTests;
  /** Tests whose failure gates subordinate principal. */
  gatingTests: TestName[];
  failingTestRule: FailingTestRule;
  supplementalReduction: SupplementalReductionSpec | null;
  /** Steps of every payment date, in order (tests, write-down/up, reductions). */
  steps: PaymentDateStep[];
  /** Modification-loss ladder (interest/principal alternation), kept as data; v1 sets mod losses to 0. */
  modificationLossOrder: string[];
}

/**
 * Waterfall description, discriminated on `kind`: the STACR/CAS/ILN reference-tranche
 * interpreter, or the cash-flow interpreter of RMBS, ABS and agency deals (cash-flow-spec.ts).
 */
export type WaterfallSpec = ReferenceTrancheWaterfall | CashFlowWaterfall;

/** A deal's full structure. */
export interface DealSpec {
  schemaVersion: typeof DEAL_SPEC_SCHEMA_VERSION;
  /** File/slug id, kebab-case: 'stacr-2026-dna1'. */
  id: string;
  /** Catalog name used by requests (`DealName`): 'STACR 2026-DNA1'. */
  dealName: string;
  fullName: string;
  family: DealFamily;
  source: DealSource;
  dates: DealDates;
  earlyRedemption: EarlyRedemptionSpec;
  index: IndexSpec;
  collateral: CollateralSpec;
  conventions: CollateralConventions;
  /** Senior-to-junior order as printed. Σ originalNotional = collateral.cutOffBalance. */
  tranches: ReferenceTranche[];
  macrClasses: MacrClass[];
  waterfall: WaterfallSpec;
}

/**
 * Deal state at a later settlement date (passed by the caller; the engine never looks it up).
 * All money in dollars, exact to the cent.
 */
export interface DealState {
  /** Last payment date number already paid (0 = closing). */
  lastPaymentDateNumber: number;
  /** Pool UPB at the end of the reporting period of that payment date. */
  poolBalance: number;
  /** Rep-line balances at that point, same order as `collateral.repLines` (null = scale pro rata). */
  repLineBalances: number[] | null;
  /** Current notionals by tranche name. */
  notionals: Record<string, number>;
  /** Cumulative write-downs net of write-ups by tranche name. */
  cumulativeWriteDowns: Record<string, number>;
  /** Overcollateralization (write-up excess) amount. */
  overcollateralization: number;
  /** Cumulative net loss (principal loss − recovery), dollars. */
  cumulativeNetLoss: number;
  /** Distressed principal balances of the last payment dates, oldest first (max 5 used). */
  distressedHistory: number[];
  /** Class A-1 CNL test has failed on some payment date (permanent). */
  classA1TestFailed: boolean;
}
