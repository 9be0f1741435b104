import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DealSpec, validateDeal } from '@opencrt/engine';
import { referenceWaterfall } from '@opencrt/engine';
import { DEFAULT_DATA_DIR, loadDealRecords } from './deal-catalog.loader.ts';
import { STRUCTURE_TARGETS, buildReferenceDealSpec } from './deal-structure.builder.ts';
import { buildCashDealSpec, buildTemplates, cashStructureTargets } from './cash-structure.builder.ts';

const records = loadDealRecords();
const readSpec = (id: string): DealSpec => JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'deals', 'structures', `${id}.json`), 'utf8')) as DealSpec;

describe('demo deal structures', () => {
  it.each(STRUCTURE_TARGETS.map((t) => [t.identity.id, t] as const))('%s: file is the builder output and validates', (_id, t) => {
    const record = records.find((r) => r.file.id === t.catalogId);
    if (!record) throw new Error('missing record');
    const built = buildReferenceDealSpec(record, t.identity);
    expect(readSpec(t.identity.id)).toEqual(built);
    expect(validateDeal(built)).toEqual([]);
    // tranche notionals are the catalog stack, senior to junior
    expect(built.tranches.map((x) => [x.name, x.originalNotional])).toEqual(record.stack.map((b) => [b.name, b.originalBalance]));
  });

  it('every STACR and CAS catalog deal has a structure the engine accepts', () => {
    for (const r of records.filter((x) => x.file.dealType === 'STACR' || x.file.dealType === 'CAS')) {
      expect(r.structure, r.file.dealName).not.toBeNull();
      expect(validateDeal(r.structure as DealSpec), r.file.dealName).toEqual([]);
    }
  });

  it('pairs notes with their H twins and keeps the first loss last', () => {
    const spec = readSpec('cas-2021-r03');
    expect(spec.tranches.find((x) => x.name === '1M-1')).toMatchObject({ role: 'note', pair: '1M-1H', marginPct: 0.85 });
    expect(spec.tranches.at(-1)).toMatchObject({ name: '1B-3H', role: 'first-loss' });
    expect(referenceWaterfall(spec).failingTestRule).toBe('senior-pct-scheduled-plus-unscheduled');
  });
});

describe('DealStructureSchema', () => {
  it('accepts every structure file and rejects a broken one with the engine message', async () => {
    const { DealStructureSchema } = await import('./deal-structure.schema.ts');
    const spec = readSpec('stacr-2026-dna1');
    expect(DealStructureSchema.safeParse(spec).success).toBe(true);
    expect(DealStructureSchema.safeParse({ ...spec, schemaVersion: 2 }).success).toBe(false);
    const broken = { ...spec, tranches: spec.tranches.map((x, i) => (i === 0 ? { ...x, originalNotional: x.originalNotional + 1 } : x)) };
    const result = DealStructureSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues.length).toBeGreaterThan(0);
  });
});

describe('cash-flow structures and templates', () => {
  it.each(cashStructureTargets(records).map((r) => [r.file.id, r] as const))('%s: file is the builder output and validates', (id, record) => {
    const built = buildCashDealSpec(record);
    expect(readSpec(id)).toEqual(built);
    expect(validateDeal(built)).toEqual([]);
  });

  it('every ILN, RMBS, ABS and agency catalog deal has a structure', () => {
    for (const r of records.filter((x) => ['ILN', 'RMBS', 'ABS', 'Agency'].includes(x.file.dealType))) {
      expect(r.structure, r.file.dealName).not.toBeNull();
    }
  });

  it('ILN notes: all principal senior when a test fails, no supplemental reduction, MI coverage noted', () => {
    const spec = readSpec('bellemeade-re-2021-1');
    const w = referenceWaterfall(spec);
    expect(spec.family).toBe('ILN');
    expect(w.failingTestRule).toBe('all-to-senior');
    expect(w.supplementalReduction).toBeNull();
    // Initial subordination = 1 − 8,829,850,000 / 9,650,000,000 = 8.49896… % → the MCE threshold (5 dp).
    expect(w.tests.minimumCreditEnhancement?.thresholdPct).toBe(8.49896);
    expect(spec.source.notes?.some((n) => n.includes('coverage layer'))).toBe(true);
  });

  it('writes both Python-editor templates', () => {
    const templates = buildTemplates(records);
    expect(templates.map((t) => t.spec.dealName)).toEqual(['FHLMC 5005', 'NQM GENERIC']);
    for (const t of templates) {
      expect(JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'deals', 'templates', t.file), 'utf8'))).toEqual(t.spec);
    }
  });
});
