import { sql, type Kysely } from 'kysely';

/**
 * Catalog-change notifications (issue 12): each API replica keeps every user's catalog rows in
 * memory (GET /deals is the most frequent call), so a change to the deals or to who may see them
 * must reach every replica. Statement triggers on deals and user_deals send a NOTIFY on channel
 * `opencrt_catalog` naming the schema; receivers forget their cached catalogs. NOTIFY is
 * transactional and PostgreSQL folds identical notices of one transaction into one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function opencrt_notify_catalog() returns trigger language plpgsql as $$
    begin
      perform pg_notify('opencrt_catalog', json_build_object('schema', tg_table_schema)::text);
      return null;
    end $$;

    create trigger deals_catalog_changed after insert or update or delete or truncate on deals
      for each statement execute function opencrt_notify_catalog();
    create trigger user_deals_catalog_changed after insert or update or delete or truncate on user_deals
      for each statement execute function opencrt_notify_catalog();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger user_deals_catalog_changed on user_deals;
    drop trigger deals_catalog_changed on deals;
    drop function opencrt_notify_catalog();
  `.execute(db);
}
