/** Kysely types of the saved-calculation tables (migration 0005-portfolio-calculations), shared by the portfolio runs that write them and the reports that read them. */
import type { ColumnType, Generated } from 'kysely';

/** jsonb written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export type PortfolioCalculationsTable = {
  id: Generated<number>;
  name: string;
  portfolio_id: number | null;
  portfolio_name: string;
  owner_id: number | null;
  vendor: ColumnType<string, string | undefined, string>;
  settlement_date: ColumnType<Date, string, string>;
  early_call: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
};

export type PortfolioCalculationResultsTable = {
  calculation_id: number;
  ordinal_number: number;
  scenario_name: string;
  deal_name: string;
  bond_name: ColumnType<string, string | undefined, string>;
  owned_face_amt: ColumnType<number, number | undefined, number>;
  metrics: Json<Record<string, number | string | null>>;
};

export type CalculationTables = {
  portfolio_calculations: PortfolioCalculationsTable;
  portfolio_calculation_results: PortfolioCalculationResultsTable;
};
