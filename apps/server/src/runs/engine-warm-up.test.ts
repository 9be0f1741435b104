import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { dealsDb } from '../modules/deals/deals.tables.ts';
import { warmUpEngine } from './engine-warm-up.ts';

describe('engine warm-up after start', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('runs deal runs and bond matrices of the newest STACR deal on the workers, leaving no run slot taken', async () => {
    const report = await warmUpEngine(t.ctx);
    expect(report?.dealName).toMatch(/^STACR /);
    // Two layouts × two runs per worker, then two matrices of at least one group each.
    expect(report?.runs).toBeGreaterThanOrEqual(4 * t.ctx.runs.parallelism + 2);
    // Users run as before: the analyst's four run slots are all free.
    const token = await t.token('analyst');
    const body = { DealName: 'STACR 2026-DNA1', SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0.005], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };
    const runs = await Promise.all(Array.from({ length: 4 }, (_, i) => t.request({ method: 'POST', url: '/api/simulate?useShallowResponse=true', token, payload: { ...body, Cpr: [0, 0.1 + i / 100] } })));
    expect(runs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('does nothing without a STACR deal', async () => {
    const empty = await createTestApp();
    try {
      await dealsDb(empty.ctx.db).deleteFrom('deals').where('deal_type', '=', 'STACR').execute();
      expect(await warmUpEngine(empty.ctx)).toBeNull();
    } finally {
      await empty.close();
    }
  });
});
