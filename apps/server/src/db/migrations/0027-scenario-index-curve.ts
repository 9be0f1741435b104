import { sql, type Kysely } from 'kysely';

/**
 * A saved scenario's forward index curve (issue 25 #1): percent per month from period 1, like the
 * four vectors; null for the scenarios saved before (they run on the request's flat index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scenarios add column index_curve jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scenarios drop column index_curve`.execute(db);
}
