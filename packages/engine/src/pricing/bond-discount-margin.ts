import {
  type AnalyticsResult, type FloaterDetails, type FloaterPeriod, type FloaterTerms, discountMarginFromPrice, priceFromDiscountMargin,
} from '../analytics/index.ts';
import type { DealSpec } from '../deal/deal-spec.ts';
import type { AnyDealRun, BondRows } from '../simulate/bond-cashflows.ts';
import { ymdToIso } from '../simulate/deal-dates.ts';
import { faceAtSettlement } from '../simulate/pricing-cashflows.ts';

/**
 * Discount margin of a floating-rate class in a deal run (crt-domain §5.3; issue 18 #18: the
 * margin analysts read beside yield and spread for floaters). The solver is the analytics one
 * (`discountMarginFromPrice`, the same `quoteBond` uses): coupons projected at index + margin
 * (floored) on the bond's own principal and write-down schedule, discounted at index + DM,
 * actual/360. The index path is the run's own: the request's IndexCurve (issue 25 #1), else its
 * LIBOR/SOFR, flat or a vector; the DM is measured over that path, period by period.
 */

/** A class's coupon terms over the index, percent. */
export interface FloatingCoupon {
  marginPct: number;
  floorPct: number;
}

/**
 * The floating coupon of a class, or null for a class that does not float (fixed, interest-only,
 * retained reference tranches that pay no interest): a reference-tranche note's margin and floor,
 * a cash-flow deal's 'floater' coupon, a principal MACR class's margin. A net-WAC cap or step-up
 * of a cash-flow class is not part of the DM projection (the quoted-margin convention).
 */
export function floatingCouponOf(spec: DealSpec, bondName: string): FloatingCoupon | null {
  const macr = spec.macrClasses.find((m) => m.name === bondName);
  if (macr) return macr.kind === 'principal' && macr.marginPct !== null ? { marginPct: macr.marginPct, floorPct: 0 } : null;
  if (spec.waterfall.kind === 'cash-flow') {
    const coupon = spec.waterfall.interest.find((i) => i.tranche === bondName)?.coupon;
    return coupon?.kind === 'floater' ? { marginPct: coupon.marginPct, floorPct: coupon.floorPct ?? 0 } : null;
  }
  const tranche = spec.tranches.find((t) => t.name === bondName);
  return tranche && tranche.marginPct !== null ? { marginPct: tranche.marginPct, floorPct: tranche.couponFloorPct ?? 0 } : null;
}

/** The DM of a floating class at a price: its quoted margin and the solved DM (fractions). */
export interface BondDiscountMargin {
  /** Quoted margin over the index. */
  margin: number;
  /** DM at the price; failed with the solver's spread messages ("Can't compute Spread."). */
  result: AnalyticsResult;
}

/**
 * Discount margin of `bond` (rows of `run`) at a clean price per 100 of its face at settlement.
 * @param run the deal run the rows come from (its spec says whether the class floats; its index path is used)
 * @param settlementIso settlement date (ISO); rows paid on or before it are not valued
 * @param accrualStartIso start of the accrual period in progress at settlement
 * @returns null when the class does not float
 */
export function bondDiscountMargin(run: AnyDealRun, bond: BondRows, settlementIso: string, accrualStartIso: string, cleanPrice: number): BondDiscountMargin | null {
  const floater = floaterOf(run, bond, settlementIso, accrualStartIso);
  if (floater === null) return null;
  return { margin: floater.margin, result: discountMarginFromPrice(floater.periods, floater.terms, cleanPrice) };
}

/** The clean price of a floating class at a discount margin (issue 25 #2), with its quoted margin. */
export interface BondPriceFromDiscountMargin {
  /** Quoted margin over the index (fraction). */
  margin: number;
  /** Clean price per 100 of face at settlement; details carry the dirty price and accrued dollars. */
  result: AnalyticsResult<FloaterDetails>;
}

/**
 * Clean price per 100 of face of `bond` at discount margin `dm` (fraction): the inverse of
 * `bondDiscountMargin` on the same projection (coupons at index + margin, discounted at index + DM,
 * actual/360), so DM → price → DM returns the DM to solver precision.
 * @returns null when the class does not float
 */
export function bondPriceFromDiscountMargin(run: AnyDealRun, bond: BondRows, settlementIso: string, accrualStartIso: string, dm: number): BondPriceFromDiscountMargin | null {
  const floater = floaterOf(run, bond, settlementIso, accrualStartIso);
  if (floater === null) return null;
  return { margin: floater.margin, result: priceFromDiscountMargin(floater.periods, floater.terms, dm) };
}

/** A floating class's periods and DM terms from a run, or null when it does not float. */
function floaterOf(run: AnyDealRun, bond: BondRows, settlementIso: string, accrualStartIso: string): { margin: number; periods: FloaterPeriod[]; terms: FloaterTerms } | null {
  const coupon = bond.interestOnly ? null : floatingCouponOf(run.spec, bond.name);
  if (coupon === null) return null;
  const margin = coupon.marginPct / 100;
  // The index of each accrual period after settlement: the run's rate for that row.
  const index = bond.rows.flatMap((r, i) => ((ymdToIso(r.PaymentDate) as string) > settlementIso ? [run.indexRates[i] ?? Number.NaN] : []));
  const face = faceAtSettlement(bond, settlementIso);
  const periods = bond.rows.map((r) => ({ date: r.PaymentDate, principal: r.Principal, writeDown: r.ActualWriteDown }));
  return { margin, periods, terms: { settlement: settlementIso, accrualStart: accrualStartIso, face, margin, index, floor: coupon.floorPct / 100 } };
}
