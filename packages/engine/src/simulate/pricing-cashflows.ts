import type { BondRows } from './bond-cashflows.ts';
import { daysBetween, days30360, ymdToIso } from './deal-dates.ts';

/** A bond's cash flows seen from a settlement date, ready for price/yield/DM solvers. */
export interface PricingCashflows {
  /** Months from settlement to each payment date (30/360: days / 30). */
  months: number[];
  /** Actual days from settlement to each payment date. */
  days: number[];
  /** Cash (principal + interest) per payment date, dollars. */
  cash: number[];
  /** Balance before each payment date (the accrual base), dollars. */
  balanceBefore: number[];
  /** Coupon of each accrual period (fraction). */
  rate: number[];
  /** Face at settlement (current balance), dollars. */
  face: number;
  /** Accrued interest at settlement (the class's day count since the previous payment date), dollars. */
  accrued: number;
}

/** Day count of a class's coupon accrual: actual/360 (floaters, STACR notes) or 30/360 (fixed coupons). */
export type AccrualDayCount = 'act/360' | '30/360';

/**
 * Extracts pricing cash flows of one bond (rows of a run that starts at or before `settlementIso`).
 * Payment dates on or before settlement are dropped; accrued interest runs in `dayCount` (default
 * actual/360) from the previous payment date (or `accrualStartIso` for the first period) to settlement.
 * @param bond bond rows from `bondRows`
 * @param settlementIso settlement date (ISO)
 * @param accrualStartIso start of the first row's accrual period (closing or last payment date)
 * @param dayCount the class's day count (`classDayCount`); actual/360 when not given
 */
export function pricingCashflows(bond: BondRows, settlementIso: string, accrualStartIso: string, dayCount: AccrualDayCount = 'act/360'): PricingCashflows {
  const out: PricingCashflows = { months: [], days: [], cash: [], balanceBefore: [], rate: [], face: 0, accrued: 0 };
  let prevDate = accrualStartIso;
  let prevBalance = bond.startBalance;
  let started = false;
  for (const r of bond.rows) {
    const date = ymdToIso(r.PaymentDate) as string;
    const before = prevBalance;
    if (date > settlementIso) {
      if (!started) {
        started = true;
        out.face = before;
        const days = dayCount === '30/360' ? days30360(prevDate, settlementIso) : daysBetween(prevDate, settlementIso);
        out.accrued = (before * r.Rate * Math.max(0, days)) / 360;
      }
      out.months.push(days30360(settlementIso, date) / 30);
      out.days.push(daysBetween(settlementIso, date));
      out.cash.push(r.Cash);
      out.balanceBefore.push(before);
      out.rate.push(r.Rate);
    }
    prevDate = date;
    prevBalance = r.Balance;
  }
  return out;
}

/**
 * pricingCashflows' face alone: the balance before the first payment date after settlement (0 when
 * none is left). The DM of every class of every stochastic path reads it; the day counts are not needed.
 */
export function faceAtSettlement(bond: BondRows, settlementIso: string): number {
  let before = bond.startBalance;
  for (const r of bond.rows) {
    if ((ymdToIso(r.PaymentDate) as string) > settlementIso) return before;
    before = r.Balance;
  }
  return 0;
}
