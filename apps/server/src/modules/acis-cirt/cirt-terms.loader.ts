/**
 * CIRT policy terms of a deal. Retention, limit and premium come from the deal's bonds in the
 * database (the insured layer 'M': attachment % = retention, original balance = limit, coupon =
 * premium); the stepdown rows are not stored in the database, so they are read from the deal's
 * catalog file (data/deals/catalog/*.json, field `cirt.stepdowns`) with this module's own zod
 * schema, and default to the crt-domain.md §4 / spec 001 §9 editor rows when the file has none.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CirtStepdown } from '@opencrt/engine';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from '../deals/deal-catalog.loader.ts';

const StepdownSchema = z.object({
  fromMonth: z.number().int().min(1),
  toMonth: z.number().int().nullable(),
  balanceMultiplier: z.number().positive(),
  delinquentMultiplier: z.number().nonnegative(),
});
const CirtFileSchema = z.object({
  dealName: z.string(),
  cirt: z.object({ stepdowns: z.array(StepdownSchema).min(1) }).nullable().optional(),
});

/** crt-domain.md §4: BalMult 1.15 for months 12–23 then 1.00; DlqMult 6.50 / 4.25 / 3.00 / 2.00 from months 12 / 24 / 36 / 60. */
export const DEFAULT_STEPDOWNS: CirtStepdown[] = [
  { fromMonth: 12, toMonth: 23, balanceMultiplier: 1.15, delinquentMultiplier: 6.5 },
  { fromMonth: 24, toMonth: 35, balanceMultiplier: 1, delinquentMultiplier: 4.25 },
  { fromMonth: 36, toMonth: 59, balanceMultiplier: 1, delinquentMultiplier: 3 },
  { fromMonth: 60, toMonth: null, balanceMultiplier: 1, delinquentMultiplier: 2 },
];

let cache: Map<string, CirtStepdown[]> | null = null;

function readStepdowns(dataDir: string): Map<string, CirtStepdown[]> {
  const dir = join(dataDir, 'deals', 'catalog');
  const out = new Map<string, CirtStepdown[]>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const parsed = CirtFileSchema.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
    if (parsed.success && parsed.data.cirt) out.set(parsed.data.dealName.toLowerCase(), parsed.data.cirt.stepdowns);
  }
  return out;
}

/** The stepdown rows of a CIRT deal (catalog file), or the documented defaults. */
export function cirtStepdowns(dealName: string, dataDir: string = DEFAULT_DATA_DIR): CirtStepdown[] {
  if (!cache || dataDir !== DEFAULT_DATA_DIR) cache = readStepdowns(dataDir);
  return cache.get(dealName.toLowerCase()) ?? DEFAULT_STEPDOWNS;
}
