import { sql, type Kysely } from 'kysely';

/**
 * Deal catalog, bonds, rep lines, remittance histories, loan tapes and per-user deal
 * assignments (issue 3). Dates are YYYYMMDD integers as the API uses them; money numeric(18,2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deals (
      deal_name text primary key,
      deal_id integer unique,
      deal_type text not null,
      parent_deal_name text,
      issue_date integer not null,
      first_payment_date integer not null,
      settlement_date integer not null,
      factor_date integer not null,
      first_projected_date integer not null,
      maturity_date integer not null,
      early_redemption_pct numeric(9,4) not null,
      early_redemption_date integer not null,
      optional_cancellation_date integer not null,
      original_balance numeric(18,2) not null,
      current_balance numeric(18,2) not null,
      deal_factor numeric(12,10) not null,
      wac numeric(9,5) not null,
      wam integer not null,
      wala integer not null,
      collateral_losses numeric(18,2) not null,
      source_kind text not null,
      source_reference text not null,
      source_notes jsonb not null,
      structure jsonb,
      acis jsonb,
      is_custom boolean not null default false,
      is_demo boolean not null default true,
      loaded_at timestamptz not null default now()
    );
    create table deal_bonds (
      deal_name text not null references deals(deal_name) on delete cascade,
      ord integer not null,
      bond_name text not null,
      cusip text,
      layer text not null,
      is_senior boolean not null,
      in_stack boolean not null,
      original_balance numeric(18,2) not null,
      coupon jsonb not null,
      bond_type text not null,
      attachment_pct numeric(12,7),
      detachment_pct numeric(12,7),
      is_macr boolean not null,
      collateral_groups jsonb not null,
      acis_stacr_bond text,
      acis_share_pct numeric(12,6),
      primary key (deal_name, bond_name)
    );
    create index deal_bonds_cusip_idx on deal_bonds (upper(cusip));
    create table deal_replines (
      deal_name text not null references deals(deal_name) on delete cascade,
      ord integer not null,
      collateral_group integer not null,
      balance numeric(18,2) not null,
      wac numeric(9,5),
      nwac numeric(9,5),
      wam integer,
      wala integer,
      pool_number text,
      orig_committed_balance numeric(18,2),
      primary key (deal_name, ord)
    );
    create table deal_remit_history (
      deal_name text not null references deals(deal_name) on delete cascade,
      date integer not null,
      current_balance numeric(18,2) not null,
      factor numeric(12,10) not null,
      cpr_1mo numeric(12,6) not null,
      current_loss_pct numeric(12,6) not null,
      cumulated_loss_pct numeric(12,6) not null,
      delinquency30_pct numeric(12,6) not null,
      delinquency60_pct numeric(12,6) not null,
      delinquency90plus_pct numeric(12,6) not null,
      modified_balance_pct numeric(12,6) not null,
      cumulative_loss numeric(18,2) not null,
      primary key (deal_name, date)
    );
    create table bond_remit_history (
      deal_name text not null references deals(deal_name) on delete cascade,
      bond_name text not null,
      date integer not null,
      starting_balance numeric(18,2) not null,
      principal numeric(18,2) not null,
      write_down numeric(18,2) not null,
      current_balance numeric(18,2) not null,
      factor numeric(12,10) not null,
      interest numeric(18,2) not null,
      coupon numeric(12,6) not null,
      primary key (deal_name, bond_name, date)
    );
    create table collateral_history (
      deal_name text not null references deals(deal_name) on delete cascade,
      date integer not null,
      current_balance numeric(18,2) not null,
      original_balance numeric(18,2) not null,
      delinquency30 numeric(12,6) not null,
      delinquency60 numeric(12,6) not null,
      delinquency90plus numeric(12,6) not null,
      loans_count integer not null,
      primary key (deal_name, date)
    );
    create table loans (
      deal_name text not null references deals(deal_name) on delete cascade,
      loan_id text not null,
      as_of_date integer not null,
      credit_score integer,
      first_payment_date integer not null,
      maturity_date integer not null,
      first_time_buyer text,
      msa text,
      mi_pct numeric(6,2) not null,
      mi_type text,
      units integer not null,
      occupancy text not null,
      cltv numeric(6,2),
      dti numeric(6,2),
      original_upb numeric(14,2) not null,
      issuance_upb numeric(14,2) not null,
      current_upb numeric(14,2) not null,
      ltv numeric(6,2) not null,
      note_rate numeric(8,4) not null,
      current_rate numeric(8,4) not null,
      channel text not null,
      state text not null,
      property_type text not null,
      zip3 text not null,
      purpose text not null,
      original_term integer not null,
      borrowers integer,
      seller text not null,
      servicer text not null,
      loan_age integer not null,
      remaining_months integer not null,
      delinquency_status text not null,
      modified boolean not null,
      zero_balance_code text,
      assistance_plan text,
      primary key (deal_name, loan_id)
    );
    create table user_deals (
      user_id integer not null references users(id) on delete cascade,
      deal_name text not null references deals(deal_name) on delete cascade on update cascade,
      primary key (user_id, deal_name)
    );
    create index user_deals_deal_idx on user_deals (deal_name);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_deals, loans, collateral_history, bond_remit_history, deal_remit_history,
    deal_replines, deal_bonds, deals`.execute(db);
}
