/**
 * Fair turns for reports (issue 32): a user has at most MAX_REPORTS_PER_USER reports running or
 * waiting across all sources (more answer 429); each source runs a few at once and hands free turns
 * to the waiting users in rotation, one report per user per round, so one user's queue never holds
 * the others back for long. A report's wait counts toward its timeout: it is refused when its time
 * runs out while it waits, and it answers at most ANSWER_GRACE_MS after its deadline whatever it
 * waits on (the embedded snapshot's load included: embedded-report-runner.ts).
 */
import { TooManyRequests } from '../../http/errors.ts';

export const MAX_REPORTS_PER_USER = 2;
/** How long past its deadline a report may take to answer (its thread is being stopped meanwhile). */
export const ANSWER_GRACE_MS = 3000;

/** Counts each user's reports running or waiting; `enter` refuses the one over the cap. */
export class ReportAdmission {
  private readonly counts = new Map<number, number>();
  constructor(private readonly maxPerUser = MAX_REPORTS_PER_USER) {}

  /** Admits one more report of the user; call the answer when it has finished. Throws TooManyRequests over the cap. */
  enter(userId: number): () => void {
    const count = this.counts.get(userId) ?? 0;
    if (count >= this.maxPerUser) {
      throw new TooManyRequests(`You already have ${this.maxPerUser} reports running or waiting: run this one when one of them has answered.`);
    }
    this.counts.set(userId, count + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const now = (this.counts.get(userId) ?? 1) - 1;
      if (now <= 0) this.counts.delete(userId);
      else this.counts.set(userId, now);
    };
  }

  /** Reports running or waiting, all users. */
  get total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }
}

interface Waiter { start: () => void; cancel: () => void }

/** Runs at most `concurrency` reports at once; the waiting ones get their turns user by user in rotation. */
export class FairScheduler {
  private running = 0;
  /** Reports running per user: a user with fewer running goes first. */
  private readonly runningOf = new Map<number, number>();
  /** When each user (running or waiting) last got a turn: among equals, the longest unserved goes first. */
  private readonly lastTurnOf = new Map<number, number>();
  private turns = 0;
  /** Users with reports waiting, in the order of their next turn; each with its reports in arrival order. */
  private readonly waiting = new Map<number, Waiter[]>();

  constructor(private readonly concurrency: number) {}

  /**
   * Runs `work` when the user's turn comes, giving it the milliseconds left before `deadline`.
   * Rejects with `expired()` when the deadline passes while waiting, or ANSWER_GRACE_MS after it
   * while running (the turn is held until the work has really ended).
   */
  run<T>(userId: number, deadline: number, work: (remainingMs: number) => Promise<T>, expired: () => Error): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        clearTimeout(waitTimer);
        const remaining = deadline - Date.now();
        if (remaining <= 0) { reject(expired()); return; }
        this.running++;
        this.runningOf.set(userId, (this.runningOf.get(userId) ?? 0) + 1);
        this.lastTurnOf.set(userId, ++this.turns);
        const answerTimer = setTimeout(() => reject(expired()), remaining + ANSWER_GRACE_MS);
        work(remaining).then(resolve, reject).finally(() => {
          clearTimeout(answerTimer);
          this.running--;
          const mine = (this.runningOf.get(userId) ?? 1) - 1;
          if (mine <= 0) this.runningOf.delete(userId);
          else this.runningOf.set(userId, mine);
          if (mine <= 0 && !this.waiting.has(userId)) this.lastTurnOf.delete(userId);
          this.next();
        });
      };
      const waiter: Waiter = { start, cancel: () => reject(expired()) };
      const waitTimer = setTimeout(() => { if (this.remove(userId, waiter)) waiter.cancel(); }, Math.max(0, deadline - Date.now()));
      const queue = this.waiting.get(userId);
      if (queue) queue.push(waiter);
      else this.waiting.set(userId, [waiter]);
      this.next();
    });
  }

  /** Reports waiting for a turn. */
  get queued(): number {
    let sum = 0;
    for (const q of this.waiting.values()) sum += q.length;
    return sum;
  }

  get active(): number { return this.running; }

  /**
   * Starts waiting reports while turns are free: among the users with the fewest reports running,
   * the one served longest ago (or never) goes first: round-robin by user.
   */
  private next(): void {
    while (this.running < this.concurrency) {
      let chosen: [number, Waiter[]] | undefined;
      const rank = (userId: number) => [this.runningOf.get(userId) ?? 0, this.lastTurnOf.get(userId) ?? 0] as const;
      for (const entry of this.waiting) {
        if (!chosen) { chosen = entry; continue; }
        const [running, last] = rank(entry[0]);
        const [bestRunning, bestLast] = rank(chosen[0]);
        if (running < bestRunning || (running === bestRunning && last < bestLast)) chosen = entry;
      }
      if (!chosen) return;
      const [userId, queue] = chosen;
      const waiter = queue.shift();
      this.waiting.delete(userId);
      if (queue.length > 0) this.waiting.set(userId, queue);
      if (!waiter) continue;
      waiter.start();
    }
  }

  private remove(userId: number, waiter: Waiter): boolean {
    const queue = this.waiting.get(userId);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return false;
    queue.splice(at, 1);
    if (queue.length === 0) this.waiting.delete(userId);
    return true;
  }
}
