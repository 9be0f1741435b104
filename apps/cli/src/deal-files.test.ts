import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulate, validateDeal } from '@opencrt/engine';
import type { DealSpec } from '@opencrt/engine';
import { findDeal, STRUCTURES_DIR } from './deal-files.ts';

const files = readdirSync(STRUCTURES_DIR).filter((f) => f.endsWith('.json')).sort();

describe('shipped deal structures (data/deals/structures)', () => {
  it('include the two STACR 2026 deals', () => {
    expect(files).toContain('stacr-2026-dna1.json');
    expect(files).toContain('stacr-2026-dna2.json');
  });
  it.each(files)('%s validates and runs a scenario with Σ notionals + OC = pool UPB', (file) => {
    const spec = JSON.parse(readFileSync(join(STRUCTURES_DIR, file), 'utf8')) as DealSpec;
    expect(validateDeal(spec)).toEqual([]);
    expect(`${spec.id}.json`).toBe(file);
    const res = simulate(spec, { DealName: spec.dealName, Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.3, Delinquency: 0.01, Libor: 0.04 }, null);
    expect(res.CollateralCashflow.length).toBeGreaterThan(0);
    for (const t of res.MiscVariables.Triggers) {
      if (!t.Redemption) expect(Math.abs(t.TrancheNotionalTotal + t.Overcollateralization - t.PoolBalance)).toBeLessThan(0.005);
    }
    expect(findDeal(spec.dealName)?.id).toBe(spec.id);
  });
});
