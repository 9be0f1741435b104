/**
 * Kysely types of the deal tables (migration db/migrations/0002-deals.ts). Kept in the module
 * and joined to the shared schema with `withTables`, so the foundation schema stays untouched.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** jsonb: written as JSON text, read back parsed. */
type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown, string | null, string | null>;

export interface DealsTable {
  deal_name: string;
  deal_id: number | null;
  deal_type: string;
  parent_deal_name: string | null;
  issue_date: number;
  first_payment_date: number;
  settlement_date: number;
  factor_date: number;
  first_projected_date: number;
  maturity_date: number;
  early_redemption_pct: number;
  early_redemption_date: number;
  optional_cancellation_date: number;
  original_balance: number;
  current_balance: number;
  deal_factor: number;
  wac: number;
  wam: number;
  wala: number;
  collateral_losses: number;
  source_kind: string;
  source_reference: string;
  source_notes: Json;
  structure: NullableJson;
  acis: NullableJson;
  is_custom: boolean;
  is_demo: boolean;
  /** The custom deal (migration 0009) this catalog deal was built from; null for shipped deals. */
  custom_deal_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface DealBondsTable {
  deal_name: string;
  ord: number;
  bond_name: string;
  cusip: string | null;
  layer: string;
  is_senior: boolean;
  in_stack: boolean;
  original_balance: number;
  coupon: Json;
  bond_type: string;
  attachment_pct: number | null;
  detachment_pct: number | null;
  is_macr: boolean;
  collateral_groups: Json;
  acis_stacr_bond: string | null;
  acis_share_pct: number | null;
}

export interface DealReplinesTable {
  deal_name: string;
  ord: number;
  collateral_group: number;
  balance: number;
  wac: number | null;
  nwac: number | null;
  wam: number | null;
  wala: number | null;
  pool_number: string | null;
  orig_committed_balance: number | null;
}

export interface DealRemitHistoryTable {
  deal_name: string;
  date: number;
  current_balance: number;
  factor: number;
  cpr_1mo: number;
  current_loss_pct: number;
  cumulated_loss_pct: number;
  delinquency30_pct: number;
  delinquency60_pct: number;
  delinquency90plus_pct: number;
  modified_balance_pct: number;
  cumulative_loss: number;
}

export interface BondRemitHistoryTable {
  deal_name: string;
  bond_name: string;
  date: number;
  starting_balance: number;
  principal: number;
  write_down: number;
  current_balance: number;
  factor: number;
  interest: number;
  coupon: number;
}

export interface CollateralHistoryTable {
  deal_name: string;
  date: number;
  current_balance: number;
  original_balance: number;
  delinquency30: number;
  delinquency60: number;
  delinquency90plus: number;
  loans_count: number;
  /** Principal flows, defaults and net loss of the month (migration 0037); null on rows written before. */
  scheduled_principal?: number | null;
  unscheduled_principal?: number | null;
  defaults?: number | null;
  net_loss?: number | null;
}

export interface LoansTable {
  deal_name: string;
  loan_id: string;
  as_of_date: number;
  credit_score: number | null;
  first_payment_date: number;
  maturity_date: number;
  first_time_buyer: string | null;
  msa: string | null;
  mi_pct: number;
  mi_type: string | null;
  units: number;
  occupancy: string;
  cltv: number | null;
  dti: number | null;
  original_upb: number;
  issuance_upb: number;
  current_upb: number;
  ltv: number;
  note_rate: number;
  current_rate: number;
  channel: string;
  state: string;
  property_type: string;
  zip3: string;
  purpose: string;
  original_term: number;
  borrowers: number | null;
  seller: string;
  servicer: string;
  loan_age: number;
  remaining_months: number;
  delinquency_status: string;
  modified: boolean;
  zero_balance_code: string | null;
  assistance_plan: string | null;
}

export interface UserDealsTable {
  user_id: number;
  deal_name: string;
}

// A type alias (not an interface) so it satisfies withTables' Record constraint.
export type DealsTables = {
  deals: DealsTable;
  deal_bonds: DealBondsTable;
  deal_replines: DealReplinesTable;
  deal_remit_history: DealRemitHistoryTable;
  bond_remit_history: BondRemitHistoryTable;
  collateral_history: CollateralHistoryTable;
  loans: LoansTable;
  user_deals: UserDealsTable;
};

export type DealsDb = Kysely<Database & DealsTables>;

/** The shared database handle with the deal tables added to its type. */
export function dealsDb(db: Db): DealsDb {
  return db.withTables<DealsTables>();
}
