/** Kysely types of the personal vector table (migration db/migrations/0003-scenarios.ts). */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type UserVectorsTable = {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** jsonb list of numbers: written as JSON text, read back parsed. */
  values: ColumnType<number[], string, string>;
  shared: Generated<boolean>;
  last_modified: ColumnType<Date, Date | string | undefined, Date | string>;
};

// A type alias (not an interface) so it satisfies withTables' Record constraint.
export type VectorTables = { user_vectors: UserVectorsTable };

export type VectorsDb = Kysely<Database & VectorTables>;

export function vectorsDb(db: Db): VectorsDb {
  return db.withTables<VectorTables>();
}
