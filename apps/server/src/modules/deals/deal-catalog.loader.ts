/**
 * Reads the demo dataset from data/ (catalog files, STACR source files, engine structures)
 * and validates every catalog file. File system access lives here only.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DealFileSchema } from './deal-file.schema.ts';
import { type DealRecord, buildDealRecord } from './deal-record.builder.ts';

/** The repository's data/ folder (apps/server/src/modules/deals → ../../../../../data). */
export const DEFAULT_DATA_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../../data');

/**
 * Load and validate every data/deals/catalog/*.json file, sorted by deal id.
 * @param options.structures false: leave out the engine structure files (to rebuild them)
 */
export function loadDealRecords(dataDir: string = DEFAULT_DATA_DIR, options: { structures: boolean } = { structures: true }): DealRecord[] {
  const catalogDir = join(dataDir, 'deals', 'catalog');
  const readJson = (rel: string): unknown => JSON.parse(readFileSync(join(dataDir, rel), 'utf8'));
  const files = readdirSync(catalogDir).filter((f) => f.endsWith('.json')).sort();
  const records = files.map((name) => {
    const parsed = DealFileSchema.safeParse(readJson(join('deals', 'catalog', name)));
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`data/deals/catalog/${name}: ${issues}`);
    }
    return buildDealRecord(options.structures ? parsed.data : { ...parsed.data, structureFile: null }, readJson);
  });
  return records.sort((a, b) => a.file.dealId - b.file.dealId);
}
