/** Kysely types of the user collateral cashflow table (migration db/migrations/0012-user-cashflows.ts). */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { CollateralCashflowLists } from '@opencrt/contracts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type UserCollCashflowsTable = {
  id: Generated<number>;
  owner_id: number;
  deal_name: string;
  collateral_month: string;
  scenario_name: string;
  vendor: string;
  /** jsonb of the parallel lists: written as JSON text, read back parsed. */
  cashflow: ColumnType<CollateralCashflowLists, string, string>;
  last_modified: ColumnType<Date, Date | string | undefined, Date | string>;
};

// A type alias (not an interface) so it satisfies withTables' Record constraint.
export type UserCashflowTables = { user_coll_cashflows: UserCollCashflowsTable };

export function userCashflowsDb(db: Db): Kysely<Database & UserCashflowTables> {
  return db.withTables<UserCashflowTables>();
}
