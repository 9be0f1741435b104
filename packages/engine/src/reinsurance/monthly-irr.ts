/**
 * IRR of a monthly cashflow (element t = month t, t = 0 first). Kept private to the reinsurance
 * folder: the pricing package with shared IRR helpers did not exist when this was written.
 */

export const CANT_COMPUTE_YIELD = "Can't compute Yield.";
export const TOO_MANY_TRIES = 'Too many tries in Yield calculation.';

/** Net present value at monthly rate m. */
export function npvAt(flows: readonly number[], m: number): number {
  let v = 0;
  let d = 1;
  for (const f of flows) {
    v += f / d;
    d *= 1 + m;
  }
  return v;
}

/**
 * Monthly IRR by bisection on (-99%, +1000%) per month after a sign check: needs a negative
 * first flow and some positive later flow, otherwise the rate is undefined.
 * @returns { ok, value } or the spec's silent message
 */
export function monthlyIrr(flows: readonly number[]): { ok: true; value: number } | { ok: false; message: string } {
  const first = flows[0] ?? 0;
  if (!(first < 0) || !flows.some((f, i) => i > 0 && f > 0)) return { ok: false, message: CANT_COMPUTE_YIELD };
  let lo = -0.99;
  let hi = 10;
  let fLo = npvAt(flows, lo);
  const fHi = npvAt(flows, hi);
  if (!Number.isFinite(fLo) || !Number.isFinite(fHi) || Math.sign(fLo) === Math.sign(fHi)) return { ok: false, message: CANT_COMPUTE_YIELD };
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    const fMid = npvAt(flows, mid);
    if (Math.abs(hi - lo) < 1e-14 || fMid === 0) return { ok: true, value: mid };
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else {
      hi = mid;
    }
  }
  return { ok: false, message: TOO_MANY_TRIES };
}
