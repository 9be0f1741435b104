/**
 * Demo vendor scenario sets (issue 13 item 5): two vendors × five scenarios, so the vendor grid
 * has columns to show on a first start. They are common scenarios (no deal: they apply to every
 * deal), owned by the admin and shared with everyone, and editable or deletable like any other.
 * Seeded once per database (app_settings key): a deleted demo scenario does not come back.
 * Test configurations switch demo data off (config.seedDemoData) so API tests start clean.
 */
import { sql } from 'kysely';
import type { SeedContext } from '../../seed/seed-context.ts';
import { createScenariosRepository } from './scenarios.repository.ts';
import { scenariosDb } from './scenarios.tables.ts';

const SEED_KEY = 'scenarios.vendor_demo_seed_version';
const SEED_VERSION = '1';

/** Monthly vector (percent): `from` moving linearly to `to` over `months` (the last value holds after that). */
export function ramp(from: number, to: number, months: number): number[] {
  return Array.from({ length: months + 1 }, (_, i) => Math.round((from + ((to - from) * Math.min(i, months)) / months) * 1000) / 1000);
}

interface Shape { name: string; cpr: [number, number]; cdr: [number, number]; severity: number; delinquency: number }

/** The five shapes both vendors publish; each vendor scales credit losses its own way. */
const SHAPES: Shape[] = [
  { name: 'Baseline', cpr: [9, 11], cdr: [0.2, 0.4], severity: 25, delinquency: 1 },
  { name: 'Mild Recession', cpr: [8, 7], cdr: [0.5, 1.5], severity: 30, delinquency: 2 },
  { name: 'Severe Recession', cpr: [6, 4], cdr: [1, 4], severity: 40, delinquency: 5 },
  { name: 'Fast Prepay', cpr: [15, 25], cdr: [0.2, 0.3], severity: 25, delinquency: 1 },
  { name: 'Slow Prepay', cpr: [5, 4], cdr: [0.3, 0.6], severity: 28, delinquency: 1.5 },
];

export const DEMO_VENDORS = [
  { vendor: 'Harbor Analytics', creditScale: 1, rampMonths: 24 },
  { vendor: 'Summit Credit Research', creditScale: 1.25, rampMonths: 12 },
] as const;

/** The ten demo scenarios as rows of the scenarios table (flat index: no forward curve). */
export function demoVendorScenarios() {
  return DEMO_VENDORS.flatMap(({ vendor, creditScale, rampMonths }) => SHAPES.map((s) => ({
    scenario_name: s.name, deal_name: null, vendor, shared: true,
    cpr: ramp(s.cpr[0], s.cpr[1], rampMonths),
    cdr: ramp(s.cdr[0] * creditScale, s.cdr[1] * creditScale, rampMonths),
    loss_severity: ramp(s.severity, Math.min(100, s.severity * creditScale), rampMonths),
    delinquency: ramp(s.delinquency, s.delinquency * creditScale, rampMonths),
    index_curve: [] as number[],
  })));
}

export const vendorScenariosSeeder = {
  name: 'vendor scenarios',
  async run({ db, config, now }: SeedContext): Promise<void> {
    if (!config.seedDemoData) return;
    const done = await sql<{ value: string }>`select value from app_settings where key = ${SEED_KEY}`.execute(db);
    if (done.rows[0]?.value === SEED_VERSION) return;
    const admin = await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', 'admin').executeTakeFirst();
    if (!admin) return;
    await scenariosDb(db).transaction().execute(async (trx) => {
      const repo = createScenariosRepository(trx);
      const existing = await trx.selectFrom('scenarios').select(['scenario_name', 'vendor']).where('deal_name', 'is', null).execute();
      const have = new Set(existing.map((r) => `${(r.vendor ?? '').toLowerCase()}\u0000${r.scenario_name.toLowerCase()}`));
      for (const s of demoVendorScenarios()) {
        if (have.has(`${s.vendor.toLowerCase()}\u0000${s.scenario_name.toLowerCase()}`)) continue;
        await repo.insert(admin.id, s, now);
      }
      await sql`insert into app_settings (key, value) values (${SEED_KEY}, ${SEED_VERSION})
        on conflict (key) do update set value = excluded.value`.execute(trx);
    });
  },
};
