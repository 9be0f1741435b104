import type { DealSpec, DealState, StepOrderConvention } from '../deal/deal-spec.ts';
import type { CollateralFlows, CollateralLine, CollateralScenario, SpeedInput } from '../collateral/collateral-types.ts';
import { projectRepLines } from '../collateral/project-rep-lines.ts';
import type { RateInput } from '../rates/vector.ts';
import { valueAt } from '../rates/vector.ts';
import { aggregatePoolPeriods } from '../waterfall/pool-periods.ts';
import type { PoolPeriod } from '../waterfall/pool-periods.ts';
import { runReferenceWaterfall } from '../waterfall/reference-waterfall.ts';
import type { WaterfallResult } from '../waterfall/reference-waterfall.ts';
import { addMonthsOnDay, daysBetween } from './deal-dates.ts';

/** A deal scenario in engine units (fractions). Vectors: element i = projection month i + 1. */
export interface DealScenario {
  prepay: SpeedInput;
  default: SpeedInput;
  severity: RateInput;
  delinquency: RateInput;
  /** Floating index (SOFR/LIBOR) by payment period, fraction; last value extends. */
  indexRate: RateInput;
  /**
   * Payment date number (1 = the deal's first payment date) that indexRate's first element applies
   * to. Unset: the first projected period (the state's next payment date). A forward curve entered
   * as of settlement sets it to the first payment date after the settlement (issue 34 #6), so the
   * curve means the same whether or not the deal's stored state reaches the settlement.
   */
  indexFirstPaymentDateNumber?: number;
  /** 'deal': the deal's fixed loss share (PPM tables); 'scenario': the severity input. */
  lossSource: 'deal' | 'scenario';
  /** Overrides of the deal's collateral conventions (undefined = deal setting). */
  convention?: StepOrderConvention;
  recoveryLagMonths?: number;
  servicerAdvancing?: boolean;
  /** Redeem at the deal's clean-up level. */
  cleanUpCall: boolean;
  /** Exercise the time call: true = the deal's time-call payment date, a number = that PD, false = never. */
  timeCall: boolean | number;
  /** Only rep lines of this collateral group (null = all). */
  collateralGroup: number | null;
}

/** Everything one deal run produced. */
export interface DealRun {
  kind: 'reference-tranche';
  spec: DealSpec;
  convention: StepOrderConvention;
  lossSource: DealScenario['lossSource'];
  flows: CollateralFlows;
  pool: PoolPeriod[];
  waterfall: WaterfallResult;
  /** Payment dates (ISO) of the waterfall periods, and accrual days / index per period. */
  paymentDates: string[];
  accrualDays: number[];
  indexRates: number[];
}

/**
 * Builds the collateral lines at the run's start: cut-off rep lines, or the lines rolled
 * forward to a later state (balances from the state, terms shortened by elapsed months).
 */
export function startingLines(spec: DealSpec, state: DealState | null, collateralGroup: number | null): CollateralLine[] {
  const elapsed = state ? state.lastPaymentDateNumber + spec.dates.firstPaymentDateCollectionMonths - 1 : 0;
  const lines = spec.collateral.repLines;
  const total = lines.reduce((s, l) => s + l.balance, 0);
  const out = lines
    .map((l, i) => {
      let balance = l.balance;
      if (state) balance = state.repLineBalances?.[i] ?? (total > 0 ? (l.balance * state.poolBalance) / total : 0);
      return {
        group: l.collateralGroup,
        line: {
          balance: Math.round(balance * 100) / 100,
          grossRate: l.grossCouponPct / 100,
          netRate: (l.netCouponPct ?? l.grossCouponPct) / 100,
          remainingTerm: l.remainingTermMonths - elapsed,
          age: l.ageMonths + elapsed,
        },
      };
    })
    .filter((x) => x.line.remainingTerm > 0 && (collateralGroup === null || x.group === collateralGroup))
    .map((x) => x.line);
  // Pro-rata scaling rounds each line to the cent: give the residual to the largest line so the
  // lines sum exactly to the state's pool balance (the waterfall asserts Σ notionals = pool UPB).
  if (state && !state.repLineBalances && collateralGroup === null && out.length > 0) {
    const residual = Math.round(state.poolBalance * 100) - out.reduce((s, l) => s + Math.round(l.balance * 100), 0);
    const largest = out.reduce((a, l) => (l.balance > a.balance ? l : a), out[0] as CollateralLine);
    largest.balance = (Math.round(largest.balance * 100) + residual) / 100;
  }
  return out;
}

/** Collateral projector: scenario + horizon → monthly pool flows (default: the deal's rep lines). */
export type CollateralProjector = (scenario: CollateralScenario, months: number) => CollateralFlows;

/**
 * Runs a reference-tranche deal: collateral projection → payment-date periods → waterfall.
 * @param spec deal structure
 * @param scenario speeds, index and call switches (fractions)
 * @param state deal state at the settlement date, or null to start at closing
 * @param project optional projector (e.g. loan-level `projectLoans` on a tape whose balances
 *        sum to the cut-off or state balance); default projects the deal's rep lines
 */
export function runDeal(spec: DealSpec, scenario: DealScenario, state: DealState | null = null, project?: CollateralProjector): DealRun {
  const convention = scenario.convention ?? spec.conventions.stepOrder;
  const lastPd = state?.lastPaymentDateNumber ?? 0;
  const firstMonths = lastPd === 0 ? spec.dates.firstPaymentDateCollectionMonths : 1;
  const pdsLeft = spec.dates.scheduledMaturityPaymentDateNumber - lastPd;
  const months = pdsLeft + firstMonths - 1;
  const lines = startingLines(spec, state, scenario.collateralGroup);
  const fixedShare = spec.conventions.fixedLossSharePct;
  const lossShare = convention === 'stacr-ppm' && scenario.lossSource === 'deal' && fixedShare !== null ? fixedShare / 100 : null;
  const collateralScenario: CollateralScenario = {
    prepay: scenario.prepay,
    default: scenario.default,
    severity: scenario.severity,
    delinquency: scenario.delinquency,
    recoveryLagMonths: scenario.recoveryLagMonths ?? spec.conventions.recoveryLagMonths,
    servicerAdvancing: scenario.servicerAdvancing ?? spec.conventions.servicerAdvancing,
    convention,
    fixedLossShare: lossShare,
    roundToCent: spec.conventions.roundFlowsToCent,
  };
  const flows = project ? project(collateralScenario, months) : projectRepLines(lines, collateralScenario, months);
  // In the PPM convention the loss is taken per payment date on the aggregated credit events.
  const periodShare = convention === 'stacr-ppm' ? lossShare : null;
  const pool = aggregatePoolPeriods(flows, lastPd + 1, firstMonths, periodShare, pdsLeft);
  const timeCall = scenario.timeCall === true ? spec.earlyRedemption.timeCallPaymentDateNumber
    : scenario.timeCall === false ? null : scenario.timeCall;
  const waterfall = runReferenceWaterfall(spec, pool, { cleanUpCall: scenario.cleanUpCall, timeCallPaymentDateNumber: timeCall, state });
  const paymentDates: string[] = [];
  const accrualDays: number[] = [];
  const indexRates: number[] = [];
  let prev = lastPd === 0 ? spec.dates.closingDate : addMonthsOnDay(spec.dates.firstPaymentDate, lastPd - 1, spec.dates.paymentDayOfMonth);
  waterfall.periods.forEach((p, i) => {
    const date = addMonthsOnDay(spec.dates.firstPaymentDate, p.pool.paymentDateNumber - 1, spec.dates.paymentDayOfMonth);
    paymentDates.push(date);
    accrualDays.push(daysBetween(prev, date));
    indexRates.push(indexRateAt(scenario, p.pool.paymentDateNumber, i));
    prev = date;
  });
  return { kind: 'reference-tranche', spec, convention, lossSource: scenario.lossSource, flows, pool, waterfall, paymentDates, accrualDays, indexRates };
}

/**
 * The index of the period at payment date number `paymentDateNumber`, the run's `i`-th: by payment
 * date number when the scenario anchors its index path (indexFirstPaymentDateNumber), else by
 * projected period. Periods before the anchor (paid before settlement) take the path's first rate.
 */
export function indexRateAt(scenario: Pick<DealScenario, 'indexRate' | 'indexFirstPaymentDateNumber'>, paymentDateNumber: number, i: number): number {
  const first = scenario.indexFirstPaymentDateNumber;
  return valueAt(scenario.indexRate, first === undefined ? i : Math.max(0, paymentDateNumber - first));
}
