import { principalWindow, weightedAverageLifeFromDates, writeDownPct, firstLossPeriod } from '../analytics/index.ts';
import type { AmortizationPeriod } from '../analytics/index.ts';
import type { BondCashflowRow } from './simulation-types.ts';

/** WAL, principal window, write-down % and first loss period of one bond's rows (spec field names). */
export interface BondMetrics {
  Wal: number;
  PrincipalWindow: string;
  WritedownPct: number;
  FirstLossPeriod: number;
}

/**
 * Offering-document metrics (crt-domain.md §5.3) via the analytics module, one convention for all
 * three (the STACR PPM tables'): a period "pays" when it reduces the balance by principal or
 * write-down (`cashOnly`: principal only). WAL in years with 30/360 time from `fromIso` weighs those
 * reductions; the window "first-last" spans the same periods ('' when nothing reduced the balance:
 * the screens show '-----', and WAL is then 0); write-down % of the original balance; first loss
 * period = first period with a write-down (0 when none). Write-down % (issue 23 #6: one convention
 * for every screen) = the run's write-downs (net of write-ups) as a percent of the class's balance
 * at settlement, the start of the run: 100 = the class loses all it had, as the full-write-down
 * breakeven means; at closing that balance is the original balance (the PPM tables' basis).
 * `notionalStart` (interest-only classes:
 * the notional at settlement) measures WAL and window on notional reductions, as the offering
 * documents do.
 */
export function bondMetrics(rows: readonly BondCashflowRow[], balanceAtSettlement: number, fromIso: string, cashOnly = false, notionalStart: number | null = null): BondMetrics {
  let prev = notionalStart ?? 0;
  const periods: AmortizationPeriod[] = rows.map((r) => {
    const notionalDrop = Math.max(0, prev - r.Balance);
    prev = r.Balance;
    return notionalStart !== null
      ? { period: r.Period, date: r.PaymentDate, principal: notionalDrop, writeDown: 0 }
      : { period: r.Period, date: r.PaymentDate, principal: r.Principal, writeDown: r.ActualWriteDown };
  });
  const window = principalWindow(periods, { cashOnly });
  return {
    Wal: weightedAverageLifeFromDates(periods, fromIso, { cashOnly }) ?? 0,
    PrincipalWindow: window ? `${window.first}-${window.last}` : '',
    WritedownPct: writeDownPct(periods, balanceAtSettlement) ?? 0,
    FirstLossPeriod: firstLossPeriod(periods) ?? 0,
  };
}
