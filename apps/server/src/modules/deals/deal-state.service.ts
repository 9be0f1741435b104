/**
 * The engine's mid-life starting point (DealState, packages/engine/src/deal/deal-spec.ts) of a
 * demo deal at a settlement date, read from the stored remittance histories: tranche notionals
 * and cumulative write-downs at the last remittance on or before the date, cumulative net
 * loss, and the distressed (60+ days) balances of the last five remittances.
 */
import type { DealSpec, DealState } from '@opencrt/engine';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dealsDb } from './deals.tables.ts';

export interface DealStart {
  /** The deal's structure, or null when the engine does not model the family yet. */
  spec: DealSpec | null;
  /** Null = start at closing (the settlement date is before the first remittance). */
  state: DealState | null;
  /** The remittance date the state belongs to (YYYYMMDD), or null. */
  remitDate: number | null;
  /** Content version of the structure (md5 of its JSON, computed by the database): run workers cache specs by it. */
  specVersion: string;
}

/** A deal's stored structure and its content version. */
export interface DealStructure {
  spec: DealSpec | null;
  specVersion: string;
}

export async function loadStructure(baseDb: Db, dealName: string): Promise<DealStructure | null> {
  const deal = await dealsDb(baseDb).selectFrom('deals').select(['structure', sql<string>`md5(coalesce(structure::text, ''))`.as('spec_version')])
    .where('deal_name', '=', dealName).executeTakeFirst();
  return deal ? { spec: (deal.structure ?? null) as DealSpec | null, specVersion: deal.spec_version } : null;
}

/** Starting point of a deal (by exact catalog name) for a settlement date YYYYMMDD. */
export async function loadDealStart(
  baseDb: Db, dealName: string, settlementDate: number, structureOf: (dealName: string) => Promise<DealStructure | null> = (name) => loadStructure(baseDb, name),
): Promise<DealStart | null> {
  const db = dealsDb(baseDb);
  const deal = await structureOf(dealName);
  if (!deal) return null;
  const spec = deal.spec;
  const remits = await db.selectFrom('deal_remit_history').selectAll().where('deal_name', '=', dealName)
    .where('date', '<=', settlementDate).orderBy('date').execute();
  const last = remits.at(-1);
  const specVersion = deal.specVersion;
  if (!last || !spec) return { spec, state: null, remitDate: last?.date ?? null, specVersion };
  const tranches = spec.tranches.map((t) => t.name);
  const rows = await db.selectFrom('bond_remit_history')
    .select(['bond_name', sql<number>`sum(write_down)`.as('written_down')])
    .where('deal_name', '=', dealName).where('date', '<=', last.date).where('bond_name', 'in', tranches)
    .groupBy('bond_name').execute();
  const current = await db.selectFrom('bond_remit_history').select(['bond_name', 'current_balance'])
    .where('deal_name', '=', dealName).where('date', '=', last.date).where('bond_name', 'in', tranches).execute();
  const notional = new Map(current.map((r) => [r.bond_name, Number(r.current_balance)]));
  const written = new Map(rows.map((r) => [r.bond_name, Number(r.written_down)]));
  const cents = (x: number): number => Math.round(x * 100) / 100;
  // The STACR DNA1 Class A-1 test has memory: failed once, failed for good.
  const a1LimitPct = spec.waterfall.kind === 'reference-tranche' ? (spec.waterfall.tests.classA1CumulativeNetLoss?.maxPct ?? Infinity) : Infinity;
  return {
    spec,
    specVersion,
    remitDate: last.date,
    state: {
      lastPaymentDateNumber: remits.length,
      poolBalance: Number(last.current_balance),
      repLineBalances: null,
      notionals: Object.fromEntries(tranches.map((n) => [n, notional.get(n) ?? 0])),
      cumulativeWriteDowns: Object.fromEntries(tranches.map((n) => [n, written.get(n) ?? 0])),
      overcollateralization: 0,
      cumulativeNetLoss: Number(last.cumulative_loss),
      distressedHistory: remits.slice(-5).map((r) => cents(((Number(r.delinquency60_pct) + Number(r.delinquency90plus_pct)) / 100) * Number(r.current_balance))),
      classA1TestFailed: remits.some((r) => Number(r.cumulated_loss_pct) > a1LimitPct),
    },
  };
}
