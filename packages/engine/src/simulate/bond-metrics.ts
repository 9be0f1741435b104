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
 * Offering-document metrics (crt-domain.md §5.3) via the analytics module: WAL in years with
 * 30/360 time from `fromIso` and principal + write-downs as balance reduction (`cashOnly` for
 * principal only); principal window "first-last" ("0-0" when none); write-down % of the original
 * balance; first loss period (0 when none). `notionalStart` (interest-only classes: the notional
 * at settlement) measures WAL on notional reductions, as the offering documents do.
 */
export function bondMetrics(rows: readonly BondCashflowRow[], originalBalance: number, fromIso: string, cashOnly = false, notionalStart: number | null = null): BondMetrics {
  let prev = notionalStart ?? 0;
  const periods: AmortizationPeriod[] = rows.map((r) => {
    const notionalDrop = Math.max(0, prev - r.Balance);
    prev = r.Balance;
    return notionalStart !== null
      ? { period: r.Period, date: r.PaymentDate, principal: notionalDrop, writeDown: 0 }
      : { period: r.Period, date: r.PaymentDate, principal: r.Principal, writeDown: r.ActualWriteDown };
  });
  const window = principalWindow(notionalStart !== null ? [] : periods);
  return {
    Wal: weightedAverageLifeFromDates(periods, fromIso, { cashOnly }) ?? 0,
    PrincipalWindow: window ? `${window.first}-${window.last}` : '0-0',
    WritedownPct: writeDownPct(periods, originalBalance) ?? 0,
    FirstLossPeriod: firstLossPeriod(periods) ?? 0,
  };
}
