/**
 * POST /simulate/stochastic (issue 35 #2–3): the distribution of class and collateral losses over
 * seeded economic paths. The request is checked and prepared as POST /simulate prepares it
 * (prepareRun: deal access, settlement, inputs, roles); the paths then go to the run service in
 * batches (threads, or BullMQ workers in queue mode) and one more task reduces them.
 *
 * A path is run exactly as POST /simulate runs a request carrying its vectors: the same model tape,
 * horizon and start month as runCreditModelFor, the same deal run. That is what lets a returned path
 * be replayed through POST /simulate to the same class losses.
 */
import { type StochasticRequestBody, type StochasticResponse } from '@opencrt/contracts';
import {
  ECONOMIC_SCENARIO_PARAMETERS, isCreditModel, macroValue, meanPaths, requestVectorToRate, startingLines,
  type EconomicBase, type EconomicStart, type RequestVector,
} from '@opencrt/engine';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Invalid } from '../../http/errors.ts';
import { loadModelTape } from '../credit-models/model-tape.loader.ts';
import type { ModuleContext } from '../module.ts';
import { elapsedMs, isAdmin, prepareRun } from '../simulation/simulation.service.ts';
import type { StochasticBatchInput } from './stochastic.tasks.ts';
import type { TaskInput, TaskName, TaskOutput } from '../../runs/engine-tasks.ts';

/** The longest horizon a credit model projects (runCreditModelFor's cap). */
export const MODEL_MONTHS = 480;
/** Paths per batch at most: small enough for steady progress and for other users' runs to get a thread soon. */
export const MAX_PATHS_PER_BATCH = 25;

export const NEEDS_MODEL = 'A stochastic run needs a credit model: choose LDM, LDM_3 or AFT (the paths are economic inputs for it).';

export interface StochasticOptions {
  loanLevel: boolean;
  signal?: AbortSignal | undefined;
  /** Paths done so far, as batches finish. */
  onProgress?: (done: number, total: number) => void;
  /** Called once the run has passed admission (the per-user cap). */
  onAdmitted?: () => void;
}

/** The settlement month's values (fractions) from the app's macro history. */
export function startValues(settlement: number): EconomicStart {
  const at = Math.floor(settlement / 100);
  const f = (series: Parameters<typeof macroValue>[0]) => macroValue(series, at) / 100;
  return { hpa: f('hpa'), tsy2: f('tsy2'), tsy10: f('tsy10'), mtg30: f('mtg30'), mtg15: f('mtg15'), unemployment: f('unemployment') };
}

export const base = (v: RequestVector | null | undefined) => (v === null || v === undefined || (Array.isArray(v) && v.length === 0) ? null : requestVectorToRate(v));

/** The paths' mean vectors in the request convention: the model needs every input it reads. */
export function withMeanVectors(body: StochasticRequestBody, means: ReturnType<typeof meanPaths>, start: EconomicStart): StochasticRequestBody {
  const vector = (first: number, values: Float64Array) => [first, ...Array.from(values, (x) => Math.round(x * 1e6) / 1e6)];
  const hpi = vector(start.hpa, means.hpa);
  return {
    ...body,
    Hpi: hpi, Hpa: hpi, Tsy2Year: vector(start.tsy2, means.tsy2), Tsy10Year: vector(start.tsy10, means.tsy10),
    Mtg30Year: vector(start.mtg30, means.mtg30), Mtg15Year: vector(start.mtg15, means.mtg15),
    NationalUnemploymentForecast: vector(start.unemployment, means.unemployment),
  };
}

export async function runStochastic(ctx: ModuleContext, user: AuthUser, body: StochasticRequestBody, options: StochasticOptions): Promise<StochasticResponse> {
  const started = performance.now();
  if (!isCreditModel(body.PrepaymentModel)) throw new Invalid(NEEDS_MODEL);
  const aft = body.PrepaymentModel === 'AFT';
  const userBase: EconomicBase = {
    hpa: base(aft ? body.Hpa : body.Hpi), tsy2: base(body.Tsy2Year), tsy10: base(body.Tsy10Year),
    mtg30: base(body.Mtg30Year), mtg15: base(body.Mtg15Year), unemployment: base(body.NationalUnemploymentForecast),
  };
  // The start month is the settlement's (the deal's issue date when none is given; prepareRun refines it).
  const provisional = Number(body.SettlementDate ?? 0) || 0;
  const run = await prepareRun(ctx, user, withMeanVectors(body, meanPaths(ECONOMIC_SCENARIO_PARAMETERS, startValues(provisional || 20000101), userBase, MODEL_MONTHS), startValues(provisional || 20000101)), options.loanLevel || body.RunLoanLevel === true, { refuseReinsurance: true });
  const settlement = Number(run.request.SettlementDate);
  const start = startValues(settlement);
  const means = meanPaths(ECONOMIC_SCENARIO_PARAMETERS, start, userBase, MODEL_MONTHS);
  // As runCreditModelFor: the same lines, pool balance, tape, horizon and start month.
  const lines = startingLines(run.spec, run.state, run.request.CollateralGroup ?? null);
  const poolBalance = run.state?.poolBalance ?? run.spec.collateral.cutOffBalance;
  const { tape } = await loadModelTape(ctx.db, run.dealName, settlement, poolBalance, lines);
  if (tape.count === 0) throw new Invalid(`${run.dealName} has no performing collateral to run the ${body.PrepaymentModel} model on.`);
  const months = Math.max(1, Math.min(MODEL_MONTHS, Math.max(0, ...lines.map((l) => l.remainingTerm))));
  const startCalendarMonth = (Math.floor(settlement / 100) % 100) % 12 + 1;

  const paths = body.Paths;
  const perBatch = Math.max(1, Math.min(MAX_PATHS_PER_BATCH, Math.ceil(paths / (ctx.runs.parallelism * 4))));
  const inputs: StochasticBatchInput[] = [];
  for (let from = 0; from < paths; from += perBatch) {
    inputs.push({
      deal: run.deal, request: run.unmodelled, settlementIso: run.settlementIso, modelTape: tape, months, startCalendarMonth,
      parameters: ECONOMIC_SCENARIO_PARAMETERS, means: { ...means, hpa: means.hpa.slice(0, months), tsy2: means.tsy2.slice(0, months), tsy10: means.tsy10.slice(0, months), mtg30: means.mtg30.slice(0, months), mtg15: means.mtg15.slice(0, months), unemployment: means.unemployment.slice(0, months) },
      start, seed: body.Seed, from, to: Math.min(paths, from + perBatch), returnBelow: body.ReturnPaths ? 100 : 0, poolBalance,
    });
  }
  const batches = await runPathBatches(ctx, user, 'stochasticBatch', inputs, paths, options);
  const summary = await ctx.runs.run('stochasticSummary', { paths, seed: body.Seed, batches }, { userId: user.id, signal: options.signal });
  return isAdmin(user) ? { ...summary, RunTime: elapsedMs(started) } : summary;
}

/**
 * A run's batches of paths on the run service (deal or reinsurance layer): a wave at a time, so another
 * user's single run waits for one batch at most; progress counts paths done; a failed batch fails the run.
 */
export async function runPathBatches<N extends TaskName>(
  ctx: ModuleContext, user: AuthUser, task: N, inputs: (TaskInput<N> & { from: number; to: number })[], paths: number, options: StochasticOptions,
): Promise<TaskOutput<N>[]> {
  let done = 0;
  const outcomes = await ctx.runs.runBatch(task, inputs, {
    userId: user.id, signal: options.signal, onAdmitted: options.onAdmitted, concurrency: ctx.runs.parallelism,
    onResult: (index, outcome) => {
      if (!outcome.ok) return;
      done += inputs[index]!.to - inputs[index]!.from;
      options.onProgress?.(done, paths);
    },
  });
  return outcomes.map((o, i) => {
    if (!o.ok) throw new Error(`Stochastic paths ${inputs[i]!.from + 1}–${inputs[i]!.to} failed: ${o.message}`);
    return o.value;
  });
}
