import type { ClassInterest } from '../deal/cash-flow-spec.ts';

/** Market inputs of one payment date for coupon setting. */
export interface CouponInputs {
  paymentDateNumber: number;
  /** Index (SOFR/LIBOR) fraction. */
  indexRate: number;
  /** Days in the accrual period (floaters, act/360). */
  accrualDays: number;
  /** The class's collateral group net rate at the start of the period (fraction). */
  netRate: number;
  /** Senior fee rate (fraction per year) deducted from the net WAC cap. */
  feeRate: number;
}

/** Applied coupon (annual fraction in the class's day count) and the period's accrual fraction. */
export interface ClassCoupon {
  coupon: number;
  accrualFraction: number;
}

/**
 * Coupon of one class on one payment date: fixed rate (30/360) or max(floor, index + margin)
 * (act/360), plus the step-up after its payment date, capped at the group's net WAC less senior
 * fees. The cap is a 30/360 rate; for an act/360 floater it is rescaled by 30/days so that the
 * capped interest never exceeds one month of net collateral interest at that rate.
 */
export function classCoupon(ci: ClassInterest | null, x: CouponInputs): ClassCoupon {
  if (!ci) return { coupon: 0, accrualFraction: 0 };
  let coupon: number;
  let accrualFraction: number;
  switch (ci.coupon.kind) {
    case 'fixed':
      coupon = ci.coupon.ratePct / 100;
      accrualFraction = 1 / 12;
      break;
    case 'floater':
      coupon = Math.max((ci.coupon.floorPct ?? 0) / 100, x.indexRate + ci.coupon.marginPct / 100);
      accrualFraction = x.accrualDays / 360;
      break;
    case 'none':
      return { coupon: 0, accrualFraction: 0 };
    default: {
      const never: never = ci.coupon;
      throw new Error(`unknown coupon ${JSON.stringify(never)}`);
    }
  }
  if (ci.stepUp && x.paymentDateNumber > ci.stepUp.afterPaymentDateNumber) coupon += ci.stepUp.addPct / 100;
  if (ci.netWacCap) {
    const cap30360 = Math.max(0, x.netRate - x.feeRate);
    const cap = ci.coupon.kind === 'floater' ? (cap30360 * 30) / x.accrualDays : cap30360;
    coupon = Math.min(coupon, cap);
  }
  return { coupon, accrualFraction };
}
