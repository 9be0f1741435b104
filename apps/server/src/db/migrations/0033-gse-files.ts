import { sql, type Kysely } from 'kysely';

/**
 * The loan-data store's manifest (issue 33): one row per imported GSE file, naming the Parquet
 * files DuckDB reads. A file's rows become visible when its row is inserted, after its Parquet is
 * written in full, so an interrupted import leaves the store as it was; the content hash keeps a
 * re-imported file from being counted twice. Kept in the app's database so replicas share it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table gse_files (
    id text primary key,
    name text not null,
    size_bytes bigint not null,
    layout text not null,
    loans integer not null,
    performance_rows bigint not null,
    rejected_lines integer not null,
    loans_parquet text,
    monthly_parquet text,
    imported_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table gse_files`.execute(db);
}
