import { describe, expect, it } from 'vitest';
import type { DealCatalogRow } from '@opencrt/contracts';
import { buildCatalog, filterCatalog, flattenCatalog } from './catalog-model.ts';
import { makeCatalogRows } from './catalog-fixtures.ts';

const row = (DealName: string, extra: Partial<DealCatalogRow> = {}): DealCatalogRow => ({
  DealName, DealId: 1, DealType: 'STACR', IssueDate: 20200101, MaturityDate: 20400101, OriginalBalance: 100, CurrentBalance: 50,
  DealFactor: 0.5, FactorDate: 20261025, FirstProjectedDate: 20261125, EarlyRedemptionPct: 10, EarlyRedemptionDate: 101, ...extra,
});

describe('buildCatalog', () => {
  it('groups in spec order and puts special deals last', () => {
    const sections = buildCatalog([
      row('VERUS 2025-1p2'), row('FNMA MA4567'), row('SQMT TEST 2025-1'), row('VERUS 2025-1'), row('ACIS 2015-2'), row('AOMT 2024-4'),
      row('STACR 2026-DNA2'), row('STACR 2016-DNA1'), row('CIRT 2023-9'), row('CAS 2021-R01'), row('Home Re 2022-1'), row('FORDO 2024-A'),
    ]);
    expect(sections.map((s) => s.group)).toEqual(['ACIS', 'CIRT', 'STACR', 'CAS', 'ILN', 'RMBS', 'ABS', 'Agency']);
    expect(sections.find((s) => s.group === 'RMBS')?.entries.map((e) => e.row.DealName))
      .toEqual(['AOMT 2024-4', 'VERUS 2025-1', 'SQMT TEST 2025-1', 'VERUS 2025-1p2']);
    expect(sections.find((s) => s.group === 'STACR')?.entries.map((e) => e.row.DealName)).toEqual(['STACR 2016-DNA1', 'STACR 2026-DNA2']);
  });

  it('annotates styling and links', () => {
    const [acis] = buildCatalog([row('ACIS 2015-2', { FactorDate: 20230625, CurrentBalance: 5 })]);
    expect(acis?.entries[0]).toMatchObject({ stale: true, paidOff: true, link: '/acis_analysis?dealName=ACIS+2015-2' });
  });
});

describe('filterCatalog and flattenCatalog', () => {
  const sections = buildCatalog([row('STACR 2026-DNA1'), row('STACR 2026-DNA2'), row('CAS 2021-R01', { DealId: 202 }), row('FNMA MA4567')]);
  it('matches names case-insensitively and drops empty groups', () => {
    expect(filterCatalog(sections, 'dna2').flatMap((s) => s.entries.map((e) => e.row.DealName))).toEqual(['STACR 2026-DNA2']);
    expect(filterCatalog(sections, '  ').length).toBe(sections.length);
    expect(filterCatalog(sections, '202').map((s) => s.group)).toEqual(['STACR', 'CAS']);
    expect(filterCatalog(sections, 'zzz')).toEqual([]);
  });
  it('hides the deals of collapsed groups but keeps their header', () => {
    const rows = flattenCatalog(sections, new Set(['STACR'] as const));
    expect(rows.map((r) => (r.kind === 'group' ? `[${r.group} ${r.count}]` : r.entry.row.DealName))).toEqual(
      ['[STACR 2]', '[CAS 1]', 'CAS 2021-R01', '[Agency 1]', 'FNMA MA4567']);
  });
  it('filters a 1,000-deal catalog correctly', () => {
    const big = buildCatalog(makeCatalogRows(1000));
    expect(big.reduce((s, x) => s + x.entries.length, 0)).toBe(1000);
    const hits = filterCatalog(big, 'stacr 2021');
    expect(hits.every((s) => s.entries.every((e) => e.key.includes('stacr 2021')))).toBe(true);
    expect(hits.flatMap((s) => s.entries).length).toBeGreaterThan(0);
  });
});
