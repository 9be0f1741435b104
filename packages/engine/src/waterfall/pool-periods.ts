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
    let unscheduledDollars = 0;
    let creditEventDollars = 0;
    let losses = 0;
    for (let m = month; m <= last; m++) {
      unscheduledDollars += flows.prepaid[m] as number;
      creditEventDollars += pipeline ? (flows.recoveries[m] as number) + (flows.losses[m] as number) : (flows.defaults[m] as number);
      losses += flows.losses[m] as number;
    }
    const upbEnd = cents((flows.balance[last] as number) + (pipeline ? (flows.foreclosure[last] as number) : 0));
    const { scheduled, unscheduled, creditEvents } = splitDecline(upbPrev - upbEnd, cents(unscheduledDollars), cents(creditEventDollars));
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

/**
 * The one place where the pool's dollar flows become the waterfall's cents. The pool UPB is
 * rounded to the cent and its decline over the payment date (`decline` = upbPrev − upbEnd) is split
 * into credit events, unscheduled and scheduled principal so that the identity of §1.3 holds
 * exactly: upbPrev − stated principal − credit events = upbEnd; the waterfall then keeps
 * Σ notionals + OC = pool UPB to the cent. Scheduled principal takes the sub-cent residual, but no
 * part may be negative: rounding each flow on its own once made scheduled principal −1 cent
 * (seed 525192576: a pool of a few cents where 0.58 cents of liquidations rounded up to 1 while the
 * UPB did not move), the Senior Reduction Amount then paid the class a cent the pool never lost,
 * and the waterfall's check threw. So credit events and unscheduled principal are capped by what
 * the UPB actually lost. A UPB that rises (an uploaded cashflow whose Balance goes up) keeps the
 * old residual rule: there is no non-negative split of a negative decline.
 */
export function splitDecline(decline: number, unscheduledCents: number, creditEventCents: number): { scheduled: number; unscheduled: number; creditEvents: number } {
  if (decline < 0) return { scheduled: decline - unscheduledCents - creditEventCents, unscheduled: unscheduledCents, creditEvents: creditEventCents };
  const creditEvents = Math.min(decline, Math.max(0, creditEventCents));
  const unscheduled = Math.min(decline - creditEvents, Math.max(0, unscheduledCents));
  return { scheduled: decline - creditEvents - unscheduled, unscheduled, creditEvents };
}
