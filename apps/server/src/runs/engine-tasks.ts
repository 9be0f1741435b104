/**
 * Every engine computation the server runs, by name. These functions run inside the run
 * service's workers (worker threads, or `npm run worker` processes with REDIS_URL), never on the
 * HTTP event loop. Inputs and outputs must survive structured cloning (plain data, typed arrays).
 *
 * Add a task: write a pure function `(input) => output` over engine calls, add it below, call it
 * with `ctx.runs.run('name', input, { userId })`. Keep database access out of tasks: the route
 * loads the deal (spec, state, tape) and passes it in.
 */
import { simulate, type DealSpec, type DealState, type LoanTape, type SimulationRequest } from '@opencrt/engine';
import { runPortfolioLine, type PortfolioLineInput } from '../modules/portfolios/portfolio-line.task.ts';

export interface SimulateTaskInput {
  spec: DealSpec;
  request: SimulationRequest;
  state: DealState | null;
  tape: LoanTape | null;
}

export const engineTasks = {
  /** POST /simulate and save_scenario: collateral and bond cashflows of one scenario. */
  simulate: (input: SimulateTaskInput) => simulate(input.spec, input.request, input.state, input.tape),
  /** POST /simulate/portfolio and the vendor grid: one portfolio line (ACIS, CIRT or bond) under one scenario. */
  portfolioLine: (input: PortfolioLineInput) => runPortfolioLine(input),
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
