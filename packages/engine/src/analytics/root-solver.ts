/**
 * Safeguarded Newton root finder shared by the yield, IRR and discount-margin solvers.
 * It first brackets a sign change by walking out from the guess (doubling steps up to `ceiling`,
 * down to `floor`), then runs Newton steps, falling back to bisection whenever a step leaves the
 * bracket. Every bracketing point and every iterate counts as one try against `maxTries`
 * (forward-difference probes for a missing derivative do not).
 */

/** Why a solve failed; callers map the reason to their domain's message. */
export type RootFailureReason = 'noRoot' | 'tooManyTries' | 'belowFloor';

/** Outcome of `findRoot`. */
export type RootOutcome = { ok: true; x: number; tries: number } | { ok: false; reason: RootFailureReason };

/** Search settings. `floor` is the lowest x evaluated; the function must be finite on [floor, ceiling]. */
export interface RootSearch {
  guess: number;
  floor: number;
  ceiling: number;
  /** First bracketing step; doubled each try. */
  step: number;
  /** Absolute tolerance on |f(x)|. */
  tolerance: number;
  maxTries: number;
}

class TryBudget {
  used = 0;
  constructor(private readonly max: number) {}
  /** Counts one evaluation; false once the budget is exhausted. */
  take(): boolean {
    this.used += 1;
    return this.used <= this.max;
  }
}

/**
 * Finds x in [floor, ceiling] with f(x) = 0.
 * @param f the function (must be continuous on the search interval)
 * @param df its derivative, or null for a forward-difference estimate
 * @returns the root, or `belowFloor` when |f| keeps shrinking toward the floor without a sign
 *   change (the root lies below it), `noRoot` when no sign change exists in the interval,
 *   `tooManyTries` when `maxTries` evaluations did not suffice
 */
export function findRoot(f: (x: number) => number, df: ((x: number) => number) | null, s: RootSearch): RootOutcome {
  const budget = new TryBudget(s.maxTries);
  if (!(s.guess > s.floor) || s.guess > s.ceiling) return { ok: false, reason: s.guess <= s.floor ? 'belowFloor' : 'noRoot' };
  if (!budget.take()) return { ok: false, reason: 'tooManyTries' };
  const f0 = f(s.guess);
  if (!Number.isFinite(f0)) return { ok: false, reason: 'noRoot' };
  if (Math.abs(f0) <= s.tolerance) return { ok: true, x: s.guess, tries: budget.used };

  // Bracketing walk: alternate one step up and one step down from the guess.
  let upX = s.guess;
  let upF = f0;
  let downX = s.guess;
  let downF = f0;
  let width = s.step;
  let bracket: [number, number, number, number] | null = null;
  while (bracket === null && (upX < s.ceiling || downX > s.floor)) {
    if (upX < s.ceiling) {
      if (!budget.take()) return { ok: false, reason: 'tooManyTries' };
      const x = Math.min(s.ceiling, s.guess + width);
      const fx = f(x);
      if (!Number.isFinite(fx)) return { ok: false, reason: 'noRoot' };
      if (Math.sign(fx) !== Math.sign(upF)) bracket = [upX, upF, x, fx];
      upX = x;
      upF = fx;
    }
    if (bracket === null && downX > s.floor) {
      if (!budget.take()) return { ok: false, reason: 'tooManyTries' };
      const x = Math.max(s.floor, s.guess - width);
      const fx = f(x);
      if (!Number.isFinite(fx)) return { ok: false, reason: 'noRoot' };
      if (Math.sign(fx) !== Math.sign(downF)) bracket = [x, fx, downX, downF];
      downX = x;
      downF = fx;
    }
    width *= 2;
  }
  if (bracket === null) {
    // No sign change: the root is below the floor when |f| still falls on the way down.
    return { ok: false, reason: Math.abs(downF) < Math.abs(f0) && Math.abs(downF) <= Math.abs(upF) ? 'belowFloor' : 'noRoot' };
  }

  let [lo, fLo, hi, fHi] = bracket;
  if (fLo === 0) return { ok: true, x: lo, tries: budget.used };
  if (fHi === 0) return { ok: true, x: hi, tries: budget.used };
  let x = Math.abs(fLo) < Math.abs(fHi) ? lo : hi;
  let fx = x === lo ? fLo : fHi;
  for (;;) {
    const slope = df !== null ? df(x) : derivativeEstimate(f, x, fx, hi - lo);
    let next = x - fx / slope;
    if (!Number.isFinite(next) || next <= lo || next >= hi) next = (lo + hi) / 2;
    if (!budget.take()) return { ok: false, reason: 'tooManyTries' };
    const fNext = f(next);
    if (!Number.isFinite(fNext)) return { ok: false, reason: 'noRoot' };
    if (Math.abs(fNext) <= s.tolerance) return { ok: true, x: next, tries: budget.used };
    if (Math.sign(fNext) === Math.sign(fLo)) {
      lo = next;
      fLo = fNext;
    } else {
      hi = next;
      fHi = fNext;
    }
    x = next;
    fx = fNext;
    // The bracket cannot shrink further in double precision: x is as good as it gets.
    if (hi - lo <= 4 * Number.EPSILON * Math.max(1, Math.abs(x))) return { ok: true, x, tries: budget.used };
  }
}

function derivativeEstimate(f: (x: number) => number, x: number, fx: number, span: number): number {
  const h = Math.max(1e-9, Math.min(1e-6, span / 4));
  return (f(x + h) - fx) / h;
}
