/**
 * Credit-model benchmark of issue 17 (Performance): prints figures, never asserts on time.
 *  1. one model run of 100,000 loans × 360 months on one thread, and split over two worker
 *     threads (halves of the tape; pool sums add up) — target < 2 s on both cores;
 *  2. an 8 × 9 matrix on model-generated vectors: the model's CPR and CDR vectors scaled by the
 *     matrix's multipliers (CPR ×0.25…×2, CDR ×0…×3), each cell a full STACR 2026-DNA1 run and
 *     M-1 WAL / write-down (rep lines) — target < 4 s.
 * Usage: npx tsx bench/model-run.ts   (BENCH_LOANS to change the loan count)
 */
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  addCreditModelSums, creditModelVectors, emptyModelTape, responseOf, runCreditModel, runDeal, sliceModelTape, stratifiedNormalScores,
  type CreditModelInputs, type CreditModelSums, type DealSpec, type ModelLoanTape,
} from '@opencrt/engine';

const LOANS = Number(process.env.BENCH_LOANS ?? 100_000);
const MONTHS = 360;
const spec = JSON.parse(readFileSync(fileURLToPath(new URL('../data/deals/structures/stacr-2026-dna1.json', import.meta.url)), 'utf8')) as DealSpec;

/** Deterministic GSE-like tape (crt-domain.md §7 targets): scores ~N(755, 40), LTV 60–97, DTI 20–50, 30y terms. */
function modelTape(n: number): ModelLoanTape {
  let s = 20260217;
  const rnd = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
  const t = emptyModelTape(n);
  for (let i = 0; i < n; i++) {
    const age = Math.floor(rnd() * 36);
    const ltv = 0.6 + rnd() * 0.37;
    t.balance[i] = 80_000 + rnd() * 620_000;
    t.noteRate[i] = 0.055 + rnd() * 0.02;
    t.remainingTerm[i] = 360 - age;
    t.age[i] = age;
    t.originalTerm[i] = 360;
    t.creditScore[i] = Math.min(850, Math.max(620, 755 + 40 * (rnd() + rnd() + rnd() - 1.5) * 1.4));
    t.dtiPct[i] = 20 + rnd() * 30;
    t.propertyValue[i] = (t.balance[i] as number) / ltv;
    t.miCoverage[i] = ltv > 0.8 ? 0.25 : 0;
    t.sato[i] = (rnd() - 0.5) * 0.005;
  }
  return t;
}

const inputs: CreditModelInputs = {
  model: 'LDM_3', homePriceGrowth: 0.03, tsy2Year: 0.036, tsy10Year: 0.042, mtg15Year: null, mtg30Year: null, unemployment: 0.044,
  tuneCpr: 1, tuneCdr: 1, tuneSeverity: 1, useMortgageInsurance: true, startCalendarMonth: 3,
};

/**
 * Wall and CPU time (process.cpuUsage: every thread of the process, workers included) of `reps`
 * runs after a warm-up. The machine is shared: CPU time is what the run itself costs, wall time
 * what a user waits on it now.
 */
async function timeAsync<T>(label: string, reps: number, fn: () => T | Promise<T>): Promise<T> {
  let out = await fn(); // warm-up
  const wall: number[] = [], cpu: number[] = [];
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    out = await fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  console.log(`${label}: wall median ${med(wall).toFixed(0)} ms, best ${Math.min(...wall).toFixed(0)} ms; CPU median ${med(cpu).toFixed(0)} ms (${reps} runs)`);
  return out;
}
const timeIt = timeAsync;

console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const tape = modelTape(LOANS);
await timeIt(`1a. model ${LOANS} loans × ${MONTHS} months, one thread (national HPI)`, 3, () => runCreditModel(tape, inputs, MONTHS));
// Deal tapes carry each home's regional beta and own price drift (model-tape.loader.ts): the
// local HPI is looked up per loan-month, as on STACR 2026-DNA1.
const dispersed = { ...tape, hpiBeta: tape.hpiBeta.map((_, i) => [2.6, 1.4, 1, 0.6, 0.3][i % 5]!), valueNoise: stratifiedNormalScores(LOANS, 7) };
await timeIt(`1a'. model ${LOANS} loans × ${MONTHS} months, one thread (regional betas + home drift)`, 3, () => runCreditModel(dispersed, inputs, MONTHS));

// Two workers, each holding its half of the tape once (as the run service's workers do per run).
const boot = new URL('./model-worker-boot.mjs', import.meta.url);
const workers = [0, 1].map(() => new Worker(boot));
const halves = [sliceModelTape(dispersed, 0, LOANS / 2), sliceModelTape(dispersed, LOANS / 2, LOANS)].map((h) => structuredClone(h));
let nextId = 0;
const runOn = (w: Worker, part: ModelLoanTape) => new Promise<CreditModelSums>((resolve) => {
  const id = nextId++;
  const onMessage = (m: { id: number; sums: CreditModelSums }) => { if (m.id === id) { w.off('message', onMessage); resolve(m.sums); } };
  w.on('message', onMessage);
  w.postMessage({ id, tape: part, inputs, months: MONTHS });
});
const sums = await timeAsync(`1b. model ${LOANS} loans × ${MONTHS} months, two worker threads, regional betas + home drift (incl. sending the halves)`, 3,
  async () => { const [a, b] = await Promise.all(workers.map((w, i) => runOn(w, halves[i]!))); return addCreditModelSums(a!, b!); });
await Promise.all(workers.map((w) => w.terminate()));

const v = creditModelVectors(sums);
console.log(`   model vectors: CPR m1 ${(v.cpr[0]! * 100).toFixed(2)}%, m12 ${(v.cpr[11]! * 100).toFixed(2)}%; CDR m24 ${(v.cdr[23]! * 100).toFixed(3)}%; severity m24 ${(v.severity[23]! * 100).toFixed(1)}%; 60+ m24 ${(v.delinquency[23]! * 100).toFixed(2)}%`);

const CPR_X = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
const CDR_X = [0, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 4];
const cells = await timeIt('2. 8×9 matrix on the model vectors (72 STACR 2026-DNA1 runs, M-1 WAL and write-down)', 3, () => {
  const out: number[] = [];
  for (const cdrX of CDR_X) {
    for (const cprX of CPR_X) {
      const run = runDeal(spec, {
        prepay: { kind: 'annual', values: Array.from(v.cpr, (x) => Math.min(0.99, x * cprX)) },
        default: { kind: 'annual', values: Array.from(v.cdr, (x) => Math.min(0.99, x * cdrX)) },
        severity: Array.from(v.severity), delinquency: Array.from(v.delinquency), indexRate: 0.0365786,
        lossSource: 'scenario', cleanUpCall: true, timeCall: false, collateralGroup: null,
      });
      const m1 = responseOf(run, 'M-1', spec.dates.closingDate).BondsCashflows[0];
      out.push(m1?.Wal ?? NaN);
    }
  }
  return out;
});
console.log(`   M-1 WAL at ×1 CPR: ${CDR_X.map((x, i) => `${x}× CDR ${cells[i * 8 + 3]!.toFixed(2)}`).join(', ')}`);
console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
