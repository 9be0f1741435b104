import type { BondCashflowRow } from './simulation-types.ts';
import { days30360 } from './deal-dates.ts';

/** WAL, principal window, write-down % and first loss period of one bond's rows. */
export interface BondMetrics {
  Wal: number;
  PrincipalWindow: string;
  WritedownPct: number;
  FirstLossPeriod: number;
}

const ymdToIso = (ymd: number): string => {
  const s = String(ymd);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
};

/**
 * Offering-document metrics (crt-domain.md §5.3): WAL in years = Σ t·ΔBal / Σ ΔBal with
 * ΔBal = principal + write-down (set `cashOnly` for principal only) and t = 30/360 years from
 * `fromIso` to each payment date; principal window "first-last" period with principal > 0
 * ("0-0" when none); write-down % = cumulative net write-downs / original balance × 100;
 * first loss period = first period with a write-down (0 when none). `notionalStart` (interest-only
 * classes: the notional at settlement) measures WAL on notional reductions, as the offering documents do.
 */
export function bondMetrics(rows: readonly BondCashflowRow[], originalBalance: number, fromIso: string, cashOnly = false, notionalStart: number | null = null): BondMetrics {
  let num = 0;
  let den = 0;
  let first = 0;
  let last = 0;
  let wd = 0;
  let firstLoss = 0;
  let prev = notionalStart ?? 0;
  for (const r of rows) {
    // Interest-only classes (`notionalStart` = notional at settlement): WAL on notional reductions (PPM WAL definition).
    const reduction = notionalStart !== null ? Math.max(0, prev - r.Balance) : r.Principal + (cashOnly ? 0 : Math.max(0, r.ActualWriteDown));
    prev = r.Balance;
    if (reduction > 0) {
      const t = days30360(fromIso, ymdToIso(r.PaymentDate)) / 360;
      num += t * reduction;
      den += reduction;
    }
    if (r.Principal > 0) {
      if (first === 0) first = r.Period;
      last = r.Period;
    }
    wd += r.ActualWriteDown;
    if (firstLoss === 0 && r.ActualWriteDown > 0) firstLoss = r.Period;
  }
  return {
    Wal: den > 0 ? num / den : 0,
    PrincipalWindow: `${first}-${last}`,
    WritedownPct: originalBalance > 0 ? (100 * wd) / originalBalance : 0,
    FirstLossPeriod: firstLoss,
  };
}
