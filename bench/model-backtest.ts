/**
 * Back-test benchmark (issue 24, Speed): prints figures, never asserts on time.
 *  1. the engine part of `npm run model:backtest` on the profile (5,000 loans × 144 months,
 *     2007-01): seeded tape + paths + loan-by-loan run + summary — target < 2 s;
 *  2. the whole command as the checks call it (`npm run -s model:backtest -- PROFILE.json`: npm,
 *     tsx start-up and compilation, reading the CSV, the run, printing).
 * Wall and CPU time both: the shared 2-core machine is often loaded, and CPU time shows what the
 * run itself costs.
 * Usage: npm run bench:backtest
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMacroCsv, runBacktest, type BacktestProfile } from '@opencrt/engine';

const root = fileURLToPath(new URL('..', import.meta.url));
const profile: BacktestProfile = {
  Model: 'LDM_3', Start: '2007-01', Months: 144, Macro: 'data/macro/us-macro-monthly-2004-2021.csv',
  Loans: { Count: 5000, Seed: 7, Fico: 720, Dti: 39.1, Ltv: 75.3, Cltv: 77.9, NoteRate: 6.33, TermMonths: 360, MiPct: 0, AverageBalance: 180000 },
};
const macro = parseMacroCsv(readFileSync(join(root, profile.Macro), 'utf8'));

function measure(label: string, reps: number, fn: () => unknown): void {
  fn(); // warm-up
  const wall: number[] = [], cpu: number[] = [];
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  console.log(`${label}: wall median ${med(wall).toFixed(0)} ms (best ${Math.min(...wall).toFixed(0)}), CPU median ${med(cpu).toFixed(0)} ms (${reps} runs)`);
}

console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (const Model of ['LDM', 'LDM_3'] as const) {
  measure(`1. back-test ${Model}, 5,000 loans × 144 months (tape + run + summary, in process)`, 5, () => runBacktest({ ...profile, Model }, macro));
}
const dir = mkdtempSync(join(tmpdir(), 'bench-backtest-'));
try {
  const file = join(dir, 'profile.json');
  writeFileSync(file, JSON.stringify(profile));
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    execFileSync('npm', ['run', '-s', 'model:backtest', '--', file], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    times.push(performance.now() - t0);
  }
  console.log(`2. npm run -s model:backtest -- PROFILE.json (whole process): ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
