import type { DealSpec } from '../deal/deal-spec.ts';
import type { BondRows } from '../simulate/bond-cashflows.ts';
import { days30360, daysBetween, ymdToIso } from '../simulate/deal-dates.ts';
import { type AccrualDayCount, pricingCashflows } from '../simulate/pricing-cashflows.ts';

/**
 * Accrued interest of a class at settlement (issue 25 #3; crt-domain §5: dirty = clean + accrued,
 * actual/360 since the last payment date for floaters, 30/360 for fixed coupons).
 *
 * The record-date convention of the deals: the holder of record before a payment date receives
 * that date's whole coupon, so a buyer settling after it owes the seller the interest accrued from
 * it (a settlement on a payment date accrues nothing). The accrual start is therefore the last
 * payment date on or before settlement (the first accrual start before the first payment date).
 */

/**
 * The day count a class's coupon accrues in: a cash-flow deal's fixed coupon 30/360 and its floater
 * act/360; a reference-tranche note (and a MACR class) the deal's note day count (STACR, CAS: act/360).
 */
export function classDayCount(spec: DealSpec, bondName: string): AccrualDayCount {
  if (spec.waterfall.kind === 'cash-flow') {
    const coupon = spec.waterfall.interest.find((i) => i.tranche === bondName)?.coupon;
    if (coupon?.kind === 'fixed') return '30/360';
    if (coupon?.kind === 'floater') return 'act/360';
  }
  return spec.index.dayCount;
}

/** Accrued interest of a class at settlement. */
export interface BondAccrued {
  dayCount: AccrualDayCount;
  /** Start of the accrual period in progress (the last payment date on or before settlement), ISO. */
  accrualStart: string;
  /** Days accrued in the class's day count. */
  days: number;
  /** Dollars on the class's face at settlement. */
  amount: number;
  /** Per 100 of face at settlement (the unit of CleanPrice and DirtyPrice). */
  per100: number;
}

/**
 * Accrued interest of `bond` at `settlementIso`: face × coupon of the period in progress × days/360
 * in the class's day count. The same amount the price/yield solvers add to a clean price
 * (`pricingCashflows` with the same day count), so DirtyPrice = CleanPrice + AccruedInterest holds exactly.
 * Null when nothing is paid after settlement (no face to accrue on).
 */
export function bondAccrued(bond: BondRows, settlementIso: string, accrualStartIso: string, dayCount: AccrualDayCount): BondAccrued | null {
  const flows = pricingCashflows(bond, settlementIso, accrualStartIso, dayCount);
  if (!(flows.face > 0)) return null;
  let start = accrualStartIso;
  for (const r of bond.rows) {
    const date = ymdToIso(r.PaymentDate) as string;
    if (date > settlementIso) break;
    start = date;
  }
  const days = Math.max(0, dayCount === '30/360' ? days30360(start, settlementIso) : daysBetween(start, settlementIso));
  return { dayCount, accrualStart: start, days, amount: flows.accrued, per100: (flows.accrued / flows.face) * 100 };
}
