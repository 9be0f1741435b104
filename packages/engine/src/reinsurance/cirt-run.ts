import type { CollateralFlows, CollateralLine, CollateralScenario } from '../collateral/collateral-types.ts';
import { projectRepLines } from '../collateral/project-rep-lines.ts';
import { userCollateralFlows, type UserCollateralRows } from '../collateral/user-collateral.ts';
import { addMonthsOnDay } from '../simulate/deal-dates.ts';
import { runCirtPolicy, scaleCover, type CirtPolicyTerms, type CirtPoolMonth } from './cirt-policy.ts';
import type { CoverPeriod, ReinsurerCashflow } from './insurance-types.ts';
import { reinsurerCashflow, type CollateralTerms } from './reinsurer-cashflow.ts';

/** Inputs of one CIRT run from the deal's remittance history and a projection scenario. */
export interface CirtRunInput {
  terms: CirtPolicyTerms;
  /** Historical months, deal months 1..h (empty at the effective date). */
  history: CirtPoolMonth[];
  /** Pool lines at the start of the projection (balances summing to the pool UPB). */
  lines: CollateralLine[];
  scenario: CollateralScenario;
  /**
   * Prerun collateral (spec 002 "User collateral cashflow"): when given, its rows (scaled to the
   * pool UPB at the start) replace the projection of `lines` under `scenario`.
   */
  userCollateral?: UserCollateralRows | null;
  /** Payment date of the first projected month (ISO) and the day of month of payment dates. */
  firstProjectedDate: string;
  paymentDay: number;
  /** The user's liability at the start of the projection (their "Initial Limit"). */
  userLimit: number;
  collateral: CollateralTerms;
  /** Show historical rows (Run Scenario (Blended)). */
  includeHistorical: boolean;
}

/** Policy information (spec 001 §3.7): dollars of the user's participation, percents. */
export interface PolicyInformation {
  LiabilityLimit: number;
  LiabilityLimitPct: number;
  RetentionLimit: number;
  RetentionLimitPct: number;
  InitialCollateral: number;
  InitialCollateralPct: number;
  InitialPremium: number;
  InitialPremiumPct: number;
  Ownership: number;
  OwnershipPct: number;
}

export interface CirtRun {
  cashflow: ReinsurerCashflow;
  policy: PolicyInformation;
  /** User share of the deal's remaining limit at the start of the projection. */
  share: number;
  /** Deal-level remaining limit at the start of the projection. */
  dealLimitAtStart: number;
}

/**
 * Projected pool months of flows: the non-performing base of the stepdown floor is the
 * scenario's 60+ delinquent share of the performing balance plus the foreclosure pipeline.
 */
export function poolMonthsOfFlows(flows: CollateralFlows, firstDate: string, paymentDay: number): CirtPoolMonth[] {
  const out: CirtPoolMonth[] = [];
  for (let t = 0; t < flows.months; t++) {
    const balance = flows.balance[t] ?? 0;
    const foreclosure = flows.foreclosure[t] ?? 0;
    out.push({
      paymentDate: addMonthsOnDay(firstDate, t, paymentDay),
      upbEnd: balance + foreclosure,
      loss: flows.losses[t] ?? 0,
      nonPerforming: (flows.delinquency[t] ?? 0) * balance + foreclosure,
      cpr: flows.cpr[t] ?? 0, cdr: flows.cdr[t] ?? 0, severity: flows.severity[t] ?? 0, delinquency: flows.delinquency[t] ?? 0,
      historical: false,
    });
    if (balance + foreclosure <= 0.005) break;
  }
  return out;
}

/**
 * A CIRT run: the policy is run from the effective date over the history and then the
 * projection, so stepdowns and paid losses before the settlement carry into the projection;
 * the user's share is their limit over the deal's remaining limit at the start of the projection.
 * @throws Error when the policy has no limit left at the start
 */
export function runCirt(input: CirtRunInput): CirtRun {
  const t = input.terms;
  const startUpb = input.lines.reduce((s, l) => s + l.balance, 0);
  const monthsLeft = Math.max(0, t.termMonths - input.history.length);
  const flows = input.userCollateral
    ? userCollateralFlows(input.userCollateral, startUpb, monthsLeft)
    : projectRepLines(input.lines, input.scenario, monthsLeft);
  const projected = poolMonthsOfFlows(flows, input.firstProjectedDate, input.paymentDay);
  const all = [...input.history, ...projected];
  const { months } = runCirtPolicy(t, all, 1, { cumulativeLoss: 0, cumulativePaid: 0, remainingLimit: t.limit, upb: t.originalPoolBalance });
  const firstProjected = months.find((m) => !m.historical);
  const historyRows = months.filter((m) => m.historical);
  const lastHistory = historyRows.at(-1);
  const dealLimitAtStart = firstProjected ? firstProjected.limitPrev : 0;
  if (!(dealLimitAtStart > 0)) throw new Error('The CIRT policy has no limit left at the settlement date.');
  const share = input.userLimit / dealLimitAtStart;
  const periods: CoverPeriod[] = scaleCover(months.filter((m) => input.includeHistorical || !m.historical), share);
  const startDate = lastHistory ? lastHistory.paymentDate : addMonthsOnDay(input.firstProjectedDate, -1, input.paymentDay);
  const cashflow = reinsurerCashflow({ limit: input.userLimit, date: startDate, poolBalance: startUpb }, periods, input.collateral);
  const c = input.collateral.collateralPct;
  const firstPremium = (firstProjected?.premium ?? 0) * share;
  return {
    cashflow, share, dealLimitAtStart,
    policy: {
      LiabilityLimit: t.limit, LiabilityLimitPct: (100 * t.limit) / t.originalPoolBalance,
      RetentionLimit: t.retention, RetentionLimitPct: (100 * t.retention) / t.originalPoolBalance,
      InitialCollateral: c * input.userLimit, InitialCollateralPct: 100 * c,
      // Annualised first projected premium of the user's share, and as a percent of their limit (rate on line).
      InitialPremium: 12 * firstPremium, InitialPremiumPct: input.userLimit > 0 ? (100 * 12 * firstPremium) / input.userLimit : 0,
      Ownership: input.userLimit, OwnershipPct: 100 * share,
    },
  };
}
