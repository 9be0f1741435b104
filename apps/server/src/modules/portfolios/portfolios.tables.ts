/** Kysely types of the portfolio tables (migration db/migrations/0004-portfolios.ts). */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CalculationTables } from '../../db/calculation-tables.ts';
import type { Database } from '../../db/schema.ts';

/** jsonb list of percent per period: written as JSON text, read back parsed. */
type JsonList = ColumnType<number[], string, string>;

export type PortfoliosTable = {
  id: Generated<number>;
  owner_id: number;
  name: string;
  portfolio_type: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  last_modified: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type PortfolioEntriesTable = {
  portfolio_id: number;
  ordinal_number: number;
  deal_name: string;
  bond_name: string;
  owned_face_amt: number;
  margin: number;
  annual_premium: number;
  cpr: JsonList;
  cdr: JsonList;
  loss_severity: JsonList;
  delinquency: JsonList;
  libor: JsonList;
  interest_rate: number | null;
  cancellation_date: ColumnType<Date | null, string | null | undefined, string | null>;
  cleanup_call: boolean | null;
  scenario_id: number | null;
  /** Migration 0010: a user collateral cashflow's label (seam for the cashflows module). */
  user_cashflow_label: ColumnType<string | null, string | null | undefined, string | null>;
};

// Type aliases (not interfaces) so they satisfy withTables' Record constraint.
export type PortfolioTables = { portfolios: PortfoliosTable; portfolio_entries: PortfolioEntriesTable };
export type PortfoliosDb = Kysely<Database & PortfolioTables & CalculationTables>;

export function portfoliosDb(db: Db): PortfoliosDb {
  return db.withTables<PortfolioTables & CalculationTables>();
}
