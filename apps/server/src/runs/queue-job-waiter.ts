import type { Queue, QueueEvents } from 'bullmq';

interface Waiting {
  resolve(returnvalue: unknown): void;
  reject(error: Error): void;
}

/**
 * Waits for many BullMQ jobs through one pair of listeners on QueueEvents, instead of BullMQ's
 * job.waitUntilFinished, which adds listeners per job, among them one for the Queue's 'closing'
 * event: a 50×50 matrix waits on 32 jobs at once, and Node printed MaxListenersExceededWarning
 * into the JSON log (issue 32 §8d). Here the listener count stays two however many jobs wait.
 */
export class QueueJobWaiter {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly queue: Queue, events: QueueEvents) {
    events.on('completed', ({ jobId, returnvalue }) => {
      this.settle(jobId)?.resolve(returnvalue);
    });
    events.on('failed', ({ jobId, failedReason }) => {
      this.settle(jobId)?.reject(new Error(failedReason));
    });
  }

  /** How many jobs are waited on now (tests). */
  get size(): number { return this.waiting.size; }

  /**
   * The job's return value, or its failure as an Error with the failed reason. The events stream
   * must be read already (QueueEvents.waitUntilReady) so that no event after the check is missed.
   */
  async finished(jobId: string): Promise<unknown> {
    if (this.waiting.has(jobId)) throw new Error(`job ${jobId} is waited on twice`);
    const done = new Promise<unknown>((resolve, reject) => { this.waiting.set(jobId, { resolve, reject }); });
    // The answer may arrive while the state is read below; the caller gets it from `done`.
    done.catch(() => undefined);
    // A job may have finished before we listened for it: its state says so.
    try {
      const state = await this.queue.getJobState(jobId);
      if (state === 'completed' || state === 'failed') {
        const job = await this.queue.getJob(jobId);
        const waiter = this.settle(jobId);
        if (state === 'completed') waiter?.resolve(job?.returnvalue);
        else waiter?.reject(new Error(job?.failedReason ?? `job ${jobId} failed`));
      }
    } catch (error) {
      this.settle(jobId)?.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return done;
  }

  /** Stops waiting for a job (cancelled or timed out): its answer, if it comes, is dropped. */
  forget(jobId: string): void {
    this.waiting.delete(jobId);
  }

  /** Every waiting job fails with `reason` (the service is closing). */
  rejectAll(reason: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(reason);
    this.waiting.clear();
  }

  private settle(jobId: string): Waiting | undefined {
    const waiter = this.waiting.get(jobId);
    this.waiting.delete(jobId);
    return waiter;
  }
}
