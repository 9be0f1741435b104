import { dealsSeeder } from '../modules/deals/deals.catalogue.ts';
import { portfoliosSeeder } from '../modules/portfolios/portfolios.seed.ts';
import { reportsSeeder } from '../modules/reports/reports.seed.ts';
import { vendorScenariosSeeder } from '../modules/scenarios/vendor-scenarios.seed.ts';
import type { SeedContext, Seeder } from './seed-context.ts';
import { seedDemoUsers, seedRoles, type SeededLogin } from './seed-users.ts';

/**
 * Demo data seeders, run in order after migrations on every start; each must be idempotent
 * (do its work only when its data is missing). Later issues add one line each (e.g. deals).
 */
export const seeders: Seeder[] = [
  dealsSeeder,
  reportsSeeder,
  // After the deals: the demo portfolios' entries are checked against the analyst's deals.
  portfoliosSeeder,
  vendorScenariosSeeder,
];

/** Roles, demo users, then every registered seeder. Returns the logins created now (to print once). */
export async function seedDatabase(ctx: SeedContext): Promise<SeededLogin[]> {
  await seedRoles(ctx.db);
  const logins = await seedDemoUsers(ctx.db, ctx.config.seedPasswords);
  for (const seeder of seeders) await seeder.run(ctx);
  return logins;
}
