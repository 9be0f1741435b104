import { sql, type Kysely } from 'kysely';

/**
 * The monthly principal flows, defaults and net losses of a deal's collateral history (issue 33 #4:
 * a deal built from GSE loan-level data shows what its loans reported). Null for rows written before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table collateral_history
    add column scheduled_principal numeric(18,2),
    add column unscheduled_principal numeric(18,2),
    add column defaults numeric(18,2),
    add column net_loss numeric(18,2)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table collateral_history drop column scheduled_principal, drop column unscheduled_principal, drop column defaults, drop column net_loss`.execute(db);
}
