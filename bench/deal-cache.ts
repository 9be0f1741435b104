/**
 * `npm run bench:cache`: what the run workers' deal cache saves. The same loan-level STACR
 * 2026-DNA1 simulate task through the thread-pool run service, (a) sending spec and a loan tape
 * with every run (no cache: the old input shape) and (b) as a deal key the workers cache (the body
 * travels once per thread). Prints figures; never asserts on time.
 */
import { availableParallelism, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DealSpec, SimulationRequest } from '@opencrt/engine';
import { dealInput } from '../apps/server/src/runs/deal-cache.ts';
import { ThreadPoolRunService } from '../apps/server/src/runs/run-service.ts';
import { syntheticTape } from './loan-tape.ts';

const spec = JSON.parse(readFileSync(fileURLToPath(new URL('../data/deals/structures/stacr-2026-dna1.json', import.meta.url)), 'utf8')) as DealSpec;
const LOANS = Number(process.env.BENCH_LOANS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const tape = syntheticTape(spec, LOANS);
const request: SimulationRequest = {
  DealName: spec.dealName, Cpr: 0.1, Cdr: 0.005, LossSeverity: 0.25, Delinquency: 0.01, Libor: 0.0365786, CleanupCall: true, RunLoanLevel: true,
};
const threads = Math.max(1, availableParallelism());
const runs = new ThreadPoolRunService({ threads, perUser: 1_000, maxAdmitted: 1_000 });

async function timed(label: string, input: () => Parameters<typeof runs.run<'simulate'>>[1]): Promise<void> {
  // Warm-up: starts the threads and (b) fills their caches.
  await Promise.all(Array.from({ length: threads * 2 }, () => runs.run('simulate', input(), { userId: 1 })));
  const times: number[] = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: RUNS }, async () => {
    const s = performance.now();
    await runs.run('simulate', input(), { userId: 1 });
    times.push(performance.now() - s);
  }));
  const total = performance.now() - t0;
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)] ?? 0;
  console.log(`${label}: ${(RUNS / (total / 1000)).toFixed(1)} runs/s, p50 ${p50.toFixed(1)} ms over ${RUNS} runs (${threads} threads)`);
}

console.log(`Deal cache in the run workers — ${LOANS.toLocaleString()} loans, loan-level simulate, node ${process.version}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
await timed('(a) spec + loan tape sent with every run', () => ({ spec, state: null, tape, request }));
await timed('(b) deal key, body cached in the workers ', () => ({ deal: dealInput(`bench|${LOANS}`, null, () => ({ spec, tape })), request }));
await runs.close();
