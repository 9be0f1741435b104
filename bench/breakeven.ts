/**
 * Bench figure 6 (issue 25 #5): first loss and full write-down of every STACR 2026-DNA1 class
 * (tranches and MACR classes) in each breakeven mode, on one core (the server splits the classes
 * over its workers, so a request is faster still). The target is under 1 s per mode.
 */
import { runBreakevens, type BreakevenMode, type DealScenario, type DealSpec } from '@opencrt/engine';

/** Prints, per mode, the median and best of `reps` searches with their deal runs and class count. */
export function benchBreakevens(spec: DealSpec, reps = 5): void {
  const base: DealScenario = {
    prepay: { kind: 'annual', values: 0.1 }, default: { kind: 'annual', values: 0.02 }, severity: 0.25, delinquency: 0,
    indexRate: 0.0365786, lossSource: 'scenario', cleanUpCall: false, timeCall: false, collateralGroup: null,
  };
  for (const mode of ['Cdr', 'Severity', 'CumulativeLoss'] as BreakevenMode[]) {
    runBreakevens(spec, base, null, { mode }); // warm-up (JIT)
    const times: number[] = [];
    let runs = 0;
    let classes = 0;
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      const result = runBreakevens(spec, base, null, { mode });
      times.push(performance.now() - t0);
      runs = result.Runs;
      classes = result.Breakevens.length;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] as number;
    console.log(`6.  breakevens, mode ${mode}: all ${classes} DNA1 classes (first loss + full write-down), ${runs} deal runs, `
      + `one core: median ${median.toFixed(0)} ms, best ${(times[0] as number).toFixed(0)} ms (${reps} searches; target < 1,000 ms)`);
  }
}
