/**
 * What a module's seeder is given and must look like. Kept apart from seed/index.ts (which
 * imports every seeder) so that a seeder can name these types without importing the list it is
 * in: this file imports nothing from modules/, and seeders import it, never seed/index.ts.
 */
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';

export interface SeedContext { db: Db; config: AppConfig; now: Date }

/** One module's demo data step; run on every start, so it must do its work only when missing. */
export interface Seeder {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}
