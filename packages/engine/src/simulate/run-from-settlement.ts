import type { DealSpec } from '../deal/deal-spec.ts';
import type { AnyDealRun } from './bond-cashflows.ts';
import { addMonthsOnDay } from './deal-dates.ts';

/**
 * The latest scheduled payment date on or before `settlementIso` (ISO), or null when the
 * settlement is before the deal's first payment date. Payment dates are the deal's calendar:
 * the first payment date, then monthly on the payment day.
 */
export function lastPaymentDateOnOrBefore(spec: Pick<DealSpec, 'dates'>, settlementIso: string): string | null {
  const d = spec.dates;
  if (settlementIso < d.firstPaymentDate) return null;
  const [fy, fm] = d.firstPaymentDate.split('-').map(Number) as [number, number];
  const [sy, sm] = settlementIso.split('-').map(Number) as [number, number];
  let n = (sy - fy) * 12 + (sm - fm);
  // The payment day of the settlement month may still be ahead of the settlement.
  while (n > 0 && addMonthsOnDay(d.firstPaymentDate, n, d.paymentDayOfMonth) > settlementIso) n -= 1;
  return addMonthsOnDay(d.firstPaymentDate, n, d.paymentDayOfMonth);
}

/**
 * Payment date number (1 = the first payment date) of the first payment date after `settlementIso`:
 * the period a forward curve entered as of settlement starts at (issue 34 #6).
 */
export function firstPaymentDateNumberAfter(spec: Pick<DealSpec, 'dates'>, settlementIso: string): number {
  const d = spec.dates;
  const last = lastPaymentDateOnOrBefore(spec, settlementIso);
  if (last === null) return 1;
  const [fy, fm] = d.firstPaymentDate.split('-').map(Number) as [number, number];
  const [ly, lm] = last.split('-').map(Number) as [number, number];
  return (ly - fy) * 12 + (lm - fm) + 2;
}

/**
 * A run seen from its settlement date: period 1 is the first payment date after settlement
 * (issue 23 #7). A run starts at the deal state of the last stored remittance on or before the
 * settlement (or at closing); when that remittance is older than the last payment date before the
 * settlement (settlement 11/27/2026, remittances to 10/25/2026), the projection's first dates
 * (11/25/2026) were paid to the seller, yet rows showed them as period 1, before the settlement
 * (period 0 of the insurance and portfolio rows). Those leading periods are dropped here, from the
 * waterfall, pool periods and calendar together, so bond rows, collateral rows, triggers, metrics
 * (WAL, write-down %) and start balances (the balances at settlement) all begin after settlement.
 * The months stay projected (the scenario's vectors keep their months); only what the holder at
 * settlement does not receive is left out. Unchanged when no date is on or before settlement.
 */
export function runFromSettlement<R extends AnyDealRun>(run: R, settlementIso: string | null): R {
  if (settlementIso === null) return run;
  let n = 0;
  while (n < run.paymentDates.length && (run.paymentDates[n] as string) <= settlementIso) n += 1;
  if (n === 0) return run;
  const rest = <T>(xs: readonly T[]): T[] => xs.slice(n);
  if (run.kind === 'cash-flow') {
    return {
      ...run, pool: rest(run.pool), waterfall: { ...run.waterfall, periods: rest(run.waterfall.periods) },
      paymentDates: rest(run.paymentDates), accrualDays: rest(run.accrualDays), indexRates: rest(run.indexRates),
      shownCollections: run.shownCollections ? rest(run.shownCollections) : null,
    };
  }
  return {
    ...run, pool: rest(run.pool), waterfall: { ...run.waterfall, periods: rest(run.waterfall.periods) },
    paymentDates: rest(run.paymentDates), accrualDays: rest(run.accrualDays), indexRates: rest(run.indexRates),
  };
}
