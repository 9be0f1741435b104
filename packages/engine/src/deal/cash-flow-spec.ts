/**
 * Cash-flow waterfall (schema version 1): deals whose bonds are paid from the collateral's
 * actual cash — non-agency RMBS (NQM, AOMT, VERUS), auto ABS (FORDO, SDART) and agency pools
 * and REMICs (FNMA/FHLMC/GNMA pass-throughs, FHLMC 5005). Unlike the STACR/CAS reference
 * waterfall, interest is paid from collected interest, principal from collected principal
 * (plus excess spread where an OC target says so), and losses write bonds down only once the
 * overcollateralization is gone.
 *
 * Units as in deal-spec.ts: money in dollars exact to the cent, `*Pct` in percent, payment
 * date numbers count from the first payment date (= 1).
 *
 * The classes themselves are `DealSpec.tranches` (name, original balance, attachment and
 * detachment, CUSIP, `collateralGroup` here); this structure says how they are paid. Σ class
 * balances + `overcollateralization.initial` = collateral cut-off balance.
 */

/** Interest terms of one class. */
export interface ClassInterest {
  tranche: string;
  coupon:
    | { kind: 'fixed'; ratePct: number }
    /** Index (scenario `Libor`) + margin, floored at `floorPct` (null = 0), act/360. */
    | { kind: 'floater'; marginPct: number; floorPct: number | null }
    | { kind: 'none' };
  /** Coupon capped at the class's collateral group net WAC less senior fees (RMBS net-WAC cap). */
  netWacCap: boolean;
  /** Coupon + `addPct` on payment dates after `afterPaymentDateNumber` (RMBS step-up). */
  stepUp: { afterPaymentDateNumber: number; addPct: number } | null;
  /**
   * Accrual (Z) class: its interest is added to its balance and the same amount of cash is paid
   * as principal through its group's principal steps (accretion-directed), the Z class last.
   */
  accrual: boolean;
}

/**
 * A principal step of a collateral group. Steps run in list order; each receives what the
 * earlier steps left of the group's principal amount.
 * - `order`: sets paid one after another; the classes of one set are paid pro rata by their
 *   balances before the payment date (A-2A/A-2B).
 * - `proRataUnlessTriggered`: while the deal's trigger passes, all classes of the step are paid
 *   pro rata as one set; when it fails, `order` applies (NQM ).
 * - `schedule`: PAC/TAC — the step pays at most what brings the aggregate balance of its
 *   classes down to `schedule[n − 1]` after payment date n (dollars; past the end: 0).
 */
export interface PrincipalStep {
  order: string[][];
  proRataUnlessTriggered: boolean;
  schedule: number[] | null;
}

/** Principal allocation of one collateral group (REMIC groups are paid from their own pools). */
export interface GroupPrincipal {
  collateralGroup: number;
  steps: PrincipalStep[];
}

/**
 * Overcollateralization (ABS, some RMBS): OC = collateral balance − Σ class balances. Cash left
 * after interest pays principal until OC reaches its target ("turbo"); release above target.
 * Target = max(targetPctOfCurrent × current collateral, floorPctOfCutOff × cut-off balance).
 */
export interface OvercollateralizationSpec {
  /** OC at closing, dollars (cut-off balance − Σ class balances). */
  initial: number;
  targetPctOfCurrent: number;
  floorPctOfCutOff: number;
}

/**
 * Reserve account (ABS): funded at closing, draws cover interest shortfalls and the notes'
 * final principal; refilled from excess cash up to its target; excess over target released.
 * Target = max(targetPctOfCurrent × current collateral, floorPctOfCutOff × cut-off), at most
 * the outstanding notes.
 */
export interface ReserveAccountSpec {
  initial: number;
  targetPctOfCurrent: number;
  floorPctOfCutOff: number;
}

/**
 * Performance trigger (RMBS): fails on a payment date when cumulative net loss / cut-off balance
 * exceeds the band's maximum, or when the 60+ delinquent share of the collateral balance exceeds
 * `delinquencyMaxPct`. Failure is re-evaluated every payment date (no memory).
 */
export interface CashTriggerSpec {
  cumulativeLossBands: { fromPaymentDateNumber: number; maxPct: number }[];
  delinquencyMaxPct: number | null;
}

/** Cash-flow waterfall description (`WaterfallSpec` member). */
export interface CashFlowWaterfall {
  kind: 'cash-flow';
  /**
   * Senior fees (trustee, administrator) paid first from interest collections, annual percent
   * of the beginning collateral balance. Servicing and guarantee fees are the rep lines'
   * gross − net spread and never reach the waterfall.
   */
  seniorFeesPct: number;
  interest: ClassInterest[];
  /** Interest priority: sets paid one after another, members pro rata by interest due. */
  interestOrder: string[][];
  groups: GroupPrincipal[];
  /** Write-down order once OC is exhausted, junior class first (reverse sequential). */
  lossOrder: string[];
  overcollateralization: OvercollateralizationSpec | null;
  reserveAccount: ReserveAccountSpec | null;
  trigger: CashTriggerSpec | null;
  /**
   * Optional redemption by the residual holder when the collateral balance is at or below this
   * percent of the cut-off balance (RMBS 30 %, ABS 10 %); applied when the run's clean-up call
   * switch is on. Null: none (agency).
   */
  optionalRedemptionPct: number | null;
  /** Per class name: its collateral group (REMIC). Classes not listed belong to group 1. */
  classGroups: Record<string, number>;
}
