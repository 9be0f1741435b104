/**
 * The distribution of a stochastic run from its batches (a run-service task: sorting thousands of
 * paths per period is engine-sized work, kept off the event loop). Percentiles are nearest-rank;
 * expected shortfall at 99 % is the mean of the worst ⌈1 % of paths⌉.
 */
import type { StochasticResponse } from '@opencrt/contracts';
import type { StochasticBatchOutput } from './stochastic.tasks.ts';

/** A class losing more than this (percent of its balance) on a path counts as a loss (half a cent on $1 bn is less). */
const LOSS_EPSILON_PCT = 1e-9;

export interface StochasticSummaryInput {
  paths: number;
  seed: number;
  /** Batches in path order, together covering paths 0 … paths − 1. */
  batches: StochasticBatchOutput[];
}

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

const round = (x: number, digits = 6) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);

function meanOf(values: Float64Array): number | null {
  let sum = 0;
  let n = 0;
  for (const v of values) if (Number.isFinite(v)) { sum += v; n++; }
  return n > 0 ? sum / n : null;
}

/** Every path's values of one class (or series) in path order. */
function gather(batches: readonly StochasticBatchOutput[], pick: (b: StochasticBatchOutput) => Float64Array, paths: number): Float64Array {
  const out = new Float64Array(paths);
  for (const b of batches) out.set(pick(b).subarray(0, b.to - b.from), b.from);
  return out;
}

/** Percentiles by period of a per-path series stored [path × periods + period]. */
function fan(batches: readonly StochasticBatchOutput[], series: (b: StochasticBatchOutput) => Float32Array, width: number, paths: number) {
  const column = new Float32Array(paths);
  const rows: { Period: number; P5: number; P25: number; P50: number; P75: number; P95: number }[] = [];
  for (let t = 0; t < width; t++) {
    for (const b of batches) {
      const values = series(b);
      for (let i = 0; i < b.to - b.from; i++) column[b.from + i] = values[i * width + t] as number;
    }
    const sorted = column.slice().sort();
    rows.push({
      Period: t + 1, P5: round(percentile(sorted, 5), 4), P25: round(percentile(sorted, 25), 4), P50: round(percentile(sorted, 50), 4),
      P75: round(percentile(sorted, 75), 4), P95: round(percentile(sorted, 95), 4),
    });
  }
  return rows;
}

/** Paths by loss in `bins` equal bins from 0 to the largest loss; the last bin includes its upper edge. */
export function histogram(sortedLosses: Float64Array, bins = 20): { FromPct: number; ToPct: number; Paths: number }[] {
  const max = sortedLosses.length > 0 ? (sortedLosses[sortedLosses.length - 1] as number) : 0;
  if (!(max > LOSS_EPSILON_PCT)) return [{ FromPct: 0, ToPct: 0, Paths: sortedLosses.length }];
  const width = max / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const v of sortedLosses) counts[Math.min(bins - 1, Math.floor(v / width))]! += 1;
  return counts.map((paths, b) => ({ FromPct: round(b * width), ToPct: round((b + 1) * width), Paths: paths }));
}

export function stochasticSummaryTask(input: StochasticSummaryInput): Omit<StochasticResponse, 'RunTime'> {
  const { paths, batches } = input;
  const first = batches[0];
  if (!first) throw new Error('A stochastic run produced no paths.');
  const classes = first.classNames.map((BondName, k) => {
    const losses = gather(batches, (b) => b.lossPct[k] as Float64Array, paths);
    const sorted = losses.slice().sort();
    const mean = losses.reduce((s, v) => s + v, 0) / paths;
    const variance = paths > 1 ? losses.reduce((s, v) => s + (v - mean) ** 2, 0) / (paths - 1) : 0;
    const tail = Math.max(1, Math.ceil(paths * 0.01));
    const worst = sorted.subarray(paths - tail);
    const wal = meanOf(gather(batches, (b) => b.wal[k] as Float64Array, paths));
    const dm = meanOf(gather(batches, (b) => b.dmBp[k] as Float64Array, paths));
    return {
      BondName,
      ExpectedLossPct: round(mean),
      ExpectedLossStdErrPct: round(Math.sqrt(variance / paths)),
      ProbabilityOfLossPct: round((losses.filter((v) => v > LOSS_EPSILON_PCT).length / paths) * 100),
      LossPctP95: round(percentile(sorted, 95)),
      LossPctP99: round(percentile(sorted, 99)),
      ExpectedShortfallP99Pct: round(worst.reduce((s, v) => s + v, 0) / worst.length),
      MeanWal: wal === null ? null : round(wal, 4),
      MeanDiscountMargin: dm === null ? null : round(dm, 4),
      Histogram: histogram(sorted),
    };
  });
  const periods = first.periods;
  const months = first.hpiIndex.length / Math.max(1, first.to - first.from);
  const finalLoss = gather(batches, (b) => b.finalLossPct, paths);
  const sortedFinal = finalLoss.slice().sort();
  const samples = batches.flatMap((b) => b.samples.map((s) => {
    const i = s.Path - b.from;
    return {
      ...s,
      ClassLossPct: Object.fromEntries(b.classNames.map((name, k) => [name, (b.lossPct[k] as Float64Array)[i] as number])),
      CumulativeLossPct: finalLoss[s.Path] as number,
    };
  }));
  return {
    Paths: paths,
    Seed: input.seed,
    Classes: classes,
    Collateral: {
      ExpectedCumulativeLossPct: round(finalLoss.reduce((s, v) => s + v, 0) / paths),
      CumulativeLossPct: { P5: round(percentile(sortedFinal, 5)), P50: round(percentile(sortedFinal, 50)), P95: round(percentile(sortedFinal, 95)), P99: round(percentile(sortedFinal, 99)) },
      Fan: fan(batches, (b) => b.cumulativeLossPct, periods, paths),
      HpiFan: fan(batches, (b) => b.hpiIndex, months, paths),
    },
    SamplePaths: samples,
  };
}
