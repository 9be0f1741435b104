/**
 * Benchmarks (`npm run bench`). Prints figures; never asserts on time.
 *  1. one rep-line STACR 2026-DNA1 run (31 rep lines, 240 payment dates) and a full simulate()
 *  2. the 8×9 CPR×CDR matrix on rep lines (M-1 WAL and write-down %)
 *  3. loan-level projection of 100,000 loans × 360 months (loan-months/s on one core)
 *  4. the 72-cell matrix loan-level (100,000 loans): (a) one core on schedule aggregates,
 *     (b) brute force — every cell projects every loan — on a worker_threads pool over all cores
 *  5. cash-flow deals (issue 5): SYN NQM 2025-1, FORDO 2024-A (ABS speed) and the two-group
 *     FHLMC 5005 REMIC — one simulate() each and the 8×9 matrix
 *  6. breakevens of every STACR 2026-DNA1 class in each mode (Cdr, Severity, CumulativeLoss)
 */
import { availableParallelism, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { projectLoans, runBondMatrix, runDeal, simulate } from '@opencrt/engine';
import type { DealSpec, LoanTape } from '@opencrt/engine';
import { allCells } from './matrix-cells.ts';
import { benchBreakevens } from './breakeven.ts';
import { shareTape, syntheticTape } from './loan-tape.ts';
import { MatrixPool } from './worker-pool.ts';

const spec = JSON.parse(readFileSync(fileURLToPath(new URL('../data/deals/structures/stacr-2026-dna1.json', import.meta.url)), 'utf8')) as DealSpec;
const LOANS = Number(process.env.BENCH_LOANS ?? 100_000);

/** Prints median and best of `reps` timed runs; returns [median, best] in ms. */
function timeIt(label: string, reps: number, fn: () => void): [number, number] {
  fn(); // warm-up (JIT)
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`${label}: median ${median.toFixed(2)} ms, best ${times[0]!.toFixed(2)} ms (${reps} runs)`);
  return [median, times[0]!];
}

const scenario = {
  prepay: { kind: 'annual' as const, values: 0.1 }, default: { kind: 'annual' as const, values: 0.005 }, severity: 0.25,
  delinquency: 0.01, indexRate: 0.0365786, lossSource: 'scenario' as const, cleanUpCall: true, timeCall: false, collateralGroup: null,
};

console.log(`OpenCRT benchmarks — node ${process.version}, ${availableParallelism()} cores\n`);
timeIt('1a. rep-line STACR 2026-DNA1 deal run (runDeal, 31 lines, 240 PDs)', 50, () => runDeal(spec, scenario));
timeIt('1b. rep-line simulate() incl. bond rows of 32 bonds and metrics', 20, () => simulate(spec, {
  DealName: spec.dealName, Cpr: 0.1, Cdr: 0.005, LossSeverity: 0.25, Delinquency: 0.01, Libor: 0.0365786, CleanupCall: true,
}, null));
timeIt('2.  rep-line 8×9 CPR×CDR matrix, runBondMatrix (schedule aggregates + 72 waterfalls)', 10, () => {
  runBondMatrix(spec, scenario, 'M-1', null, spec.dates.closingDate);
});
timeIt('2b. rep-line 8×9 matrix, per-line projection in every cell (full)', 3, () => {
  runBondMatrix(spec, scenario, 'M-1', null, spec.dates.closingDate, { full: true });
});

benchBreakevens(spec);

for (const [file, bond, extra] of [['syn-nqm-2025-1', 'A-1', {}], ['fordo-2024-a', 'A-3', { PrepaymentConvention: 'ABS' as const, Cpr: 0.015 }], ['fhlmc-5005', 'PA', {}]] as const) {
  const cash = JSON.parse(readFileSync(fileURLToPath(new URL(`../data/deals/structures/${file}.json`, import.meta.url)), 'utf8')) as DealSpec;
  timeIt(`5.  ${cash.dealName}: simulate() (${cash.tranches.length} classes, ${cash.dates.scheduledMaturityPaymentDateNumber} PDs)`, 20, () => simulate(cash, {
    DealName: cash.dealName, Cpr: 0.1, Cdr: 0.005, LossSeverity: 0.3, Delinquency: 0.01, Libor: 0.043, CleanupCall: true, ...extra,
  }, null));
  timeIt(`5.  ${cash.dealName}: 8×9 matrix of ${bond}`, 3, () => runBondMatrix(cash, { ...scenario, indexRate: 0.043 }, bond, null, cash.dates.closingDate));
}

const tape: LoanTape = syntheticTape(spec, LOANS);
let loanMonths = 0;
for (let i = 0; i < tape.count; i++) loanMonths += Math.min(360, tape.remainingTerm[i]!);
const collateral = {
  prepay: { kind: 'annual' as const, values: 0.1 }, default: { kind: 'annual' as const, values: 0.005 }, severity: 0.25, delinquency: 0,
  recoveryLagMonths: 6, servicerAdvancing: false, convention: 'sifma' as const, fixedLossShare: null, roundToCent: false,
};
const [ms, best] = timeIt(`3.  loan-level projection, ${LOANS.toLocaleString('en-US')} loans × 360 months`, 7, () => projectLoans(tape, collateral, 360));
console.log(`    → ${(loanMonths / ms / 1000).toFixed(1)} M loan-months/s on one core at the median, ${(loanMonths / best / 1000).toFixed(1)} M at best (${(loanMonths / 1e6).toFixed(1)} M loan-months)`);
console.log(`    (load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}: other processes share these cores)`);

timeIt(`4a. loan-level 8×9 matrix on one core via schedule aggregates (1 pass over ${LOANS.toLocaleString('en-US')} loans + 72 waterfalls)`, 3, () => {
  runBondMatrix(spec, scenario, 'M-1', null, spec.dates.closingDate, { tape });
});

const cores = availableParallelism();
const pool = new MatrixPool(cores, spec, 'M-1', shareTape(tape));
await pool.warm();
const t0 = performance.now();
const cells = await pool.run(allCells());
const poolMs = performance.now() - t0;
await pool.close();
console.log(`4b. loan-level 8×9 matrix, every cell projecting all ${LOANS.toLocaleString('en-US')} loans (72 full runs) on ${cores} worker threads: ${(poolMs / 1000).toFixed(2)} s`);
const at = (cdr: number, cpr: number): string => cells.find((c) => c.cdr === cdr && c.cpr === cpr)!.wal.toFixed(2);
console.log(`    M-1 WAL (loan level): CPR 10 / CDR 0 = ${at(0, 10)} y, CPR 10 / CDR 1 = ${at(1, 10)} y, CPR 35 / CDR 5 = ${at(5, 35)} y`);
