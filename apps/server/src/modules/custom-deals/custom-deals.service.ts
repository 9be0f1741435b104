/**
 * Custom deals (spec 001 §3.11, §7): list, read, create, update, delete. A save validates and
 * builds the deal on the run service (engine task `buildCustomDeal`: the editor rules, the
 * engine structure and the engine's validateDeal), then stores the payload and its catalog
 * deals in one transaction. Every user is assigned the catalog deals, so they run on the
 * analysis screens like shipped deals; only OnlineDeals_Creator and Admin write (route table).
 */
import type { CustomDealCreated, CustomDealList, CustomDealPayload, CustomDealType, PageQuery, StoredCustomDeal } from '@opencrt/contracts';
import { CUSTOM_DEAL_MESSAGES, CustomDealPayloadSchema } from '@opencrt/contracts';
import { sql } from 'kysely';
import type { AuthUser } from '../../auth/authenticate.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { checkQuota, lockQuota } from '../../quotas/storage-quotas.ts';
import type { DealRows } from '../deals/deal-rows.builder.ts';
import type { ModuleContext } from '../module.ts';
import type { BuiltCustomDeal } from './custom-deal.builder.ts';
import { customDealsDb, type CustomDealsDb } from './custom-deals.tables.ts';
import { templateSpec } from './template.loader.ts';

export const notFoundMessage = (id: number): string => `Unable to find custom deal. Id: ${id}.`;

/** Catalog names a payload produces (main deal first). */
export function catalogNamesOf(p: CustomDealPayload): string[] {
  switch (p.Type) {
    case 'CIRT': return [p.Name.trim()];
    case 'STACR_ACIS': return [p.STACR.Name.trim(), p.ACIS.Name.trim()];
    case 'PYTHON': return [p.Name.trim()];
  }
}

/** The Name of a payload is its main deal's name (STACR_ACIS: the STACR name). */
function normalized(p: CustomDealPayload): CustomDealPayload {
  if (p.Type === 'STACR_ACIS') return { ...p, Name: p.STACR.Name.trim(), DependantNames: [p.ACIS.Name.trim()] };
  return { ...p, Name: p.Name.trim() };
}

async function insertRows(trx: CustomDealsDb, all: DealRows[]): Promise<void> {
  for (const rows of all) {
    await trx.insertInto('deals').values(rows.deal).execute();
    if (rows.bonds.length) await trx.insertInto('deal_bonds').values(rows.bonds).execute();
    if (rows.replines.length) await trx.insertInto('deal_replines').values(rows.replines).execute();
  }
  const names = all.map((r) => r.deal.deal_name);
  // Custom deals join every user's catalog (spec 001: they run on every analysis screen like shipped deals).
  await sql`insert into user_deals (user_id, deal_name) select u.id, d.name from users u cross join unnest(${names}::text[]) as d(name)
    on conflict do nothing`.execute(trx);
}

/** Custom deals a user created (the quota counts them; an update by someone else does not move one). */
async function createdBy(db: CustomDealsDb, userId: number): Promise<number> {
  return Number((await db.selectFrom('custom_deals').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('created_by', '=', userId).executeTakeFirstOrThrow()).n);
}

export function createCustomDealsService(ctx: ModuleContext) {
  const db = customDealsDb(ctx.db);

  const stored = async (id: number) => {
    const row = await db.selectFrom('custom_deals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFound(notFoundMessage(id));
    return row;
  };

  /** Validates and builds off the event loop; 400 with the issues when the deal is not valid. */
  const build = async (user: AuthUser, id: number, payload: CustomDealPayload): Promise<BuiltCustomDeal> => {
    const template = payload.Type === 'PYTHON' ? templateSpec(payload.DealName) : null;
    const built = await ctx.runs.run('buildCustomDeal', { id, payload, template }, { userId: user.id });
    if (built.issues.length) {
      throw new Invalid(`${CUSTOM_DEAL_MESSAGES.invalid}\n${built.issues.map((i) => `${i.path}: ${i.message}`).join('\n')}`);
    }
    return built;
  };

  /** 409 when a catalog deal other than this custom deal's own already has one of the names. */
  const checkNames = async (trx: CustomDealsDb, names: string[], ownId: number | null): Promise<void> => {
    const lower = names.map((n) => n.toLowerCase());
    if (new Set(lower).size !== lower.length) throw new Invalid('The STACR and ACIS deals need different names.');
    const taken = await trx.selectFrom('deals').select(['deal_name', 'custom_deal_id'])
      .where(sql<string>`lower(deal_name)`, 'in', lower).execute();
    const clash = taken.find((t) => ownId === null || t.custom_deal_id !== ownId);
    if (clash) throw new Conflict(`A deal named ${clash.deal_name} already exists.`);
  };

  return {
    /** A page of every custom deal by id, with the count of all (the x-total-count header). */
    async list(page: PageQuery): Promise<{ list: CustomDealList; total: number }> {
      const rows = await db.selectFrom('custom_deals').select(['id', 'name', 'deal_type', 'last_modified']).orderBy('id')
        .limit(page.limit).offset(page.offset).execute();
      const { n } = await db.selectFrom('custom_deals').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return {
        list: rows.map((r) => ({ Item1: r.name, Item2: { Id: r.id, LastModified: new Date(r.last_modified).toISOString(), StructureAsObject: { Type: r.deal_type } } })),
        total: Number(n),
      };
    },

    async get(id: number): Promise<StoredCustomDeal> {
      const row = await stored(id);
      const names = await db.selectFrom('deals').select('deal_name').where('custom_deal_id', '=', id).orderBy('deal_id').execute();
      const structure = CustomDealPayloadSchema.parse(row.structure);
      return {
        Id: row.id, Name: row.name, Structure: JSON.stringify(structure), StructureAsObject: structure,
        LastModified: new Date(row.last_modified).toISOString(), CatalogNames: catalogNamesOf(structure).filter((n) => names.some((x) => x.deal_name === n)),
      };
    },

    async create(user: AuthUser, type: CustomDealType, body: CustomDealPayload): Promise<CustomDealCreated> {
      if (body.Type !== type) throw new Invalid(`The payload is a ${body.Type} deal, not ${type}.`);
      const quota = ctx.config.quotas.customDeals;
      // Refused before the build too, so a write loop at its quota costs no engine run.
      checkQuota('customDeals', quota, await createdBy(db, user.id), 1);
      const payload = normalized(body);
      const names = catalogNamesOf(payload);
      await checkNames(db, names, null);
      // The id comes first: it is the catalog deal id and seeds the synthetic CUSIPs.
      const next = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('custom_deals', 'id'))::int as id`.execute(db);
      const id = Number(next.rows[0]?.id);
      if (!Number.isInteger(id)) throw new Error('Failed to generate Id for a new deal.');
      const built = await build(user, id, payload);
      await db.transaction().execute(async (trx) => {
        await lockQuota(trx, 'customDeals', user.id);
        checkQuota('customDeals', quota, await createdBy(trx, user.id), 1);
        await checkNames(trx, names, null);
        await trx.insertInto('custom_deals').values({
          id, name: payload.Name, deal_type: type, structure: JSON.stringify(payload), created_by: user.id, modified_by: user.id, last_modified: ctx.now(),
        }).execute();
        await insertRows(trx, built.rows);
      });
      return { Id: id, Name: payload.Name, CatalogNames: names };
    },

    async update(user: AuthUser, type: CustomDealType, id: number, body: CustomDealPayload): Promise<CustomDealCreated> {
      if (body.Type !== type) throw new Invalid(`The payload is a ${body.Type} deal, not ${type}.`);
      const row = await stored(id);
      if (row.deal_type !== type) throw new Invalid(`Custom deal ${id} is a ${row.deal_type} deal.`);
      const payload = normalized(body);
      const names = catalogNamesOf(payload);
      await checkNames(db, names, id);
      const built = await build(user, id, payload);
      await db.transaction().execute(async (trx) => {
        await checkNames(trx, names, id);
        // The catalog deals are rebuilt: bonds, rep lines and assignments go with them (on delete cascade).
        await trx.deleteFrom('deals').where('custom_deal_id', '=', id).execute();
        const updated = await trx.updateTable('custom_deals')
          .set({ name: payload.Name, structure: JSON.stringify(payload), modified_by: user.id, last_modified: ctx.now() })
          .where('id', '=', id).executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new NotFound(notFoundMessage(id));
        await insertRows(trx, built.rows);
      });
      return { Id: id, Name: payload.Name, CatalogNames: names };
    },

    async remove(id: number): Promise<{ Message: string }> {
      const row = await stored(id);
      // custom_deal_id on deals cascades: the catalog deals, their bonds, rep lines and assignments go too.
      await db.deleteFrom('custom_deals').where('id', '=', id).execute();
      return { Message: `Deal ${row.name} has been deleted.` };
    },

    /** The stored CIRT step-down rows of a custom CIRT catalog deal (by catalog name), or null. */
    async cirtPayloadOf(dealName: string): Promise<CustomDealPayload | null> {
      const row = await db.selectFrom('custom_deals').innerJoin('deals', 'deals.custom_deal_id', 'custom_deals.id')
        .select('custom_deals.structure').where('deals.deal_name', '=', dealName).executeTakeFirst();
      return row ? CustomDealPayloadSchema.parse(row.structure) : null;
    },
  };
}

export type CustomDealsService = ReturnType<typeof createCustomDealsService>;
