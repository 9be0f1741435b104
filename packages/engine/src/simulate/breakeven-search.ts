/**
 * The grid search of a breakeven bracket (issue 25 #5: every DNA1 class in under a second): the
 * smallest integer step in (lo, hi] at which a class has reached its target, given that it has not
 * at `lo` and has at `hi`. Each probe is a deal run, so the probe count is what matters.
 *
 * Bisection needs about log2(hi − lo) probes. A class's write-downs are 0 below its first loss, so
 * "reached or not" says nothing about how far away the target is; but a guide does: the loss that
 * has eaten into the support under the class (write-downs of the classes below it, less their
 * balance), which grows with CDR or severity almost linearly. Regula falsi on the guide (with the
 * Illinois halving, so a bent guide cannot stall one end) lands next to the answer in a few probes;
 * the bracket itself moves only on the true "reached" test, and a probe that fails to halve the
 * bracket is followed by a bisection, so the answer is always a grid step that reaches the target
 * with the step below not reaching it, in at most about twice bisection's probes.
 */

export interface GridProbe {
  /** The class has reached the target at this step (the run is memoized by the caller). */
  reached(step: number): boolean;
  /** Signed guide of the distance to the target at this step (< 0 short of it), or null: bisect only. */
  guide(step: number): number | null;
}

/**
 * @param lo a step short of the target
 * @param hi a step past it (hi > lo)
 */
export function searchGrid(lo: number, hi: number, probe: GridProbe): number {
  let gLo = probe.guide(lo);
  let gHi = probe.guide(hi);
  let lastSide: 'lo' | 'hi' | null = null;
  let bisectNext = false;
  while (hi - lo > 1) {
    const width = hi - lo;
    let next: number;
    const usable: boolean = !bisectNext && gLo !== null && gHi !== null && gLo < 0 && gHi > 0;
    if (usable) {
      // Where the straight line through the guide crosses 0, rounded up (the answer is a ceiling).
      next = Math.ceil(lo + (width * -(gLo as number)) / ((gHi as number) - (gLo as number)));
    } else {
      next = Math.floor((lo + hi) / 2);
    }
    next = Math.min(hi - 1, Math.max(lo + 1, next));
    const wasBisect: boolean = !usable;
    const hit = probe.reached(next);
    if (hit) {
      hi = next;
      gHi = probe.guide(next);
      if (lastSide === 'hi' && gLo !== null) gLo /= 2; // Illinois: the other end has stood still twice
      lastSide = 'hi';
    } else {
      lo = next;
      gLo = probe.guide(next);
      if (lastSide === 'lo' && gHi !== null) gHi /= 2;
      lastSide = 'lo';
    }
    // A guided probe that left more than half the bracket: bisect once before trusting the guide again.
    bisectNext = !wasBisect && hi - lo > width / 2;
  }
  return hi;
}
