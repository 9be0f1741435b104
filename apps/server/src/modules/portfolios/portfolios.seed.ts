/**
 * Demo portfolios (issue 13 item 5): a Reinsurance portfolio of ACIS and CIRT lines and a Bonds
 * portfolio of STACR and CAS bonds, owned by the demo analyst, so /portfolio and /vendor_grid have
 * something to open on first start. Seeded once per database (app_settings key): a user who
 * deletes or renames them does not get them back on the next start. They go through the same
 * checks and transaction as POST /portfolios/bulk, so they hold only what a user could save.
 */
import type { PortfolioCreateRequest } from '@opencrt/contracts';
import { PortfolioBulkRequestSchema } from '@opencrt/contracts';
import { sql } from 'kysely';
import type { SeedContext } from '../../seed/seed-context.ts';
import { createPortfolios } from './portfolios.service.ts';
import { createPortfoliosRepository } from './portfolios.repository.ts';
import { portfoliosDb } from './portfolios.tables.ts';

const SEED_KEY = 'portfolios.demo_seed_version';
const SEED_VERSION = '1';
// Bonds with a balance left at the demo deals' factor date (October 2026), so a run today has lines to value.
export const DEMO_PORTFOLIO_OWNER = 'analyst';

/** Percent vectors of one flat assumption (stored like the screen saves them). */
const flat = (cpr: number, cdr: number, sev: number) => ({ Cpr: [cpr], Cdr: [cdr], LossSeverity: [sev], Delinquency: [0], Libor: [0] });

export const DEMO_PORTFOLIOS: PortfolioCreateRequest[] = [
  {
    Name: 'Demo reinsurance', PortfolioType: 'Reinsurance',
    PortfolioEntries: [
      { OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', BondName: 'B-1B', OwnedFaceAmt: 2_000_000, Margin: 25, AnnualPremium: 0, ...flat(10, 0.5, 30) },
      { OrdinalNumber: 2, DealName: 'ACIS 2020-DNA3', BondName: 'B-2', OwnedFaceAmt: 1_000_000, Margin: 50, AnnualPremium: 0, ...flat(10, 0.5, 30) },
      { OrdinalNumber: 3, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 1_500_000, Margin: 20, AnnualPremium: 0, ...flat(8, 0.3, 25) },
    ],
  },
  {
    Name: 'Demo bonds', PortfolioType: 'Bonds',
    PortfolioEntries: [
      { OrdinalNumber: 1, DealName: 'STACR 2020-DNA3', BondName: 'B-1B', OwnedFaceAmt: 1_000_000, Margin: 100, AnnualPremium: 0, ...flat(10, 0.5, 30) },
      { OrdinalNumber: 2, DealName: 'CAS 2020-R01', BondName: '1M-2', OwnedFaceAmt: 2_000_000, Margin: 101.25, AnnualPremium: 0, ...flat(8, 0.3, 25) },
      { OrdinalNumber: 3, DealName: 'CAS 2021-R01', BondName: '1B-1A', OwnedFaceAmt: 500_000, Margin: 98.5, AnnualPremium: 0, ...flat(8, 0.3, 25) },
    ],
  },
];

export const portfoliosSeeder = {
  name: 'portfolios',
  async run(ctx: SeedContext): Promise<void> {
    // Demo content can be switched off (OPENCRT_SEED_DEMO_DATA=false; API tests do).
    if (!ctx.config.seedDemoData) return;
    const done = await ctx.db.selectFrom('app_settings').select('value').where('key', '=', SEED_KEY).executeTakeFirst();
    if (done?.value === SEED_VERSION) return;
    const owner = await ctx.db.selectFrom('users').select(['id', 'username']).where(sql`lower(username)`, '=', DEMO_PORTFOLIO_OWNER).executeTakeFirst();
    // No demo analyst (a database set up without demo users): nothing to own the portfolios.
    if (!owner) return;
    const repo = createPortfoliosRepository(portfoliosDb(ctx.db));
    const missing = [];
    for (const p of DEMO_PORTFOLIOS) if (!(await repo.nameTaken(owner.id, p.Name ?? ''))) missing.push(p);
    if (missing.length > 0) {
      await createPortfolios(ctx.db, { id: owner.id, username: owner.username, roles: ['User'] }, PortfolioBulkRequestSchema.parse(missing), ctx.now,
        // The demo portfolios are the app's, not the analyst's writes: seeding never stops at the quota.
        Number.MAX_SAFE_INTEGER);
    }
    await ctx.db.insertInto('app_settings').values({ key: SEED_KEY, value: SEED_VERSION })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: SEED_VERSION })).execute();
  },
};
