import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { catalogueFingerprint, dealsSeeder } from './deals.catalogue.ts';
import { dealsDb } from './deals.tables.ts';

describe('demo deals seeder', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  const seed = () => dealsSeeder.run({ db: t.ctx.db, config: t.ctx.config, now: new Date() });
  const factorOf = async () => (await dealsDb(t.ctx.db).selectFrom('deal_remit_history').select('factor')
    .where('deal_name', '=', 'FNMA MA4567').orderBy('date', 'desc').limit(1).executeTakeFirstOrThrow()).factor;
  const setFactor = (v: number) => dealsDb(t.ctx.db).updateTable('deal_remit_history').set({ factor: v }).where('deal_name', '=', 'FNMA MA4567').execute();

  it('records the fingerprint of the data it loaded, and leaves an up-to-date database alone', async () => {
    const stored = await t.ctx.db.selectFrom('app_settings').select('value').where('key', '=', 'demo_catalogue_fingerprint').executeTakeFirst();
    expect(stored?.value).toBe(catalogueFingerprint());
    const original = Number(await factorOf());
    await setFactor(0.123);
    await seed();
    expect(Number(await factorOf())).toBe(0.123);
    await setFactor(original);
  });

  it('reloads the demo deals when the data or generators changed since seeding', async () => {
    const original = Number(await factorOf());
    await setFactor(0.123);
    await t.ctx.db.updateTable('app_settings').set({ value: 'from an older version' }).where('key', '=', 'demo_catalogue_fingerprint').execute();
    await seed();
    expect(Number(await factorOf())).toBeCloseTo(original, 10);
    const stored = await t.ctx.db.selectFrom('app_settings').select('value').where('key', '=', 'demo_catalogue_fingerprint').executeTakeFirst();
    expect(stored?.value).toBe(catalogueFingerprint());
  });
});
