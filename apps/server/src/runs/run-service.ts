import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { TooManyRequests } from '../http/errors.ts';
import { SentDeals } from './deal-cache.ts';
import type { TaskInput, TaskMessage, TaskName, TaskOutput } from './engine-tasks.ts';

/** Who runs, and how a client's disconnect reaches the run. */
export interface RunOptions {
  /** The signed-in user: the per-user concurrency cap counts their runs. */
  userId: number;
  /** Aborted when the client disconnects: queued work is dropped, running work stopped. */
  signal?: AbortSignal | undefined;
}

/** One cell of a batch: its value, or the message of the error it raised. */
export type BatchOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

export interface BatchOptions<T> extends RunOptions {
  /** Called as each cell finishes (in finishing order), for progress streams. */
  onResult?: (index: number, outcome: BatchOutcome<T>) => void;
  /** Called once the batch has passed admission (the per-user cap and the queue bound). */
  onAdmitted?: () => void;
  /**
   * Cells in flight at once (default: all). A long batch given the thread count queues one wave at
   * a time, so a task another user sends meanwhile waits for one cell, not the whole batch.
   */
  concurrency?: number;
}

/**
 * Runs every input of a batch at once and reports each outcome as it settles. An error that
 * `fatal` names (a cancelled run, a service that is down) ends the whole batch; any other becomes
 * that item's failure, so one bad cell does not sink a grid.
 */
export function settleEach<I, O>(
  inputs: readonly I[], exec: (input: I) => Promise<O>,
  onResult: ((index: number, outcome: BatchOutcome<O>) => void) | undefined, fatal: (error: unknown) => boolean,
  signal?: AbortSignal, concurrency = inputs.length,
): Promise<BatchOutcome<O>[]> {
  // Every cell listens on the batch's one abort signal (a 50 × 20 grid: 1,000 listeners); that is
  // by design, not a leak, so Node's more-than-10-listeners warning is switched off for it.
  if (signal) setMaxListeners(0, signal);
  const outcomes: BatchOutcome<O>[] = new Array(inputs.length);
  let next = 0;
  // `concurrency` lanes, each taking the next cell when its last one settles.
  const lane = async (): Promise<void> => {
    while (next < inputs.length) {
      const index = next++;
      let outcome: BatchOutcome<O>;
      try {
        outcome = { ok: true, value: await exec(inputs[index] as I) };
      } catch (error) {
        if (fatal(error)) {
          next = inputs.length; // the other lanes take no more cells
          throw error;
        }
        outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      outcomes[index] = outcome;
      onResult?.(index, outcome);
    }
  };
  const lanes = Math.max(1, Math.min(inputs.length, Math.floor(concurrency)));
  return Promise.all(Array.from({ length: lanes }, lane)).then(() => outcomes);
}

/**
 * The one way the server runs engine code (issue "Runs off the request thread"). The HTTP
 * process only prepares inputs and awaits results; the engine runs on worker threads.
 */
export interface RunService {
  /** Runs one task; rejects with the task's error, 429 when the user or the queue is full. */
  run<N extends TaskName>(name: N, input: TaskInput<N>, options: RunOptions): Promise<TaskOutput<N>>;
  /**
   * Runs many cells of one task as one admission (a matrix, a vendor grid, an ADco sheet): the
   * batch takes one of the user's slots, its cells share the pool. Resolves in input order.
   */
  runBatch<N extends TaskName>(name: N, inputs: TaskInput<N>[], options: BatchOptions<TaskOutput<N>>): Promise<BatchOutcome<TaskOutput<N>>[]>;
  /** How many tasks run at once (worker threads, or queue workers' concurrency): batches split to it. */
  readonly parallelism: number;
  /** Null when runs can be served now, else why not (GET /readyz). */
  readiness?(): Promise<string | null>;
  /** Tasks waiting and running (GET /metrics). */
  load?(): Promise<RunLoad>;
  /** Where the service reports its state changes (the app's logger; JSON lines). */
  useLogger?(log: RunLogger): void;
  close(): Promise<void>;
}

export interface RunLoad {
  /** Tasks waiting for a thread or a worker. */
  queued: number;
  /** Tasks running (busy threads, or active jobs across the queue workers). */
  running: number;
  /** This process's engine threads; null in queue mode (the workers have them). */
  threads: number | null;
}

/** The part of pino the run service logs through. */
export interface RunLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunLimits {
  /** Worker threads (default: the machine's cores). */
  threads: number;
  /** Runs (single or batch) one user may have admitted at once. */
  perUser: number;
  /** Runs admitted across all users; beyond it new runs get 429. */
  maxAdmitted: number;
}

export const USER_BUSY = 'You already have the maximum number of runs in progress. Wait for one to finish and try again.';
export const SERVER_BUSY = 'The server is busy with other runs. Try again in a moment.';

export function defaultRunLimits(env: NodeJS.ProcessEnv = process.env): RunLimits {
  const positive = (v: string | undefined, fallback: number) => (v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : fallback);
  return {
    threads: positive(env.OPENCRT_RUN_THREADS, Math.max(1, availableParallelism())),
    perUser: positive(env.OPENCRT_RUNS_PER_USER, 4),
    maxAdmitted: positive(env.OPENCRT_RUN_QUEUE, 64),
  };
}

/** Admission control shared by every implementation: per-user cap and a bounded total. */
export class Admissions {
  private readonly perUser = new Map<number, number>();
  private total = 0;
  constructor(private readonly limits: Pick<RunLimits, 'perUser' | 'maxAdmitted'>) {}

  /** Takes a slot or throws 429; the returned function gives it back (call once). */
  admit(userId: number): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) throw new TooManyRequests(USER_BUSY);
    if (this.total >= this.limits.maxAdmitted) throw new TooManyRequests(SERVER_BUSY);
    this.perUser.set(userId, mine + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left); else this.perUser.delete(userId);
    };
  }
}

/** A Piscina error from an aborted task becomes a plain "cancelled" error. */
function cancelledOr(error: unknown): Error {
  if (error instanceof Error && (error.name === 'AbortError' || /aborted/i.test(error.message))) return new RunCancelled();
  return error instanceof Error ? error : new Error(String(error));
}

/** The answer of `task`, or RunCancelled as soon as `signal` aborts (the task itself goes on). */
function untilAborted<T>(task: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return task;
  return new Promise<T>((resolve, reject) => {
    const cancel = () => reject(new RunCancelled());
    signal.addEventListener('abort', cancel, { once: true });
    task.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancel));
  });
}

/** The client went away; nobody reads the answer. */
export class RunCancelled extends Error {
  constructor() { super('The run was cancelled.'); this.name = 'RunCancelled'; }
}

/** The default: a Piscina pool of worker threads in this process. */
export class ThreadPoolRunService implements RunService {
  private readonly pool: Piscina;
  private readonly admissions: Admissions;
  private readonly sentDeals = new SentDeals();
  /** Threads taken by tasks (at most `parallelism`): the pool itself never queues. */
  private running = 0;
  /** Tasks waiting for a thread, oldest first. */
  private readonly waiting: { start(): void }[] = [];
  readonly parallelism: number;

  constructor(limits: RunLimits = defaultRunLimits()) {
    this.admissions = new Admissions(limits);
    this.parallelism = limits.threads;
    this.pool = new Piscina({
      filename: new URL('./engine-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: limits.threads,
      // Threads stay once started: an idle exit took the thread's deal cache and its optimised
      // engine code with it, and the next analyst's matrix paid seconds to warm a new one (issue 27).
      idleTimeout: Infinity,
      // A run allocates its rows by the thousand and most die with the answer: with V8's default
      // young generation (16 MB) they were scavenged several times per DNA1 run and partly promoted,
      // ~4 ms of garbage collection per run (issue 27). 64 MB lets a run's rows die young.
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
    });
  }

  async run<N extends TaskName>(name: N, input: TaskInput<N>, options: RunOptions): Promise<TaskOutput<N>> {
    const release = this.admissions.admit(options.userId);
    try {
      return await this.exec(name, input, options.signal);
    } finally {
      release();
    }
  }

  async runBatch<N extends TaskName>(name: N, inputs: TaskInput<N>[], options: BatchOptions<TaskOutput<N>>): Promise<BatchOutcome<TaskOutput<N>>[]> {
    const release = this.admissions.admit(options.userId);
    options.onAdmitted?.();
    try {
      return await settleEach(inputs, (input) => this.exec(name, input, options.signal), options.onResult, (error) => error instanceof RunCancelled, options.signal, options.concurrency);
    } finally {
      release();
    }
  }

  /**
   * One task on a thread. Tasks wait for a free thread here, not in the pool: a cancelled task that
   * is still waiting leaves without having run, and one already on a thread runs to its end with
   * nobody reading the answer. (Handing the pool the signal terminated a thread whose task was
   * cancelled mid-run, taking its deal cache and optimised engine code: a client that went away
   * during a matrix made the next analyst's 50×50 matrix take 3.2 s instead of 1.1 s, issue 27.)
   * At most `threads` cancelled tasks finish so, so a client cannot pile up work by cancelling.
   */
  private async exec<N extends TaskName>(name: N, input: TaskInput<N>, signal: AbortSignal | undefined): Promise<TaskOutput<N>> {
    if (signal?.aborted) throw new RunCancelled();
    await this.threadFree(signal);
    const task = this.sentDeals.send(input, async (sent) => {
      const message: TaskMessage = { name, input: sent };
      return (await this.pool.run(message)) as TaskOutput<N>;
    });
    // The thread is free again when the task ends, whether or not anyone still waits for it.
    task.then(() => this.releaseThread(), () => this.releaseThread());
    try {
      return await untilAborted(task, signal);
    } catch (error) {
      throw cancelledOr(error);
    }
  }

  /** Resolves when a thread is this task's; rejects with RunCancelled if the signal aborts first. */
  private threadFree(signal: AbortSignal | undefined): Promise<void> {
    if (this.running < this.parallelism) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        start: () => { signal?.removeEventListener('abort', cancel); resolve(); },
      };
      const cancel = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new RunCancelled());
      };
      signal?.addEventListener('abort', cancel, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** A task ended: its thread goes to the oldest waiting task, if any. */
  private releaseThread(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running -= 1;
  }

  /** Tasks waiting for a thread (tests and diagnostics). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Tasks completed by the pool so far (tests and diagnostics). */
  get completed(): number {
    return this.pool.completed;
  }

  async readiness(): Promise<string | null> {
    return null;
  }

  async load(): Promise<RunLoad> {
    return { queued: this.waiting.length, running: this.running, threads: this.parallelism };
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

/**
 * The run service the environment asks for: BullMQ jobs on Redis when REDIS_URL is set (run
 * `npm run worker` processes), else worker threads in this process.
 */
export async function createRunService(env: NodeJS.ProcessEnv = process.env): Promise<RunService> {
  const limits = defaultRunLimits(env);
  const { QueueRunService, queueSettings } = await import('./queue-run-service.ts');
  const settings = queueSettings(env);
  return settings ? new QueueRunService(settings, limits) : new ThreadPoolRunService(limits);
}
