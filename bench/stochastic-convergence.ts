/**
 * Convergence of a stochastic run (issue 35, `npm run bench:stochastic -- --convergence`): the
 * expected loss of M-1 and B-1H of STACR 2026-DNA1 (rep lines, LDM 3.0) with its standard error at
 * 100, 1,000 and 10,000 paths, on two engine threads. The default mean path loses nothing on those
 * classes, so the paths scatter around a stressed mean (CONVERGENCE_STRESS). Paths are drawn per
 * (Seed, path) alone, so the first N paths of the 10,000 are exactly an N-path run: one run of
 * 10,000 is summarised at each N.
 */
import { ECONOMIC_SCENARIO_PARAMETERS, meanPaths } from '@opencrt/engine';
import { ThreadPoolRunService, defaultRunLimits } from '../apps/server/src/runs/run-service.ts';
import type { stochasticSummaryTask } from '../apps/server/src/modules/stochastic/stochastic-summary.ts';
import { FIXTURE_MONTHS as months, FIXTURE_START as start, dna1Batches } from '../apps/server/src/modules/stochastic/stochastic-fixture.ts';

/** The stressed mean: HPA −20 %/yr for 24 months (−36 % in two years) then +3 %/yr, unemployment 8 %; rates from the settlement month. */
export const CONVERGENCE_STRESS = { hpaDrop: -0.2, dropMonths: 24, hpaAfter: 0.03, unemployment: 0.08 };
const S = CONVERGENCE_STRESS;
const means = meanPaths(ECONOMIC_SCENARIO_PARAMETERS, start, {
  hpa: Array.from({ length: months }, (_, t) => (t < S.dropMonths ? S.hpaDrop : S.hpaAfter)), unemployment: S.unemployment,
}, months);

const counts = [100, 1_000, 10_000];
const seed = Number(process.env.BENCH_SEED ?? 1);
const runs = new ThreadPoolRunService({ ...defaultRunLimits({}), threads: 2 });
try {
  const inputs = dna1Batches(counts.at(-1) as number, 25, 'dna1-convergence', seed).map((b) => ({ ...b, means }));
  const t0 = performance.now();
  const outcomes = await runs.runBatch('stochasticBatch', inputs, { userId: 1, concurrency: 2 });
  const batches = outcomes.map((o) => { if (!o.ok) throw new Error(o.message); return o.value; });
  console.log(`STACR 2026-DNA1, rep lines, LDM 3.0, seed ${seed}; mean path HPA ${S.hpaDrop * 100} %/yr for ${S.dropMonths} months then +${S.hpaAfter * 100} %/yr, unemployment ${S.unemployment * 100} %`);
  console.log(`${counts.at(-1)} paths on two threads in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  console.log('| Paths | M-1 expected loss % (std err) | B-1H expected loss % (std err) | M-1 P(loss) % | B-1H P(loss) % |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const n of counts) {
    const summary = await runs.run('stochasticSummary', { paths: n, seed, batches: batches.filter((b) => b.to <= n) }, { userId: 1 }) as ReturnType<typeof stochasticSummaryTask>;
    const c = (name: string) => summary.Classes.find((x) => x.BondName === name) as ReturnType<typeof stochasticSummaryTask>['Classes'][number];
    const [m1, b1] = [c('M-1'), c('B-1H')];
    console.log(`| ${n.toLocaleString('en-US')} | ${m1.ExpectedLossPct.toFixed(3)} (${m1.ExpectedLossStdErrPct.toFixed(3)}) | ${b1.ExpectedLossPct.toFixed(3)} (${b1.ExpectedLossStdErrPct.toFixed(3)}) | ${m1.ProbabilityOfLossPct.toFixed(1)} | ${b1.ProbabilityOfLossPct.toFixed(1)} |`);
  }
} finally {
  await runs.close();
}
