/**
 * The Python-editor templates (data/deals/templates, written by `npm run data -- write-structures`):
 * FHLMC 5005 and NQM GENERIC as engine DealSpecs. File system access of the module lives here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PythonTemplate } from '@opencrt/contracts';
import { validateDeal, type DealSpec } from '@opencrt/engine';
import { DEFAULT_DATA_DIR } from '../deals/deal-catalog.loader.ts';

const FILES: Record<PythonTemplate, string> = { 'FHLMC 5005': 'fhlmc-5005.json', 'NQM GENERIC': 'nqm-generic.json' };
const cache = new Map<PythonTemplate, DealSpec>();

/** The template's DealSpec (read once; a template that fails the engine's validation is a broken install). */
export function templateSpec(name: PythonTemplate, dataDir: string = DEFAULT_DATA_DIR): DealSpec {
  const hit = cache.get(name);
  if (hit) return hit;
  const spec = JSON.parse(readFileSync(join(dataDir, 'deals', 'templates', FILES[name]), 'utf8')) as DealSpec;
  const issues = validateDeal(spec);
  if (issues.length) throw new Error(`data/deals/templates/${FILES[name]}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  cache.set(name, spec);
  return spec;
}
