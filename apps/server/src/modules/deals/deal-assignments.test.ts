import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { assignDemoDeals, assignedDealNames } from './deal-assignments.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => t.close());

describe('deal assignments', () => {
  it('seeded users hold every demo deal', async () => {
    const names = (await t.ctx.db.selectFrom('users').select(['id', 'username']).execute());
    for (const u of names) expect((await assignedDealNames(t.ctx.db, u.id)).length, u.username).toBeGreaterThanOrEqual(30);
  });

  it('assignDemoDeals gives a new user the demo catalogue once', async () => {
    const user = await t.ctx.db.insertInto('users').values({ username: 'newcomer', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    expect(await assignedDealNames(t.ctx.db, user.id)).toEqual([]);
    const added = await assignDemoDeals(t.ctx.db, user.id);
    expect(added).toBeGreaterThanOrEqual(30);
    expect(await assignDemoDeals(t.ctx.db, user.id)).toBe(0);
    expect((await assignedDealNames(t.ctx.db, user.id))).toContain('STACR 2026-DNA1');
  });
});
