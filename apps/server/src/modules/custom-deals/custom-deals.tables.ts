/** Kysely types of the custom deal table (migration db/migrations/0009-custom-deals.ts). */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { DealsTables } from '../deals/deals.tables.ts';

export type CustomDealsTable = {
  id: Generated<number>;
  name: string;
  deal_type: 'CIRT' | 'STACR_ACIS' | 'PYTHON';
  /** The editor's save payload: written as JSON text, read back parsed. */
  structure: ColumnType<unknown, string, string>;
  created_by: number | null;
  modified_by: number | null;
  last_modified: ColumnType<Date, Date | string | undefined, Date | string>;
};

// A type alias (not an interface) so it satisfies withTables' Record constraint.
export type CustomDealsTables = DealsTables & { custom_deals: CustomDealsTable };
export type CustomDealsDb = Kysely<Database & CustomDealsTables>;

/** The shared database handle with the deal and custom deal tables added to its type. */
export function customDealsDb(db: Db): CustomDealsDb {
  return db.withTables<CustomDealsTables>();
}
