import type { CollateralFlows } from '../collateral/collateral-types.ts';

/**
 * Reference-pool amounts of one payment date, in integer cents (exact), aggregated over the
 * collection months that feed it (payment date 1 takes `firstPaymentDateCollectionMonths`).
 */
export interface PoolPeriod {
  /** Payment date number (1-based, absolute from the deal's first payment date). */
  paymentDateNumber: number;
  /** Projection month indexes (0-based) aggregated into this payment date. */
  firstMonth: number;
  lastMonth: number;
  scheduled: number;
  unscheduled: number;
  /** Stated principal = scheduled + unscheduled. */
  statedPrincipal: number;
  /** Credit Event Amount: UPB of loans that hit a credit event (liquidations; defaults without a pipeline). */
  creditEvents: number;
  /** Principal Loss Amount (net realised loss) of the payment date. */
  principalLoss: number;
  /** Principal Recovery Amount (later recoveries / reversals); 0 in projections. */
  principalRecovery: number;
  /** Pool UPB at the end of the reporting period (performing + loans awaiting liquidation). */
  upbEnd: number;
  /** Distressed (60+ delinquent) principal balance at period end. */
  distressed: number;
}

const cents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Groups monthly collateral flows into payment-date periods.
 * @param flows monthly pool flows (dollars)
 * @param firstPaymentDateNumber payment date number of the first period produced
 * @param firstPeriodMonths collection months in that first period (2 for STACR PD 1, else 1)
 * @param fixedLossShare `stacr-ppm`: loss = round2(share × the period's credit-event amount);
 *        null: loss = the flows' realised losses (severity with recovery lag)
 * @param maxPeriods stop after this many periods
 */
export function aggregatePoolPeriods(
  flows: CollateralFlows,
  firstPaymentDateNumber: number,
  firstPeriodMonths: number,
  fixedLossShare: number | null,
  maxPeriods: number,
): PoolPeriod[] {
  const periods: PoolPeriod[] = [];
  let month = 0;
  let upbPrev = cents(flows.beginBalance[0] ?? 0);
  // Actual-loss STACR/CAS: a Credit Event is the loan's liquidation (short sale, REO disposition,
  // charge-off), when its loss is realised. With a foreclosure pipeline (recovery lag), a defaulted
  // loan stays in the reference pool until it liquidates: Credit Event Amount = the liquidated
  // balance (recoveries + losses), pool UPB = performing + pipeline. Taking the credit event at
  // default instead paid the loan's whole UPB as Recovery Principal months before its loss, and
  // the later write-down then raised A-H, whose principal was paid again: classes received more
  // than the collateral's principal and recoveries (issue 23 #2). Without a pipeline the two agree.
  const pipeline = flows.foreclosure.some((x) => x > 0);
  for (let p = 0; p < maxPeriods && month < flows.months; p++) {
    const span = p === 0 ? firstPeriodMonths : 1;
    const last = Math.min(month + span, flows.months) - 1;
    let scheduled = 0;
    let unscheduled = 0;
    let creditEvents = 0;
    let losses = 0;
    for (let m = month; m <= last; m++) {
      scheduled += cents(flows.scheduled[m] as number);
      unscheduled += cents(flows.prepaid[m] as number);
      creditEvents += cents(pipeline ? (flows.recoveries[m] as number) + (flows.losses[m] as number) : (flows.defaults[m] as number));
      losses += flows.losses[m] as number;
    }
    const upbEnd = cents((flows.balance[last] as number) + (pipeline ? (flows.foreclosure[last] as number) : 0));
    // Flows are rounded to cents one by one; scheduled principal absorbs the sub-cent residual so
    // that upbPrev − stated principal − credit events = upbEnd holds exactly (identity of §1.3).
    scheduled = upbPrev - upbEnd - unscheduled - creditEvents;
    // STACR PPM: write-down = round2(25 % × the payment date's total Credit Event Amount).
    const principalLoss = fixedLossShare !== null ? Math.round(fixedLossShare * creditEvents) : cents(losses);
    periods.push({
      paymentDateNumber: firstPaymentDateNumber + p, firstMonth: month, lastMonth: last,
      scheduled, unscheduled, statedPrincipal: scheduled + unscheduled, creditEvents, principalLoss,
      principalRecovery: 0, upbEnd, distressed: Math.round(upbEnd * (flows.delinquency[last] as number)),
    });
    month = last + 1;
    upbPrev = upbEnd;
  }
  return periods;
}
