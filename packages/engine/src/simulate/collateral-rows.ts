import type { CollateralFlows } from '../collateral/collateral-types.ts';
import type { PoolPeriod } from '../waterfall/pool-periods.ts';
import type { CollateralCashflowRow } from './simulation-types.ts';

/** Spec 000 §9: rows stop after the first period whose previous balance is under 0.005. */
export const BALANCE_CUTOFF = 0.005;

/** Keeps rows up to and including the first one whose previous balance is under the cut-off. */
export function cutRows<T extends { Balance: number }>(rows: T[], startBalance: number): T[] {
  let prev = startBalance;
  for (let i = 0; i < rows.length; i++) {
    if (prev < BALANCE_CUTOFF) return rows.slice(0, i + 1);
    prev = (rows[i] as T).Balance;
  }
  return rows;
}

interface Span {
  first: number;
  last: number;
  date: number | null;
  /** Overrides for payment-date periods (loss per the deal's convention). */
  losses?: number;
}

function buildRows(f: CollateralFlows, spans: Span[]): CollateralCashflowRow[] {
  const rows: CollateralCashflowRow[] = [];
  let cumL = 0;
  let cumD = 0;
  spans.forEach((s, k) => {
    let interest = 0, passThru = 0, sched = 0, prepaid = 0, defaults = 0, losses = 0, recoveries = 0;
    for (let m = s.first; m <= s.last; m++) {
      interest += f.interest[m] as number;
      passThru += f.passThru[m] as number;
      sched += f.scheduled[m] as number;
      prepaid += f.prepaid[m] as number;
      defaults += f.defaults[m] as number;
      losses += f.losses[m] as number;
      recoveries += f.recoveries[m] as number;
    }
    if (s.losses !== undefined) {
      // Liquidated amount is unchanged; the loss follows the payment-date rule.
      recoveries += losses - s.losses;
      losses = s.losses;
    }
    cumL += losses;
    cumD += defaults;
    rows.push({
      Period: k + 1, PaymentDate: s.date, Balance: f.balance[s.last] as number, Interest: interest, PassThru: passThru,
      ScheduledPrincipal: sched, PrepaidPrincipal: prepaid, Defaults: defaults, Losses: losses, Recoveries: recoveries,
      CumulativeLosses: cumL, CumulativeDefaults: cumD, InterestRate: f.grossRate[s.first] as number,
      PassThruRate: f.netRate[s.first] as number, CprRate: f.cpr[s.first] as number, CdrRate: f.cdr[s.first] as number,
      LossSeverityRate: f.severity[s.first] as number, DelinquencyRate: f.delinquency[s.first] as number,
      ForeclosureBalance: f.foreclosure[s.last] as number,
    });
  });
  return rows;
}

/**
 * Monthly collateral rows of a projection (one row per month), cut by the balance rule.
 * @param flows monthly pool flows
 * @param paymentDates optional yyyymmdd per month (null when the run has no calendar)
 */
export function monthlyCollateralRows(flows: CollateralFlows, paymentDates: (number | null)[] = []): CollateralCashflowRow[] {
  const spans: Span[] = [];
  for (let m = 0; m < flows.months; m++) spans.push({ first: m, last: m, date: paymentDates[m] ?? null });
  return cutRows(buildRows(flows, spans), flows.beginBalance[0] ?? 0);
}

/** Collateral rows by payment date of a deal run (payment date 1 may aggregate two months). */
export function paymentDateCollateralRows(flows: CollateralFlows, pool: readonly PoolPeriod[], dates: number[]): CollateralCashflowRow[] {
  const spans = pool.slice(0, dates.length).map((p, i): Span => ({ first: p.firstMonth, last: p.lastMonth, date: dates[i] ?? null, losses: p.principalLoss / 100 }));
  // A run seen from settlement starts at its first payment date's month (runFromSettlement).
  return cutRows(buildRows(flows, spans), flows.beginBalance[pool[0]?.firstMonth ?? 0] ?? 0);
}
