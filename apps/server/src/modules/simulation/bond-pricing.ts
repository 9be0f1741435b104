import type { PricingCashflows } from '@opencrt/engine';

/**
 * Price ↔ yield of a bond's projected cash flows (crt-domain §5.3): dirty price × face =
 * Σ CF_k · (1 + y/12)^(−τ_k), τ_k = 30/360 months from settlement, y the mortgage-convention
 * yield (12 × the monthly rate). Prices are percent of the settlement face (clean = dirty −
 * accrued); yields and spreads are fractions. Failures carry the spec's silent messages
 * (spec 001 §8), so the screen shows '-----' without an alert.
 *
 * This is the server's own small solver until the engine's analytics module exports one; it
 * works on the engine's `pricingCashflows` output, so swapping it is a one-line change.
 */
export type PricingOutcome = { ok: true; value: number } | { ok: false; message: string };

export const CANT_COMPUTE_YIELD = "Can't compute Yield.";
export const TOO_MANY_TRIES_YIELD = 'Too many tries in Yield calculation.';
export const TOO_NEGATIVE_YIELD = 'Guess is too negative in Yield calculation.';
export const CANT_COMPUTE_SPREAD = "Can't compute Spread.";
export const TOO_MANY_TRIES_SPREAD = 'Too many tries in Spread calculation.';
export const CANT_COMPUTE_PRICE = "Can't compute Price.";

/** Lowest yield the solver accepts (−99 % a year): below it a price is treated as unreachable. */
const MIN_YIELD = -0.99;
const MAX_YIELD = 50;

/** Present value (dollars) of the cash flows at yield y (fraction, mortgage convention). */
export function presentValue(cf: PricingCashflows, y: number): number {
  const base = 1 + y / 12;
  let pv = 0;
  for (let k = 0; k < cf.cash.length; k++) pv += (cf.cash[k] as number) * base ** -(cf.months[k] as number);
  return pv;
}

/** Clean price (percent of face) at yield y. */
export function priceFromYield(cf: PricingCashflows, y: number): PricingOutcome {
  if (cf.face <= 0 || cf.cash.length === 0) return { ok: false, message: CANT_COMPUTE_PRICE };
  if (y <= MIN_YIELD) return { ok: false, message: TOO_NEGATIVE_YIELD };
  const price = ((presentValue(cf, y) - cf.accrued) / cf.face) * 100;
  return Number.isFinite(price) ? { ok: true, value: price } : { ok: false, message: CANT_COMPUTE_PRICE };
}

/**
 * Yield (fraction) that discounts the cash flows to the clean price (percent of face) plus accrued.
 * PV falls as the yield rises (cash flows are non-negative), so bisection on a bracket is safe;
 * Newton steps speed it up while they stay inside the bracket.
 */
export function yieldFromPrice(cf: PricingCashflows, cleanPricePct: number): PricingOutcome {
  const total = cf.cash.reduce((s, x) => s + x, 0);
  if (cf.face <= 0 || total <= 0 || !(cleanPricePct > 0)) return { ok: false, message: CANT_COMPUTE_YIELD };
  const target = (cleanPricePct / 100) * cf.face + cf.accrued;
  const f = (y: number) => presentValue(cf, y) - target;
  let lo = MIN_YIELD;
  let hi = MAX_YIELD;
  // A price above all the undiscounted cash needs a negative yield; below the floor → refuse.
  if (f(lo) < 0) return { ok: false, message: TOO_NEGATIVE_YIELD };
  if (f(hi) > 0) return { ok: false, message: CANT_COMPUTE_YIELD };
  let y = 0.05;
  for (let i = 0; i < 200; i++) {
    const fy = f(y);
    if (Math.abs(fy) < 1e-9 * Math.max(1, target)) return { ok: true, value: y };
    if (fy > 0) lo = y; else hi = y;
    // Newton step on the discount sum; fall back to the bracket's midpoint when it leaves it.
    const h = 1e-7;
    const slope = (f(y + h) - fy) / h;
    let next = slope < 0 ? y - fy / slope : Number.NaN;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - y) < 1e-13) return { ok: true, value: next };
    y = next;
  }
  return { ok: false, message: TOO_MANY_TRIES_YIELD };
}

/** Spread (fraction) of the bond's yield at a clean price over a benchmark rate (fraction). */
export function spreadFromPrice(cf: PricingCashflows, cleanPricePct: number, benchmark: number): PricingOutcome {
  const y = yieldFromPrice(cf, cleanPricePct);
  if (!y.ok) return { ok: false, message: y.message === TOO_MANY_TRIES_YIELD ? TOO_MANY_TRIES_SPREAD : CANT_COMPUTE_SPREAD };
  return { ok: true, value: y.value - benchmark };
}
