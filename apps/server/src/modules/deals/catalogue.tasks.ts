/**
 * The demo catalogue's generation (histories, loan tapes: seconds of CPU) as a run task, so
 * POST /administrator/loadCatalogue does not stall the event loop. Reads only the data files
 * shipped with the application.
 */
import { buildCatalogueRows } from './deals.catalogue.ts';
import type { DealRows } from './deal-rows.builder.ts';

/** Every demo deal's rows, generated from `dataDir` (default: the shipped data/). */
export function catalogueRowsTask(input: { dataDir?: string | undefined }): DealRows[] {
  return buildCatalogueRows(input.dataDir);
}
