import { describe, expect, it } from 'vitest';
import { TooManyRequests } from '../../http/errors.ts';
import { ANSWER_GRACE_MS, FairScheduler, ReportAdmission } from './report-queue.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const expired = () => new Error('expired');

describe('report admission and fair turns (issue 32)', () => {
  it('admits two reports per user; the third answers 429 with a Message until one leaves', () => {
    const admission = new ReportAdmission();
    const first = admission.enter(1);
    admission.enter(1);
    expect(() => admission.enter(1)).toThrow(TooManyRequests);
    expect(() => admission.enter(1)).toThrow('You already have 2 reports running or waiting: run this one when one of them has answered.');
    admission.enter(2);
    first();
    first();
    expect(admission.total).toBe(2);
    expect(() => admission.enter(1)).not.toThrow();
  });

  it('hands turns to users in rotation: a second user does not wait behind the first user\'s queue', async () => {
    const scheduler = new FairScheduler(1);
    const order: string[] = [];
    const job = (name: string, ms: number) => async () => { order.push(name); await sleep(ms); return name; };
    const deadline = Date.now() + 10_000;
    const runs = [
      scheduler.run(1, deadline, job('a1', 50), expired),
      scheduler.run(1, deadline, job('a2', 50), expired),
      scheduler.run(1, deadline, job('a3', 50), expired),
      scheduler.run(2, deadline, job('b1', 50), expired),
      scheduler.run(3, deadline, job('c1', 50), expired),
    ];
    await Promise.all(runs);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it('counts the wait toward the timeout: a report whose time runs out while waiting is refused then, not later', async () => {
    const scheduler = new FairScheduler(1);
    const started = Date.now();
    const slow = scheduler.run(1, started + 5_000, () => sleep(1_000), expired);
    const waiting = scheduler.run(2, started + 300, () => Promise.resolve('ran'), expired);
    await expect(waiting).rejects.toThrow('expired');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(900);
    await slow;
    expect(scheduler.queued).toBe(0);
  });

  it('answers at most ANSWER_GRACE_MS after the deadline even when the work does not stop, and gives it the time left', async () => {
    const scheduler = new FairScheduler(1);
    const started = Date.now();
    let given = 0;
    const stuck = scheduler.run(1, started + 200, (remaining) => { given = remaining; return sleep(ANSWER_GRACE_MS + 2_000); }, expired);
    await expect(stuck).rejects.toThrow('expired');
    expect(given).toBeGreaterThan(150);
    expect(given).toBeLessThanOrEqual(200);
    expect(Date.now() - started).toBeLessThan(200 + ANSWER_GRACE_MS + 500);
    // Its turn is held until the work really ends.
    expect(scheduler.active).toBe(1);
  }, 10_000);
});
