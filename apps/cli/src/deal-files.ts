import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateDeal } from '@opencrt/engine';
import type { DealSpec } from '@opencrt/engine';

/** Shipped deal structures (data/deals/structures/*.json) relative to this file. */
export const STRUCTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'data', 'deals', 'structures');

/** Normalizes a deal name for lookup: case-insensitive, 'STACR REMIC 2026-DNA1' = 'STACR 2026-DNA1'. */
const key = (name: string): string => name.toUpperCase().replace(/\s+REMIC\s+/, ' ').replace(/\s+/g, ' ').trim();

/**
 * Finds a shipped deal by DealName (or file id). Returns null when none matches.
 * @throws Error when the file exists but does not validate
 */
export function findDeal(dealName: string, dir = STRUCTURES_DIR): DealSpec | null {
  const wanted = key(dealName);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const spec = JSON.parse(readFileSync(join(dir, file), 'utf8')) as DealSpec;
    if (key(spec.dealName) !== wanted && spec.id !== dealName.toLowerCase()) continue;
    const issues = validateDeal(spec);
    if (issues.length > 0) throw new Error(`${file}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    return spec;
  }
  return null;
}

/** Names of all shipped deals. */
export function listDeals(dir = STRUCTURES_DIR): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as DealSpec).dealName);
}
