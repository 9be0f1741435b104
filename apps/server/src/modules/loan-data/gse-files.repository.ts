/** The store's manifest in the app's database (migration 0033-gse-files.ts): SQL only here. */
import type { ColumnType, Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { GseLayoutName } from './gse-layouts.ts';

export type GseFilesTable = {
  id: string;
  name: string;
  size_bytes: ColumnType<number, number, number>;
  layout: string;
  loans: number;
  performance_rows: ColumnType<number, number, number>;
  rejected_lines: number;
  loans_parquet: string | null;
  monthly_parquet: string | null;
  imported_at: ColumnType<Date, Date | undefined, never>;
};

type GseTables = { gse_files: GseFilesTable };

export interface GseFileRecord {
  id: string;
  name: string;
  sizeBytes: number;
  layout: GseLayoutName;
  loans: number;
  performanceRows: number;
  rejectedLines: number;
  loansParquet: string | null;
  monthlyParquet: string | null;
  importedAt?: Date;
}

const tables = (db: Db): Kysely<Database & GseTables> => db.withTables<GseTables>();

export async function findGseFile(db: Db, id: string): Promise<GseFileRecord | null> {
  const row = await tables(db).selectFrom('gse_files').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function listGseFiles(db: Db): Promise<GseFileRecord[]> {
  const rows = await tables(db).selectFrom('gse_files').selectAll().orderBy('imported_at').orderBy('id').execute();
  return rows.map(toRecord);
}

/** The manifest switch: after this insert the file's Parquet is part of every query. A second insert of the same file is ignored. */
export async function insertGseFile(db: Db, r: GseFileRecord): Promise<boolean> {
  const result = await tables(db).insertInto('gse_files').values({
    id: r.id, name: r.name, size_bytes: r.sizeBytes, layout: r.layout, loans: r.loans, performance_rows: r.performanceRows,
    rejected_lines: r.rejectedLines, loans_parquet: r.loansParquet, monthly_parquet: r.monthlyParquet,
  }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

function toRecord(row: { id: string; name: string; size_bytes: number | string; layout: string; loans: number; performance_rows: number | string; rejected_lines: number; loans_parquet: string | null; monthly_parquet: string | null; imported_at: Date }): GseFileRecord {
  return {
    id: row.id, name: row.name, sizeBytes: Number(row.size_bytes), layout: row.layout as GseLayoutName, loans: row.loans,
    performanceRows: Number(row.performance_rows), rejectedLines: row.rejected_lines, loansParquet: row.loans_parquet,
    monthlyParquet: row.monthly_parquet, importedAt: row.imported_at,
  };
}
