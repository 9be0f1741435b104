/** SQL of the portfolios module (tables of migrations 0004 and 0010). */
import { folded } from '../../db/folded.ts';
import { sql } from 'kysely';
import type { Portfolio, PortfolioEntryOut } from '@opencrt/contracts';
import type { CheckedEntry } from './portfolio-entries.check.ts';
import type { PortfoliosDb } from './portfolios.tables.ts';

export interface PortfolioRow { id: number; owner_id: number; owner: string; name: string; portfolio_type: string }

const ymdOf = (d: Date | string | null): number | null => {
  if (d === null) return null;
  const iso = typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
  return Number(iso.replace(/-/g, ''));
};
const isoOf = (ymd: number | null): string | null =>
  ymd === null ? null : `${String(ymd).slice(0, 4)}-${String(ymd).slice(4, 6)}-${String(ymd).slice(6, 8)}`;

export function createPortfoliosRepository(db: PortfoliosDb) {
  const headers = () => db.selectFrom('portfolios').innerJoin('users', 'users.id', 'portfolios.owner_id')
    .select(['portfolios.id', 'portfolios.owner_id', 'users.username as owner', 'portfolios.name', 'portfolios.portfolio_type']);

  const entriesOf = async (ids: readonly number[]): Promise<Map<number, PortfolioEntryOut[]>> => {
    const map = new Map<number, PortfolioEntryOut[]>();
    if (ids.length === 0) return map;
    const rows = await db.selectFrom('portfolio_entries').selectAll().where('portfolio_id', 'in', [...ids])
      .orderBy('portfolio_id').orderBy('ordinal_number').execute();
    for (const r of rows) {
      const list = map.get(r.portfolio_id) ?? [];
      list.push({
        OrdinalNumber: r.ordinal_number, DealName: r.deal_name, BondName: r.bond_name, OwnedFaceAmt: r.owned_face_amt,
        Margin: r.margin, AnnualPremium: r.annual_premium, Cpr: r.cpr, Cdr: r.cdr, LossSeverity: r.loss_severity,
        Delinquency: r.delinquency, Libor: r.libor, InterestRate: r.interest_rate, CancellationDate: ymdOf(r.cancellation_date),
        CleanupCall: r.cleanup_call, ScenarioId: r.scenario_id, UserCashflowLabel: r.user_cashflow_label,
      });
      map.set(r.portfolio_id, list);
    }
    return map;
  };

  const toPortfolio = (p: PortfolioRow, entries: PortfolioEntryOut[]): Portfolio => ({
    Id: p.id, Owner: p.owner, Name: p.name, PortfolioType: p.portfolio_type === 'Bonds' ? 'Bonds' : 'Reinsurance', PortfolioEntries: entries,
  });

  return {
    /**
     * A page of one owner's portfolios, or of every portfolio (admins), the viewer's own first, then
     * by name; with the count of all of them.
     */
    list: async (ownerId: number | null, viewerId: number, page: { limit: number; offset: number }) => {
      let q = headers();
      if (ownerId !== null) q = q.where('portfolios.owner_id', '=', ownerId);
      // A name met before in the whole list (own first, then by id) is told apart by its owner on every page alike.
      const rows = await q.select(sql<string>`row_number() over (partition by portfolios.name order by portfolios.owner_id = ${viewerId} desc, portfolios.id)`.as('name_rank'))
        .orderBy(sql`portfolios.owner_id = ${viewerId}`, 'desc').orderBy(sql`lower(portfolios.name)`).orderBy('portfolios.id')
        .limit(page.limit).offset(page.offset).execute();
      let counted = db.selectFrom('portfolios').select((eb) => eb.fn.countAll<string>().as('n'));
      if (ownerId !== null) counted = counted.where('owner_id', '=', ownerId);
      const total = Number((await counted.executeTakeFirstOrThrow()).n);
      const entries = await entriesOf(rows.map((r) => r.id));
      return { rows: rows.map((row) => ({ row, portfolio: toPortfolio(row, entries.get(row.id) ?? []) })), total };
    },

    /** Portfolios one user owns (the quota counts them). */
    countOwned: async (ownerId: number) => Number((await db.selectFrom('portfolios').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', ownerId).executeTakeFirstOrThrow()).n),

    /** By name (ignoring case): the caller's own first, then (admins) anyone's. */
    findByName: async (name: string, ownerId: number, anyOwner: boolean): Promise<Portfolio | undefined> => {
      const rows = await headers().where(sql`lower(portfolios.name)`, '=', folded(name))
        .$if(!anyOwner, (q) => q.where('portfolios.owner_id', '=', ownerId)).orderBy('portfolios.id').execute();
      const row = rows.find((r) => r.owner_id === ownerId) ?? rows[0];
      if (!row) return undefined;
      return toPortfolio(row, (await entriesOf([row.id])).get(row.id) ?? []);
    },

    /** By id, when the caller may see it (owner, or any for admins). */
    findById: async (id: number, ownerId: number, anyOwner: boolean): Promise<Portfolio | undefined> => {
      const row = await headers().where('portfolios.id', '=', id)
        .$if(!anyOwner, (q) => q.where('portfolios.owner_id', '=', ownerId)).executeTakeFirst();
      if (!row) return undefined;
      return toPortfolio(row, (await entriesOf([row.id])).get(row.id) ?? []);
    },

    /** Header of a visible portfolio by id. */
    header: (id: number, ownerId: number, anyOwner: boolean) => headers().where('portfolios.id', '=', id)
      .$if(!anyOwner, (q) => q.where('portfolios.owner_id', '=', ownerId)).executeTakeFirst(),

    nameTaken: async (ownerId: number, name: string) => !!(await db.selectFrom('portfolios').select('id')
      .where('owner_id', '=', ownerId).where(sql`lower(name)`, '=', folded(name)).executeTakeFirst()),

    insert: async (ownerId: number, name: string, type: string, now: Date) => (await db.insertInto('portfolios')
      .values({ owner_id: ownerId, name, portfolio_type: type, created_at: now, last_modified: now })
      .returning('id').executeTakeFirstOrThrow()).id,

    /** Replaces a portfolio's entries (call inside a transaction). */
    replaceEntries: async (portfolioId: number, entries: readonly CheckedEntry[], now: Date) => {
      await db.deleteFrom('portfolio_entries').where('portfolio_id', '=', portfolioId).execute();
      if (entries.length > 0) {
        await db.insertInto('portfolio_entries').values(entries.map((e) => ({
          portfolio_id: portfolioId, ordinal_number: e.OrdinalNumber, deal_name: e.DealName, bond_name: e.BondName,
          owned_face_amt: e.OwnedFaceAmt, margin: e.Margin, annual_premium: e.AnnualPremium,
          cpr: JSON.stringify(e.Cpr), cdr: JSON.stringify(e.Cdr), loss_severity: JSON.stringify(e.LossSeverity),
          delinquency: JSON.stringify(e.Delinquency), libor: JSON.stringify(e.Libor),
          interest_rate: e.InterestRate, cancellation_date: isoOf(e.CancellationDate), cleanup_call: e.CleanupCall, scenario_id: e.ScenarioId,
          user_cashflow_label: e.UserCashflowLabel,
        }))).execute();
      }
      await db.updateTable('portfolios').set({ last_modified: now }).where('id', '=', portfolioId).execute();
    },

    /** Ids among `ids` the caller may delete. */
    deletable: async (ids: readonly number[], ownerId: number, anyOwner: boolean) => (await db.selectFrom('portfolios').select('id')
      .where('id', 'in', [...ids]).$if(!anyOwner, (q) => q.where('owner_id', '=', ownerId)).execute()).map((r) => r.id),

    deleteMany: async (ids: readonly number[]) =>
      Number((await db.deleteFrom('portfolios').where('id', 'in', [...ids]).executeTakeFirst()).numDeletedRows),
  };
}

export type PortfoliosRepository = ReturnType<typeof createPortfoliosRepository>;
