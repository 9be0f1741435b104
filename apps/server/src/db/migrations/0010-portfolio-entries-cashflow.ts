import { sql, type Kysely } from 'kysely';

/**
 * Portfolio screen (issue 13): an entry may later name a user collateral cashflow (spec 002 "Run-
 * entry payload ... either UserCollateralCashflow or Cpr, Cdr, ..."). The cashflows module (0012)
 * owns those rows; the entry keeps only its label (deal / month / scenario [/ vendor]) so this
 * migration does not depend on that table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table portfolio_entries add column user_cashflow_label text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table portfolio_entries drop column user_cashflow_label`.execute(db);
}
