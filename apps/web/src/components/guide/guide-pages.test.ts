import { describe, expect, it } from 'vitest';
import { GUIDE_PAGES, searchGuide } from './guide-pages.ts';

describe('user guide search (issue 36 #2)', () => {
  it('finds the task pages by the words a newcomer types', () => {
    expect(searchGuide('discount margin').map((p) => p.slug)).toContain('price-from-dm');
    expect(searchGuide('Yield Table').map((p) => p.slug)[0]).toBe('yield-table');
    expect(searchGuide('breakeven').map((p) => p.slug)).toContain('breakevens');
    expect(searchGuide('compare').map((p) => p.slug)).toContain('compare-runs');
    expect(searchGuide('vendor grid').map((p) => p.slug)).toEqual(['portfolio-vendor-grid']);
  });
  it('lists every page for an empty query and none for an unknown word', () => {
    expect(searchGuide('  ')).toHaveLength(GUIDE_PAGES.length);
    expect(searchGuide('zzzqx')).toEqual([]);
  });
});
