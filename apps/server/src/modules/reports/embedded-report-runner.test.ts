import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { EmbeddedReportRunner, LOADING_TEXT } from './embedded-report-runner.ts';
import { REPORT_VIEWS, reportViewSchema } from './report-views.ts';

/**
 * Issue 32 #4 on the embedded database: the thread's start and the snapshot's load count toward a
 * report's timeout, so a report answers within its timeout plus a few seconds however slow the load;
 * the load is kept for the next report. The load is slowed on purpose (a copy that waits), so the
 * test does not depend on the machine's speed. PGlite only (PostgreSQL runs reports on a login role).
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded reports: the snapshot load counts toward the timeout', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('a report whose load outlasts its timeout answers LOADING_TEXT in time; the next report runs on the same load', async () => {
    const copyOut = t.ctx.copyOut!;
    const SLOW_MS = 8_000;
    let copies = 0;
    const slowCopyOut = async (query: string) => {
      copies++;
      if (copies === 1) await sleep(SLOW_MS);
      return copyOut(query);
    };
    const runner = new EmbeddedReportRunner(t.ctx.db, reportViewSchema('public'), slowCopyOut);
    const statement = { text: 'select count(*) as n from deals', values: [] };
    const limits = { timeoutMs: 1_500, maxRows: 10, maxBytes: 100_000, maxCellChars: 1024 };
    try {
      const started = Date.now();
      await expect(runner.run(statement, limits, 'timed out')).rejects.toThrow(LOADING_TEXT);
      const answeredMs = Date.now() - started;
      // Within the timeout plus a few seconds, and well before the load could have ended.
      expect(answeredMs).toBeLessThan(limits.timeoutMs + 3_000);
      expect(answeredMs).toBeLessThan(SLOW_MS);

      // The load went on: this report joins it (a long timeout: the load is slow on purpose) and
      // nothing is copied twice.
      const answer = await runner.run(statement, { ...limits, timeoutMs: 120_000 }, 'timed out');
      expect(Number(answer.rows[0]![0])).toBeGreaterThan(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS);
      expect(copies).toBe(Object.keys(REPORT_VIEWS).length);

      // Loaded: a warm-up is one read of the data version, and a run copies nothing.
      await runner.warm();
      expect(copies).toBe(Object.keys(REPORT_VIEWS).length);
      const again = await runner.run(statement, { ...limits, timeoutMs: 10_000 }, 'timed out');
      expect(again.rows[0]![0]).toEqual(answer.rows[0]![0]);
    } finally {
      await runner.close();
    }
  }, 180_000);
});
