/**
 * Kysely types of the scenario tables (migration db/migrations/0003-scenarios.ts), joined to the
 * shared schema with `withTables` so the foundation schema stays untouched.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** jsonb list of numbers: written as JSON text, read back parsed. */
type JsonNumbers = ColumnType<number[], string, string>;

export type ScenariosTable = {
  id: Generated<number>;
  owner_id: number;
  scenario_name: string;
  deal_name: string | null;
  vendor: string | null;
  cpr: JsonNumbers;
  cdr: JsonNumbers;
  loss_severity: JsonNumbers;
  delinquency: JsonNumbers;
  /** Forward index curve, percent per month (migration 0027); null = none. */
  index_curve: ColumnType<number[] | null, string | null | undefined, string | null>;
  shared: Generated<boolean>;
  last_modified: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type ScenarioSharesTable = {
  scenario_id: number;
  user_id: number;
};

/** Read-only view of the deal catalog table (owned by the deals module) for the existence check. */
export type CatalogDealsTable = { deal_name: string };

// Type aliases (not interfaces) so they satisfy withTables' Record constraint.
export type ScenarioTables = {
  scenarios: ScenariosTable;
  scenario_shares: ScenarioSharesTable;
  deals: CatalogDealsTable;
};

export type ScenariosDb = Kysely<Database & ScenarioTables>;

/** The shared database handle with the scenario tables added to its type. */
export function scenariosDb(db: Db): ScenariosDb {
  return db.withTables<ScenarioTables>();
}
