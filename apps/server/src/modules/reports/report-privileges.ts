/**
 * Verdicts on the accounts report sources run as (issue 32 "least privilege, verified"): read from
 * the database by report-privilege-checks.mjs in the report's own thread, kept for VERDICT_TTL_MS
 * so runs do not pay the check each time, and shown by GET /readyz and the admin reports screen.
 */
import { reportSourceName } from '@opencrt/contracts';

/** How long a verdict holds before the next run (or status) checks the account again. */
export const VERDICT_TTL_MS = 60_000;

export interface PrivilegeVerdict { problem: string | null; checkedAt: number }

/** The Message of a run refused for its source's account. */
export const privilegeRefusal = (sourceId: number, problem: string): string =>
  `The report source ${reportSourceName(sourceId)} is refused: the account it runs as ${problem}. `
  + 'Give it an account that can only read the report data (README "Reports", least-privilege accounts).';

export class PrivilegeVerdicts {
  private readonly verdicts = new Map<number, PrivilegeVerdict>();
  constructor(private readonly ttlMs = VERDICT_TTL_MS, private readonly now: () => number = Date.now) {}

  /** The verdict on a source's account while it holds, else undefined (check again). */
  fresh(sourceId: number): PrivilegeVerdict | undefined {
    const verdict = this.verdicts.get(sourceId);
    return verdict && this.now() - verdict.checkedAt < this.ttlMs ? verdict : undefined;
  }

  record(sourceId: number, problem: string | null): void {
    this.verdicts.set(sourceId, { problem, checkedAt: this.now() });
  }
}
