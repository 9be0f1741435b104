/**
 * Loads the demo catalogue (data/deals) into the database: deals, bonds, rep lines, generated
 * histories and loan tapes, in one transaction. Used by the first-start seeder and by
 * POST /administrator/loadCatalogue. Demo users get every newly loaded deal.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { DEFAULT_DATA_DIR, loadDealRecords } from './deal-catalog.loader.ts';
import { generateDealHistory } from '../demo-data/deal-history.generator.ts';
import { cashDealHistory } from '../demo-data/cash-deal-history.ts';
import { generateLoanTape } from '../demo-data/loan-tape.generator.ts';
import { type DealRows, buildDealRows } from './deal-rows.builder.ts';
import { type DealsDb, type DealsTables, dealsDb } from './deals.tables.ts';

/** Advisory lock key serialising catalogue loads (any fixed number unique to this purpose). */
const CATALOGUE_LOCK_KEY = 0x0c47a106;

/** Users who receive every demo deal (the seeded accounts). */
export const DEMO_DEAL_USERS = ['admin', 'analyst', 'user'] as const;

export interface CatalogueLoadResult {
  deals: number;
  loans: number;
  milliseconds: number;
}

/** Generate every deal's rows (pure, no database). */
export function buildCatalogueRows(dataDir: string = DEFAULT_DATA_DIR): DealRows[] {
  return loadDealRecords(dataDir).map((record) => {
    const history = cashDealHistory(record, generateDealHistory(record));
    const last = history.pool.at(-1);
    const loans = last && record.file.loanTape ? generateLoanTape(record, last) : [];
    return buildDealRows(record, history, loans);
  });
}

/**
 * Bulk insert as one JSON parameter per chunk (jsonb_populate_recordset): far fewer bound
 * parameters than a multi-row VALUES list, which keeps first-start seeding fast on PGlite.
 */
export async function insertJson(db: DealsDb, table: keyof DealsTables, rows: unknown[], chunk = 5000): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = JSON.stringify(rows.slice(i, i + chunk));
    await sql`insert into ${sql.table(table)} select * from jsonb_populate_recordset(null::${sql.table(table)}, ${part}::jsonb)`.execute(db);
  }
}

/**
 * Replace the demo deals' data with a fresh load from data/deals. Request-time callers generate
 * the rows on the run service (task catalogueRows) and pass them in.
 */
export async function loadCatalogue(db: Db, dataDir: string = DEFAULT_DATA_DIR, rows?: DealRows[]): Promise<CatalogueLoadResult> {
  const started = performance.now();
  const all = rows ?? buildCatalogueRows(dataDir);
  const names = all.map((r) => r.deal.deal_name);
  await dealsDb(db).transaction().execute(async (trx) => {
    // One load at a time, across every API replica on this database: two concurrent reloads would
    // otherwise interleave their deletes and inserts and fail on the unique keys. Released at commit.
    await sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`.execute(trx);
    const existing = new Set((await trx.selectFrom('deals').select('deal_name').execute()).map((r) => r.deal_name));
    for (const table of ['loans', 'collateral_history', 'bond_remit_history', 'deal_remit_history', 'deal_replines', 'deal_bonds'] as const) {
      await trx.deleteFrom(table).where('deal_name', 'in', names).execute();
    }
    for (const rows of all) {
      await trx.insertInto('deals').values(rows.deal)
        .onConflict((oc) => oc.column('deal_name').doUpdateSet((eb) => {
          const { deal_name: _key, ...rest } = rows.deal;
          return Object.fromEntries(Object.keys(rest).map((k) => [k, eb.ref(`excluded.${k}` as 'excluded.deal_id')]));
        }))
        .execute();
    }
    const flat = <K extends keyof DealRows>(key: K): DealRows[K] => all.flatMap((r) => r[key] as unknown[]) as DealRows[K];
    // jsonb columns travel as JSON text inside the JSON document: parse them back first.
    const bonds = flat('bonds').map((b) => ({ ...b, coupon: JSON.parse(String(b.coupon)), collateral_groups: JSON.parse(String(b.collateral_groups)) }));
    await insertJson(trx, 'deal_bonds', bonds);
    await insertJson(trx, 'deal_replines', flat('replines'));
    await insertJson(trx, 'deal_remit_history', flat('remit'));
    await insertJson(trx, 'bond_remit_history', flat('bondRemit'));
    await insertJson(trx, 'collateral_history', flat('collateral'));
    await insertJson(trx, 'loans', flat('loans'));
    const added = names.filter((n) => !existing.has(n));
    if (added.length) {
      await sql`
        insert into user_deals (user_id, deal_name)
        select u.id, d.name from users u cross join unnest(${added}::text[]) as d(name)
        where lower(u.username) in (${sql.join([...DEMO_DEAL_USERS])})
        on conflict do nothing`.execute(trx);
    }
  });
  return { deals: all.length, loans: all.reduce((s, r) => s + r.loans.length, 0), milliseconds: performance.now() - started };
}

/**
 * Version of the generated demo rows (histories, loan tapes). Bump it when a generator changes
 * what it produces, so existing databases reload the demo deals on their next start.
 */
export const DEMO_GENERATOR_VERSION = 2;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

/** Fingerprint of what the demo catalogue is built from: the data files and the generator version. */
export function catalogueFingerprint(dataDir: string = DEFAULT_DATA_DIR): string {
  const hash = createHash('sha256').update(`generator ${DEMO_GENERATOR_VERSION}\n`);
  for (const sub of ['deals', 'sources']) {
    const root = join(dataDir, sub);
    if (!existsSync(root)) continue;
    for (const file of filesUnder(root)) hash.update(relative(dataDir, file)).update(readFileSync(file));
  }
  return hash.digest('hex');
}

const FINGERPRINT_KEY = 'demo_catalogue_fingerprint';

/**
 * Seeder: loads the catalogue on first start, and reloads the demo deals when their data files
 * or generators changed since the database was seeded (users' own data is kept; demo deals'
 * rows are replaced).
 */
export const dealsSeeder = {
  name: 'deals',
  async run(ctx: SeedContext): Promise<void> {
    const fingerprint = catalogueFingerprint();
    const stored = await ctx.db.selectFrom('app_settings').select('value').where('key', '=', FINGERPRINT_KEY).executeTakeFirst();
    const row = await dealsDb(ctx.db).selectFrom('deals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const seeded = Number(row?.n ?? 0) > 0;
    if (seeded && stored?.value === fingerprint) return;
    if (seeded) console.log('Demo deal data changed since this database was seeded: reloading the demo deals.');
    await loadCatalogue(ctx.db);
    await ctx.db.insertInto('app_settings').values({ key: FINGERPRINT_KEY, value: fingerprint })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: fingerprint })).execute();
  },
};
