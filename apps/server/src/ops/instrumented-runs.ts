import type { TaskInput, TaskName, TaskOutput } from '../runs/engine-tasks.ts';
import {
  RunCancelled, type BatchOptions, type BatchOutcome, type RunLoad, type RunLogger, type RunOptions, type RunService,
} from '../runs/run-service.ts';
import type { Metrics, RunOutcome } from './metrics.ts';
import { currentRequestId } from './request-context.ts';

function outcomeOf(error: unknown): RunOutcome {
  if (error instanceof RunCancelled) return 'cancelled';
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 429) return 'rejected';
  if (status === 503) return 'unavailable';
  return 'error';
}

/**
 * The app's run service as the routes see it: the configured one (threads or queue), timed by
 * task kind and outcome for /metrics, with a debug line per run carrying the request's id.
 */
export class InstrumentedRunService implements RunService {
  private log: RunLogger | undefined;

  constructor(readonly inner: RunService, private readonly metrics: Metrics) {}

  get parallelism(): number {
    return this.inner.parallelism;
  }

  run<N extends TaskName>(name: N, input: TaskInput<N>, options: RunOptions): Promise<TaskOutput<N>> {
    return this.timed(name, () => this.inner.run(name, input, options));
  }

  runBatch<N extends TaskName>(name: N, inputs: TaskInput<N>[], options: BatchOptions<TaskOutput<N>>): Promise<BatchOutcome<TaskOutput<N>>[]> {
    return this.timed(name, () => this.inner.runBatch(name, inputs, options));
  }

  private async timed<T>(kind: string, run: () => Promise<T>): Promise<T> {
    const done = this.metrics.startRun(kind);
    const started = performance.now();
    let outcome: RunOutcome = 'ok';
    try {
      return await run();
    } catch (error) {
      outcome = outcomeOf(error);
      throw error;
    } finally {
      done(outcome);
      this.log?.debug(
        { requestId: currentRequestId(), run: kind, outcome, ms: Math.round(performance.now() - started) }, 'run',
      );
    }
  }

  readiness(): Promise<string | null> {
    return this.inner.readiness?.() ?? Promise.resolve(null);
  }

  load(): Promise<RunLoad> {
    return this.inner.load?.() ?? Promise.resolve({ queued: 0, running: 0, threads: null });
  }

  useLogger(log: RunLogger): void {
    this.log = log;
    this.inner.useLogger?.(log);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
