import { sql, type Kysely } from 'kysely';

/**
 * Who created each report (issue 32 #6): the reports quota is per user like the other lists, and
 * `updated_by` names the last editor, not the owner. Existing reports are credited to their last
 * editor, the best record there is; the demo reports (no editor) belong to no one and count for no one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table reports add column created_by integer references users(id) on delete set null;
    update reports set created_by = updated_by;
    create index reports_created_by_idx on reports (created_by);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index reports_created_by_idx;
    alter table reports drop column created_by;
  `.execute(db);
}
