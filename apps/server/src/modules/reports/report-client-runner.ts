/**
 * Runs one report on an external source (PostgreSQL-protocol or MySQL/MariaDB) in a thread of its
 * own (report-client-worker.mjs) with a heap limit: the database client never runs on the API
 * process's heap, so a failure there (ERR_STRING_TOO_LONG thrown inside a socket handler, running
 * out of memory, any uncaught error) ends that thread and that report with a Message, and nothing
 * else. A thread per run costs a few tens of milliseconds, small beside a database round trip.
 */
import { Worker } from 'node:worker_threads';
import { ReportRunFailure, type RunLimits, type SourceResult } from './report-source-types.ts';
import type { CheckedStatement } from './sql/report-sql-types.ts';

/** Extra time beyond the report's own limit before its thread is terminated (the client's grace plus the thread's exit). */
const THREAD_GRACE_MS = 5000;
const MiB = 1024 * 1024;

export interface ClientTarget { dialect: 'postgres' | 'mysql'; url: string; searchPath?: string | undefined }

export interface ClientAnswer {
  /** The account's problem when the privileges were checked (null: none), undefined when not checked. */
  privilegeProblem?: string | null | undefined;
  result?: SourceResult | undefined;
}

interface WorkerReply {
  ok: boolean;
  privilegeProblem?: string | null;
  result?: SourceResult;
  rowTooLarge?: boolean;
  error?: { message: string; code?: string; errno?: number };
}

/** The thread's heap: room for the answer (its JSON size, held about twice over) and the client. */
export const threadHeapMb = (maxBytes: number): number => Math.ceil((4 * maxBytes) / MiB) + 96;

/**
 * Runs the statement (or only checks the account, with `verifyOnly`) and answers what the thread
 * answered. Throws ReportRunFailure with a Message for any failure, including the thread's death.
 */
export function runInClientThread(
  target: ClientTarget, statement: CheckedStatement | null, limits: RunLimits,
  options: { verify: boolean; timeoutText: string },
): Promise<ClientAnswer> {
  const worker = new Worker(new URL('./report-client-worker.mjs', import.meta.url), {
    workerData: {
      dialect: target.dialect, url: target.url, searchPath: target.searchPath, text: statement?.text ?? '', values: statement?.values ?? [],
      limits, verify: options.verify || statement === null, verifyOnly: statement === null,
    },
    resourceLimits: { maxOldGenerationSizeMb: threadHeapMb(limits.maxBytes), maxYoungGenerationSizeMb: 32 },
    stdout: true, stderr: true,
  });
  return new Promise<ClientAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new ReportRunFailure(options.timeoutText))), limits.timeoutMs + THREAD_GRACE_MS);
    worker.on('message', (reply: WorkerReply) => settle(() => {
      if (reply.ok) resolve({ privilegeProblem: reply.privilegeProblem, result: reply.result });
      else if (reply.rowTooLarge) reject(new ReportRunFailure(rowTooLargeText(limits)));
      else reject(target.dialect === 'mysql' ? mysqlFailure(reply.error, options.timeoutText) : postgresFailure(reply.error, options.timeoutText));
    }));
    worker.on('error', (error: Error & { code?: string }) => settle(() => reject(threadFailure(error, limits))));
    worker.on('exit', (code) => settle(() => reject(new ReportRunFailure(`The report's reader stopped unexpectedly (exit code ${code}); nothing else was affected.`))));
  });
}

const megabytes = (bytes: number) => `${Math.round((bytes / MiB) * 10) / 10} MB`;

export const rowTooLargeText = (limits: RunLimits) =>
  `A row of this report is larger than the answer's ${megabytes(limits.maxBytes)} cap, so it was not read (cells are cut at ${megabytes(limits.maxCellChars)}).`;

/** The thread died: out of its memory, or an error thrown where no one could catch it (a socket handler). */
function threadFailure(error: Error & { code?: string }, limits: RunLimits): ReportRunFailure {
  if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new ReportRunFailure(`The report needed more memory than a report may use (${threadHeapMb(limits.maxBytes)} MB) and was stopped; nothing else was affected.`);
  }
  if (error.code === 'ERR_STRING_TOO_LONG' || /string longer than/i.test(error.message)) {
    return new ReportRunFailure(`A value of this report is too large to read (${error.message}); cells are cut at ${megabytes(limits.maxCellChars)}.`);
  }
  return new ReportRunFailure(`The report's reader failed: ${error.message}. Nothing else was affected.`);
}

type DriverError = WorkerReply['error'];

function postgresFailure(error: DriverError, timeoutText: string): ReportRunFailure {
  const e = error ?? { message: 'The report failed.' };
  if (e.code === '57014' || /query read timeout/i.test(e.message)) return new ReportRunFailure(timeoutText);
  if (e.code === '25006') return new ReportRunFailure(`A report cannot change data: ${e.message}`);
  if (e.code === '42501') return new ReportRunFailure(`A report may read only the report views: ${e.message}`);
  return new ReportRunFailure(e.message);
}

function mysqlFailure(error: DriverError, timeoutText: string): ReportRunFailure {
  const e = error ?? { message: 'The report failed.' };
  // 1969 MariaDB max_statement_time, 3024 MySQL max_execution_time, PROTOCOL_SEQUENCE_TIMEOUT client side.
  if (e.errno === 1969 || e.errno === 3024 || e.code === 'PROTOCOL_SEQUENCE_TIMEOUT') return new ReportRunFailure(timeoutText);
  if (e.errno === 1792) return new ReportRunFailure(`A report cannot change data: ${e.message}`);
  return new ReportRunFailure(e.message);
}
