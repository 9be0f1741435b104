/**
 * Where a report's SQL runs (spec 002 §9 "Report sources: 0 MySQL, 1 RedShift", plus 2 = this
 * application's database). Every run gets a connection of its own that is closed afterwards, so
 * no session state (settings, locks, temporary objects) outlives it; a read-only transaction; a
 * time limit; and an answer capped in rows, in bytes and per cell, read a batch at a time.
 *
 * No database client runs on the API process's heap (issue 32): external sources run each report
 * in a thread of its own (report-client-runner.ts), the embedded database in its snapshot thread.
 * Before reports run on an external account, its privileges are checked (report-privileges.ts), and
 * every source hands out its turns fairly (report-queue.ts).
 */
import { availableParallelism } from 'node:os';
import { reportSourceName, type ReportSourceStatus, type SqlDialect } from '@opencrt/contracts';
import type { ReportsConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { uniqueNames } from './report-cells.ts';
import { runInClientThread, type ClientTarget } from './report-client-runner.ts';
import { EmbeddedReportRunner } from './embedded-report-runner.ts';
import { privilegeRefusal, PrivilegeVerdicts } from './report-privileges.ts';
import { FairScheduler, ReportAdmission } from './report-queue.ts';
import { REPORT_VIEW_NAMES, type ReportAccess } from './report-views.ts';
import { ReportRunFailure, type RunLimits, type SourceResult } from './report-source-types.ts';
import type { CheckedStatement, RelationRule } from './sql/report-sql-types.ts';

export { ReportRunFailure, type RunLimits, type SourceResult } from './report-source-types.ts';

export interface ReportSource {
  dialect: SqlDialect;
  /** Relations the report SQL check accepts. */
  relations: RelationRule;
  /** Answers within `limits.timeoutMs`, the source's own preparation (the embedded snapshot's load) included. */
  run(statement: CheckedStatement, limits: RunLimits): Promise<SourceResult>;
}

/** Relations a source's reports may read: the report views on the application database (2), any but the catalogs elsewhere. */
export function relationsOf(sourceId: number): RelationRule {
  return sourceId === 2 ? { kind: 'views', views: REPORT_VIEW_NAMES } : { kind: 'external' };
}

export const timeoutText = (limits: Pick<RunLimits, 'timeoutMs' | 'budgetMs'>) =>
  `The report ran longer than ${Math.round((limits.budgetMs ?? limits.timeoutMs) / 1000)} seconds and was stopped.`;

/** Reports running at once on one external source (each in its own thread and connection). */
const EXTERNAL_TURNS = Math.max(2, Math.min(4, availableParallelism()));
/** The account check of a status request (GET /readyz, the admin screen) gets this long. */
const STATUS_CHECK_MS = 2500;
const SOURCE_IDS = [0, 1, 2] as const;

/** The sources of one server: built once, they keep the embedded runner's thread, the turns and the verdicts between runs. */
export class ReportSources {
  private embedded: EmbeddedReportRunner | undefined;
  /** Each user's reports running or waiting, across sources. */
  readonly admission = new ReportAdmission();
  private readonly schedulers = new Map<number, FairScheduler>();
  readonly verdicts = new PrivilegeVerdicts();

  constructor(
    private readonly db: Db,
    private readonly config: ReportsConfig,
    private readonly access: ReportAccess,
    /** The embedded database's binary COPY (ModuleContext.copyOut). */
    private readonly copyOut?: (query: string) => Promise<Uint8Array>,
  ) {}

  /** The report source for an id, or null when it is not configured on this server. */
  source(id: number): ReportSource | null {
    if (id === 2 && this.access.kind !== 'login') return this.embeddedSource();
    const target = this.target(id);
    return target ? this.clientSource(id, target) : null;
  }

  /**
   * Runs on a source when the user's turn comes; `deadline` (epoch ms) bounds the wait and the run
   * together, and the source gets the time left as its timeout.
   */
  schedule(sourceId: number, userId: number, deadline: number, limits: RunLimits,
    run: (limits: RunLimits) => Promise<SourceResult>): Promise<SourceResult> {
    let scheduler = this.schedulers.get(sourceId);
    if (!scheduler) {
      // The embedded database has one report thread: one report at a time there.
      scheduler = new FairScheduler(sourceId === 2 && this.access.kind !== 'login' ? 1 : EXTERNAL_TURNS);
      this.schedulers.set(sourceId, scheduler);
    }
    return scheduler.run(userId, deadline, (remainingMs) => run({ ...limits, timeoutMs: remainingMs, budgetMs: limits.budgetMs ?? limits.timeoutMs }),
      () => new ReportRunFailure(timeoutText(limits)));
  }

  /**
   * Someone opened a reports screen: the embedded database's report thread starts and loads now,
   * not at the first run. Resolves when it is ready (never rejects).
   */
  warm(): Promise<void> {
    if (this.access.kind === 'embedded' && this.copyOut) {
      this.embedded ??= new EmbeddedReportRunner(this.db, this.access.viewSchema, this.copyOut);
      return this.embedded.warm();
    }
    return Promise.resolve();
  }

  /**
   * Each source's state for GET /readyz and the admin screen: the account verdict while it holds,
   * else a fresh check (STATUS_CHECK_MS at most).
   */
  async status(): Promise<ReportSourceStatus[]> {
    return Promise.all(SOURCE_IDS.map(async (id): Promise<ReportSourceStatus> => {
      const base = { Source: id, SourceName: reportSourceName(id) };
      if (id === 2 && this.access.kind === 'embedded') return { ...base, State: 'ok', Message: 'Embedded database: reports run on a snapshot of the report views in a thread of their own.' };
      if (id === 2 && this.access.kind === 'unavailable') return { ...base, State: 'unavailable', Message: this.access.reason };
      const target = this.target(id);
      if (!target) return { ...base, State: 'not configured', Message: `Set ${id === 0 ? 'OPENCRT_REPORTS_MYSQL_URL' : 'OPENCRT_REPORTS_REDSHIFT_URL'} to use it.` };
      let verdict = this.verdicts.fresh(id);
      if (!verdict) {
        try {
          const answer = await runInClientThread(target, null, { timeoutMs: STATUS_CHECK_MS, maxRows: 1, maxBytes: 1024 * 1024, maxCellChars: 1024 },
            { verify: true, timeoutText: `The account could not be checked within ${STATUS_CHECK_MS / 1000} s.` });
          this.verdicts.record(id, answer.privilegeProblem ?? null);
          verdict = this.verdicts.fresh(id);
        } catch (error) {
          return { ...base, State: 'unreachable', Message: error instanceof Error ? error.message : String(error) };
        }
      }
      return verdict?.problem
        ? { ...base, State: 'refused', Message: privilegeRefusal(id, verdict.problem) }
        : { ...base, State: 'ok', Message: 'The account is checked: it can only read.' };
    }));
  }

  async close(): Promise<void> {
    await this.embedded?.close();
  }

  /** Where an external source's (or source 2's login role's) client connects, or null. */
  private target(id: number): ClientTarget | null {
    if (id === 2 && this.access.kind === 'login') return { dialect: 'postgres', url: this.access.url, searchPath: this.access.viewSchema };
    if (id === 1 && this.config.redshiftUrl) return { dialect: 'postgres', url: this.config.redshiftUrl };
    if (id === 0 && this.config.mysqlUrl) return { dialect: 'mysql', url: this.config.mysqlUrl };
    return null;
  }

  /** The application database on the embedded snapshot (or why it is not available). */
  private embeddedSource(): ReportSource {
    const relations = relationsOf(2);
    const access = this.access;
    if (access.kind === 'unavailable') {
      return { dialect: 'postgres', relations, run: () => Promise.reject(new ReportRunFailure(access.reason)) };
    }
    const copyOut = this.copyOut;
    if (!copyOut) return { dialect: 'postgres', relations, run: () => Promise.reject(new ReportRunFailure('Reports on the embedded database are not available in this process.')) };
    this.embedded ??= new EmbeddedReportRunner(this.db, access.viewSchema, copyOut);
    const runner = this.embedded;
    return { dialect: 'postgres', relations, run: (statement, limits) => runner.run(statement, limits, timeoutText(limits)) };
  }

  /**
   * A database reached by URL, in a thread per run: PostgreSQL-protocol (Redshift, PostgreSQL, or
   * the application database as the reports' login role with the report views on its search path)
   * through a cursor, or MySQL / MariaDB streamed. The account is checked first when its verdict
   * has expired; a refused account runs nothing.
   */
  private clientSource(id: number, target: ClientTarget): ReportSource {
    return {
      dialect: target.dialect,
      relations: relationsOf(id),
      run: async (statement, limits) => {
        const known = this.verdicts.fresh(id);
        if (known?.problem) throw new ReportRunFailure(privilegeRefusal(id, known.problem));
        const answer = await runInClientThread(target, statement, limits, { verify: !known, timeoutText: timeoutText(limits) });
        if (answer.privilegeProblem !== undefined) this.verdicts.record(id, answer.privilegeProblem);
        if (answer.privilegeProblem) throw new ReportRunFailure(privilegeRefusal(id, answer.privilegeProblem));
        if (!answer.result) throw new ReportRunFailure('The report answered nothing.');
        return { ...answer.result, columns: uniqueNames(answer.result.columns) };
      },
    };
  }
}
