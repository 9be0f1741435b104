/**
 * Every engine computation the server runs, by name. These functions run inside the run
 * service's workers (worker threads, or `npm run worker` processes with REDIS_URL), never on the
 * HTTP event loop. Inputs and outputs must survive structured cloning (plain data, typed arrays).
 *
 * Add a task: write a pure function `(input) => output` over engine calls, add it below, call it
 * with `ctx.runs.run('name', input, { userId })`. Keep database access out of tasks: the route
 * loads the deal (spec, state, tape) and passes it in, as `deal: DealInput` (run/deal-cache.ts)
 * so the worker caches it by version.
 */
import { toColumnarSimulation, type SimulationLayout } from '@opencrt/contracts';
import { simulate, triggerTimeline, type DealSpec, type DealState, type LoanTape, type SimulationRequest } from '@opencrt/engine';
import { runPortfolioCell, runPortfolioLine, type PortfolioLineInput } from '../modules/portfolios/portfolio-line.task.ts';
import { buildCustomDeal } from '../modules/custom-deals/custom-deal.builder.ts';
import { acisMatrixRowsTask, acisTask, cirtMatrixRowsTask, cirtTask } from '../modules/acis-cirt/reinsurance.tasks.ts';
import { creditModelTask } from '../modules/credit-models/credit-model.tasks.ts';
import { catalogueRowsTask } from '../modules/deals/catalogue.tasks.ts';
import { bondMatrixRowsTask, bondRunTask, yieldTableRowTask } from '../modules/simulation/bond-run.tasks.ts';
import { breakevenTask } from '../modules/simulation/breakeven.tasks.ts';
import { stochasticBatchTask } from '../modules/stochastic/stochastic.tasks.ts';
import { stochasticSummaryTask } from '../modules/stochastic/stochastic-summary.ts';
import { reinsuranceStochasticBatchTask, reinsuranceStochasticSummaryTask } from '../modules/stochastic/reinsurance-stochastic.tasks.ts';
import { shallowResponse } from '../modules/simulation/shallow-response.ts';
import { encodeAnswer, type AnswerEncoding } from '../http/answer-encoding.ts';
import { resolveDeal, type DealInput } from './deal-cache.ts';

/** A deal run's input: the deal by key (cached in the worker) or, for older callers, its parts. */
export type SimulateTaskInput = { request: SimulationRequest } & (
  | { deal: DealInput }
  | { spec: DealSpec; state: DealState | null; tape: LoanTape | null }
);

function simulateTask(input: SimulateTaskInput) {
  const { spec, state, tape } = 'deal' in input ? resolveDeal(input.deal) : input;
  const response = simulate(spec, input.request, state, tape);
  // The tests' pass/fail by period, compact (issue 25 #7): kept by the shallow answer too.
  return { ...response, TriggerTimeline: triggerTimeline(spec, response.MiscVariables.Triggers) };
}

/** A /simulate answer's run: the shallow, rows or columns answer, compressed in `encoding` when given. */
export type SimulateJsonInput = SimulateTaskInput & { shallow: boolean; layout?: SimulationLayout; encoding?: AnswerEncoding | null };

export const engineTasks = {
  /** Custom deal save: editor rules, engine structure and validateDeal, catalog rows (no I/O). */
  buildCustomDeal,
  /** save_scenario (which reads the rows back): collateral and bond cashflows of one scenario. */
  simulate: simulateTask,
  /**
   * POST /simulate: the same run, answered as UTF-8 JSON bytes written here, in the layout asked
   * (rows, or the compact columns of simulation-columns.ts) and compressed here when the route
   * asks (answer-encoding.ts). A DNA1 answer is ~2 MB of rows: as an object graph it cost the event
   * loop a structured clone (~10 ms) and a serialisation (~6 ms), and compressing it there ~14 ms;
   * bytes are transferred to it (engine-thread.ts) and written to the socket as they are.
   */
  simulateJson: (input: SimulateJsonInput): Uint8Array => {
    const response = simulateTask(input);
    const answer = input.shallow ? shallowResponse(response) : input.layout === 'columns' ? toColumnarSimulation(response) : response;
    return encodeAnswer(Buffer.from(JSON.stringify(answer)), input.encoding);
  },
  /** POST /simulate/{price|yield|spread}: one bond's cashflows and metric. */
  bondRun: bondRunTask,
  /** POST /simulate/{type}/matrix: a group of CDR rows of the grid. */
  bondMatrixRows: bondMatrixRowsTask,
  /** POST /simulate/yield-table: one scenario row valued at every price or DM column. */
  yieldTableRow: yieldTableRowTask,
  /** POST /simulate/breakeven: breakeven CDRs of a group of classes. */
  breakeven: breakevenTask,
  /** POST /simulate/acis: the reinsurer cashflow of an ACIS layer. */
  acis: acisTask,
  /** POST /simulate/acis/matrix: a group of CDR rows. */
  acisMatrixRows: acisMatrixRowsTask,
  /** POST /simulate/cirt: a CIRT policy's reinsurer cashflow. */
  cirt: cirtTask,
  /** POST /simulate/cirt/matrix: a group of CDR rows. */
  cirtMatrixRows: cirtMatrixRowsTask,
  /** POST /simulate/stochastic: a batch of seeded economic paths through the credit model and the deal. */
  stochasticBatch: stochasticBatchTask,
  /** POST /simulate/stochastic: the loss distribution from every batch. */
  stochasticSummary: stochasticSummaryTask,
  /** POST /simulate/stochastic on an ACIS or CIRT deal: a batch of paths through the credit model and the layer. */
  reinsuranceStochasticBatch: reinsuranceStochasticBatchTask,
  /** POST /simulate/stochastic on an ACIS or CIRT deal: the layer's loss distribution and line metrics. */
  reinsuranceStochasticSummary: reinsuranceStochasticSummaryTask,
  /** Credit-model runs (LDM, LDM_3, AFT): pool sums of one slice of a deal's loans. */
  creditModel: creditModelTask,
  /** POST /administrator/loadCatalogue: generating the demo deals' rows (histories, loan tapes). */
  catalogueRows: catalogueRowsTask,
  /** Test aid: busy-waits `ms` milliseconds (never called by routes; proves cancel and caps). */
  spin: (input: { ms: number }) => {
    const until = Date.now() + Math.min(Math.max(0, input.ms), 60_000);
    let n = 0;
    while (Date.now() < until) n += 1;
    return n;
  },
  /** POST /simulate/portfolio and the vendor grid: one portfolio line (ACIS, CIRT or bond) under one scenario. */
  portfolioLine: (input: PortfolioLineInput) => runPortfolioLine(input),
  /** The vendor grid: one line under one scenario, metrics only. */
  portfolioCell: (input: PortfolioLineInput) => runPortfolioCell(input),
} as const;

export type EngineTasks = typeof engineTasks;
export type TaskName = keyof EngineTasks;
export type TaskInput<N extends TaskName> = Parameters<EngineTasks[N]>[0];
export type TaskOutput<N extends TaskName> = ReturnType<EngineTasks[N]>;

/** The message a worker receives. */
export interface TaskMessage { name: TaskName; input: unknown }

/** Runs one named task (the workers' entry point). */
export function runTask(message: TaskMessage): unknown {
  const task = engineTasks[message.name] as ((input: unknown) => unknown) | undefined;
  if (!task) throw new Error(`Unknown engine task ${String(message.name)}`);
  return task(message.input);
}
