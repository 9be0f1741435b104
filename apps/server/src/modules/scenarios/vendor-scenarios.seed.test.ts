import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testConfig } from '../../test/test-config.ts';
import { scenariosDb } from './scenarios.tables.ts';
import { DEMO_VENDORS, ramp, vendorScenariosSeeder } from './vendor-scenarios.seed.ts';

describe('demo vendor scenario sets (issue 13 item 5)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const get = async (user: 'analyst' | 'user', url: string) => t.request({ method: 'GET', url: `/api${url}`, token: await t.token(user) });
  const seed = (seedDemoData: boolean) => vendorScenariosSeeder.run({ db: t.handle.db, config: testConfig({ seedDemoData }), now: new Date('2026-01-05T00:00:00Z') });
  const count = async () => Number((await scenariosDb(t.handle.db).selectFrom('scenarios').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('ramps move linearly to their end value and then hold', () => {
    expect(ramp(10, 20, 4)).toEqual([10, 12.5, 15, 17.5, 20]);
  });

  it('does nothing when demo data is off (test configurations)', async () => {
    await seed(false);
    expect(await count()).toBe(0);
  });

  it('seeds two vendors × five shared common scenarios once, visible to every user', async () => {
    await seed(true);
    await seed(true);
    expect(await count()).toBe(10);
    for (const user of ['analyst', 'user'] as const) {
      expect((await get(user, '/scenarios/vendors')).json()).toEqual(DEMO_VENDORS.map((v) => v.vendor));
    }
    const list = (await get('user', `/scenarios?vendor=${encodeURIComponent(DEMO_VENDORS[1].vendor)}`)).json() as { ScenarioName: string; DealName: string | null }[];
    expect(list.map((s) => s.ScenarioName).sort()).toEqual(['Baseline', 'Fast Prepay', 'Mild Recession', 'Severe Recession', 'Slow Prepay']);
    expect(list.every((s) => s.DealName === null)).toBe(true);
  });

  it('does not bring back a deleted demo scenario on the next start', async () => {
    await scenariosDb(t.handle.db).deleteFrom('scenarios').where('scenario_name', '=', 'Baseline').execute();
    await seed(true);
    expect(await count()).toBe(8);
  });
});
