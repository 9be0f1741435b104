import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFound } from '../../http/errors.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { resolveUserVector } from './index.ts';

describe('vectors API and resolveUserVector', () => {
  let t: TestApp;
  let tok: Record<'admin' | 'analyst' | 'user', string>;
  const get = async (user: keyof typeof tok) => (await t.request({ method: 'GET', url: '/api/vectors', token: tok[user] })).json() as unknown[];
  const post = (user: keyof typeof tok, payload: unknown[]) => t.request({ method: 'POST', url: '/api/vectors', token: tok[user], payload: payload as object });
  const idOf = async (name: string) => (await t.ctx.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await createTestApp();
    tok = { admin: await t.token('admin'), analyst: await t.token('analyst'), user: await t.token('user') };
  });
  afterAll(async () => { await t?.close(); });

  it('starts empty, saves the caller\'s list and returns it (status 200)', async () => {
    expect(await get('analyst')).toEqual([]);
    const res = await post('analyst', [{ Name: 'ramp', Value: [1, 2, 3.5], Shared: false }, { Name: 'flat', Value: [6] }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Saved: 2 });
    expect(await get('analyst')).toEqual([
      { Name: 'flat', Value: [6], Shared: false, Owned: true },
      { Name: 'ramp', Value: [1, 2, 3.5], Shared: false, Owned: true },
    ]);
    expect(await get('user')).toEqual([]);
  });

  it('a save replaces the whole list; an empty list clears it', async () => {
    await post('user', [{ Name: 'a', Value: [1] }, { Name: 'b', Value: [2] }]);
    await post('user', [{ Name: 'b', Value: [3, 4] }]);
    expect(await get('user')).toEqual([{ Name: 'b', Value: [3, 4], Shared: false, Owned: true }]);
    expect((await post('user', [])).json()).toEqual({ Saved: 0 });
    expect(await get('user')).toEqual([]);
  });

  it('refuses a list with an empty name, an empty or non-numeric vector, or a duplicate name, and keeps the old list', async () => {
    const before = await get('analyst');
    expect((await post('analyst', [{ Name: '', Value: [1] }])).json()).toEqual({ Message: 'Empty or incorrect vector.' });
    expect((await post('analyst', [{ Name: 'x', Value: [] }])).json()).toEqual({ Message: 'Empty or incorrect vector.' });
    expect((await post('analyst', [{ Name: 'x', Value: [1, null] }])).json()).toEqual({ Message: 'Empty or incorrect vector.' });
    expect((await post('analyst', [{ Name: 'x', Value: ['1'] }])).statusCode).toBe(400);
    expect((await post('analyst', [{ Name: 'Dup', Value: [1] }, { Name: 'dup', Value: [2] }])).json()).toEqual({ Message: 'A vector with this name already exists.' });
    expect(await get('analyst')).toEqual(before);
  });

  it('only admins share; shared vectors are visible to all, read-only', async () => {
    const refused = await post('analyst', [{ Name: 'ramp', Value: [1], Shared: true }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ Message: 'Only administrators can share vectors.' });
    expect((await post('admin', [{ Name: 'House CPR', Value: [8, 9, 10], Shared: true }, { Name: 'ramp', Value: [50] }])).statusCode).toBe(200);
    expect(await get('user')).toEqual([{ Name: 'House CPR', Value: [8, 9, 10], Shared: true, Owned: false }]);
    const analyst = await get('analyst');
    expect(analyst).toEqual([
      { Name: 'flat', Value: [6], Shared: false, Owned: true },
      { Name: 'ramp', Value: [1, 2, 3.5], Shared: false, Owned: true },
      { Name: 'House CPR', Value: [8, 9, 10], Shared: true, Owned: false },
    ]);
  });

  it('resolveUserVector: own first, then shared, ignoring case; others\' private vectors stay hidden', async () => {
    const analyst = await idOf('analyst');
    const user = await idOf('user');
    expect(await resolveUserVector(t.ctx.db, analyst, 'RAMP')).toEqual([1, 2, 3.5]);
    expect(await resolveUserVector(t.ctx.db, analyst, ' house cpr ')).toEqual([8, 9, 10]);
    expect(await resolveUserVector(t.ctx.db, user, 'House CPR')).toEqual([8, 9, 10]);
    await expect(resolveUserVector(t.ctx.db, user, 'ramp')).rejects.toThrow(new NotFound('ramp vector was not found.'));
    await expect(resolveUserVector(t.ctx.db, user, 'ramp')).rejects.toBeInstanceOf(NotFound);
  });
});
