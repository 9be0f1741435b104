/**
 * Reports on the embedded database run in a worker thread on a snapshot of the report views
 * (embedded-report-worker.mjs), never on the application's PGlite: PGlite executes a query
 * synchronously on the thread that owns it and has no statement timeout, so a slow report there
 * would stall every request. The snapshot is taken again when the data behind the views changed
 * (report_data_version); a report past its timeout has its thread terminated, and the next run
 * starts a new one.
 *
 * Starting the thread and loading the snapshot count toward the report's timeout (issue 32 #4: no
 * report answers later than its timeout plus a few seconds), but the load is never thrown away: a
 * report whose time runs out while the data loads answers LOADING_TEXT, and the load goes on for the
 * next report, which joins it (one load at a time, shared by the warm-up and every report that
 * waits on it; LOAD_TIMEOUT_MS bounds it).
 *
 * One report runs at a time (ReportSources hands out the turns fairly); a run that failed outside
 * PostgreSQL (a value too large for JavaScript, the thread's memory) stops the thread too, so what
 * it grew to is given back.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CheckedStatement } from './sql/report-sql-types.ts';
import { REPORT_VIEWS, reportDataVersion } from './report-views.ts';
import { ReportRunFailure, type RunLimits, type SourceResult } from './report-source-types.ts';
import { uniqueNames } from './report-cells.ts';

/** Snapshot loads get this long; a larger database than the demo's may need more. */
const LOAD_TIMEOUT_MS = 120_000;
/** Reports waiting for the thread beyond this are refused at once. */
const MAX_WAITING = 8;
/**
 * A report left with less than this after the load answers LOADING_TEXT instead of running: a run
 * that outlasts its time terminates the thread, and with it the snapshot just loaded.
 */
const MIN_RUN_MS = 500;
export const LOADING_TEXT = 'The report timed out while the embedded report data was loading (it goes on loading); try again in a moment.';

/** An empty PGlite data directory, kept once the first thread made it (later threads skip initdb). */
let emptyDataDir: Uint8Array | undefined;

interface WorkerAnswer { id: number; ok: boolean; result?: unknown; error?: { message: string; code?: string } }
/**
 * A PostgreSQL refusal carries its SQLSTATE; anything else failed in the thread itself, and so did
 * classes 53 (out of memory, disk) and 54 (program limits): the thread may hold what the report grew.
 */
const keepsThread = (code: unknown) => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^5[34]/.test(code);
interface TableCopy { name: string; columns: { name: string; type: string }[]; rows: Uint8Array }

export class EmbeddedReportRunner {
  private worker: Worker | undefined;
  private loadedVersion: string | undefined;
  private nextId = 1;
  private turn: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private closed = false;
  /** The thread's start and snapshot load under way (one at a time; reports and the warm-up join it). */
  private loading: Promise<void> | undefined;
  /** Answers awaited from the current thread (a terminated thread's are rejected with it). */
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor(private readonly db: Db, private readonly viewSchema: string, private readonly copyOut: (query: string) => Promise<Uint8Array>) {}

  /** Runs within `limits.timeoutMs` from now, the thread's start and the snapshot's load included. */
  run(statement: CheckedStatement, limits: RunLimits, timeoutText: string): Promise<SourceResult> {
    const deadline = Date.now() + limits.timeoutMs;
    return this.inTurn(() => this.runNow(statement, { ...limits, timeoutMs: deadline - Date.now() }, timeoutText));
  }

  /**
   * Starts the thread and loads the snapshot ahead of a run (a new thread takes seconds): called
   * when someone opens a reports screen. Resolves when the snapshot is ready (never rejects); cheap
   * when it is current (one read of the data version).
   */
  warm(): Promise<void> {
    // A report in its turn loads what it needs; a second load then could reach the thread during its run.
    if (this.waiting > 0) return (this.loading ?? Promise.resolve()).catch(() => undefined);
    return this.ready().catch(() => undefined);
  }

  /** The snapshot of the current data version: joins the load under way, then loads again if the data changed since. */
  private ready(): Promise<void> {
    const loading = (this.loading ?? Promise.resolve()).catch(() => undefined).then(() => this.prepare())
      .finally(() => { if (this.loading === loading) this.loading = undefined; });
    // A report that stopped waiting leaves the load to finish alone: its failure is the next report's to see.
    loading.catch(() => undefined);
    this.loading = loading;
    return loading;
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.waiting >= MAX_WAITING) return Promise.reject(new ReportRunFailure('Too many reports are running; try again in a moment.'));
    this.waiting++;
    const mine = this.turn.then(work);
    this.turn = mine.catch(() => undefined).finally(() => {
      this.waiting--;
      // A report past its time (or one that failed in the thread) stopped the thread: start the next
      // one and its load now, so the next report does not spend its own time on them.
      if (this.waiting === 0 && !this.worker && !this.loading && !this.closed) void this.ready();
    });
    return mine;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopWorker();
  }

  private async runNow(statement: CheckedStatement, limits: RunLimits, timeoutText: string): Promise<SourceResult> {
    const deadline = Date.now() + limits.timeoutMs;
    // The turn's wait took (nearly) all the time: nothing to say about the load.
    if (limits.timeoutMs < MIN_RUN_MS) throw new ReportRunFailure(timeoutText);
    await untilDeadline(this.ready(), deadline - MIN_RUN_MS, LOADING_TEXT);
    const answer = await this.call({ kind: 'run', text: statement.text, values: statement.values, maxRows: limits.maxRows, maxBytes: limits.maxBytes, maxCellChars: limits.maxCellChars },
      deadline - Date.now(), timeoutText) as SourceResult;
    return { ...answer, columns: uniqueNames(answer.columns) };
  }

  /** A thread with the snapshot of the current data version. */
  private async prepare(): Promise<void> {
    const version = await reportDataVersion(this.db);
    if (!this.worker) {
      this.startWorker();
      const made = await this.call({ kind: 'init', emptyDataDir: emptyDataDir?.slice() }, LOAD_TIMEOUT_MS, 'Starting the report database took too long.');
      if (made instanceof Uint8Array) emptyDataDir ??= made;
    }
    if (this.loadedVersion !== version) {
      const tables = await this.copyViews();
      await this.call({ kind: 'load', tables }, LOAD_TIMEOUT_MS, 'Loading the report data took too long.');
      this.loadedVersion = version;
    }
  }

  /** Each view's column types and rows in binary COPY format (read once per data version). */
  private async copyViews(): Promise<TableCopy[]> {
    const tables: TableCopy[] = [];
    for (const name of Object.keys(REPORT_VIEWS)) {
      const relation = `${quoteIdent(this.viewSchema)}.${quoteIdent(name)}`;
      const columns = await sql<{ name: string; type: string }>`
        select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
        where a.attrelid = ${relation}::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`.execute(this.db);
      tables.push({ name, columns: columns.rows, rows: await this.copyOut(`select * from ${relation}`) });
    }
    return tables;
  }

  private startWorker(): Worker {
    if (this.closed) throw new ReportRunFailure('The server is stopping.');
    const worker = new Worker(new URL('./embedded-report-worker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
    const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
    this.pending = pending;
    worker.on('message', (answer: WorkerAnswer) => {
      const waiter = pending.get(answer.id);
      if (!waiter) return;
      pending.delete(answer.id);
      if (answer.ok) { waiter.resolve(answer.result); return; }
      waiter.reject(new ReportRunFailure(answer.error?.message ?? 'The report failed.'));
      // Not PostgreSQL's refusal: the thread may hold what the report grew (PGlite's memory never shrinks).
      if (!keepsThread(answer.error?.code)) void this.stopWorker();
    });
    const fail = (error: Error) => {
      if (this.worker === worker) { this.worker = undefined; this.loadedVersion = undefined; }
      for (const [id, waiter] of pending) { pending.delete(id); waiter.reject(new ReportRunFailure(`The report stopped: ${error.message}`)); }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`its thread exited (${code}); nothing else was affected`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.loadedVersion = undefined;
    if (worker) await worker.terminate();
  }

  /** Sends a message and waits for its answer; past the timeout the thread is terminated. */
  private call(message: Record<string, unknown>, timeoutMs: number, timeoutText: string): Promise<unknown> {
    const worker = this.worker ?? this.startWorker();
    const pending = this.pending;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        void this.stopWorker();
        reject(new ReportRunFailure(timeoutText));
      }, timeoutMs);
      pending.set(id, {
        resolve: (value) => { clearTimeout(timer); resolve(value); },
        reject: (error) => { clearTimeout(timer); reject(error); },
      });
      const transfer = message.kind === 'load' ? (message.tables as TableCopy[]).map((t) => t.rows.buffer as ArrayBuffer)
        : message.emptyDataDir instanceof Uint8Array ? [message.emptyDataDir.buffer as ArrayBuffer] : [];
      worker.postMessage({ ...message, id }, transfer);
    });
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Waits for `work` until `deadline` (epoch ms), then fails with `text`; the work itself goes on. */
function untilDeadline<T>(work: Promise<T>, deadline: number, text: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new ReportRunFailure(text)), Math.max(0, deadline - Date.now())); });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
