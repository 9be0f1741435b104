import type { StepOrderConvention } from '../deal/deal-spec.ts';
import type { RateInput } from '../rates/vector.ts';

/**
 * A prepayment or default speed.
 * - `annual`: CPR/CDR fractions (scalar or per-month vector);
 * - `monthly`: SMM/MDR fractions;
 * - `standard`: PSA (prepayments) or SDA (defaults) in percent of the standard curve, by loan age;
 * - `abs`: ABS speed in percent of the original loan count per month (auto loans; SMM rises with
 *   loan age, rates/abs-speed.ts). Used as a default speed it applies the same count convention.
 */
export type SpeedInput =
  | { kind: 'annual'; values: RateInput }
  | { kind: 'monthly'; values: RateInput }
  | { kind: 'standard'; pct: number }
  | { kind: 'abs'; pct: number };

/** True when the speed's monthly rate depends on each loan's age (so it cannot be shared by the pool). */
export function isAgeBasedSpeed(speed: SpeedInput): boolean {
  return speed.kind === 'standard' || speed.kind === 'abs';
}

/** Collateral scenario: speeds plus the step-order convention (crt-domain.md §1.3). */
export interface CollateralScenario {
  prepay: SpeedInput;
  default: SpeedInput;
  /** Loss severity, fraction of defaulted balance (`sifma`); ignored by `stacr-ppm` when a fixed share is set. */
  severity: RateInput;
  /** 60+ day delinquent share of the pool balance (triggers only; not a cash effect here). */
  delinquency: RateInput;
  recoveryLagMonths: number;
  servicerAdvancing: boolean;
  convention: StepOrderConvention;
  /** `stacr-ppm`: fixed loss share of credit-event UPB (fraction, 0.25); null = use severity. */
  fixedLossShare: number | null;
  /** Round each line's flows to the cent, half up (PPM tables). */
  roundToCent: boolean;
}

/** One amortizing line (rep line or loan). Rates are annual fractions. */
export interface CollateralLine {
  balance: number;
  grossRate: number;
  netRate: number;
  remainingTerm: number;
  age: number;
}

/**
 * Pool flows by projection month (struct of arrays; index 0 = month 1), in dollars.
 * `scheduled` and `interest` include servicer-advanced amounts when advancing is on.
 */
export interface CollateralFlows {
  months: number;
  beginBalance: Float64Array;
  /** Performing balance at month end. */
  balance: Float64Array;
  interest: Float64Array;
  passThru: Float64Array;
  scheduled: Float64Array;
  prepaid: Float64Array;
  defaults: Float64Array;
  losses: Float64Array;
  recoveries: Float64Array;
  /** Loans in the foreclosure pipeline at month end. */
  foreclosure: Float64Array;
  /** Balance-weighted gross and net coupon (annual fractions). */
  grossRate: Float64Array;
  netRate: Float64Array;
  /** Balance-weighted speeds actually applied (annual fractions) and the scenario severity/delinquency. */
  cpr: Float64Array;
  cdr: Float64Array;
  severity: Float64Array;
  delinquency: Float64Array;
}

/** Allocates zeroed flows for `months` months. */
export function createFlows(months: number): CollateralFlows {
  const col = (): Float64Array => new Float64Array(months);
  return {
    months, beginBalance: col(), balance: col(), interest: col(), passThru: col(), scheduled: col(), prepaid: col(),
    defaults: col(), losses: col(), recoveries: col(), foreclosure: col(), grossRate: col(), netRate: col(),
    cpr: col(), cdr: col(), severity: col(), delinquency: col(),
  };
}
