import { describe, expect, it } from 'vitest';
import type { ScenarioSummary } from '@opencrt/contracts';
import { scenariosFor } from './portfolio-entries-table.tsx';
import { dateText } from '../../components/portfolio-results/portfolio-results.tsx';

const scenario = (Id: number, DealName: string | null): ScenarioSummary => ({ Id, ScenarioName: `S${Id}`, DealName, Vendor: null, Shared: false, Owned: true, Owner: 'analyst', LastModified: '' });

describe('portfolio screen views', () => {
  it('an entry is offered its deal\'s scenarios (any case) and the common ones, not other deals\'', () => {
    const all = [scenario(1, 'ACIS 2020-DNA3'), scenario(2, null), scenario(3, 'CIRT 2023-9'), scenario(4, '')];
    expect(scenariosFor(all, 'acis 2020-dna3 ').map((s) => s.Id)).toEqual([1, 2, 4]);
    expect(scenariosFor(all, '').map((s) => s.Id)).toEqual([2, 4]);
  });

  it('payment dates read MM/DD/YYYY whether they come as YYYYMMDD numbers or ISO text', () => {
    expect(dateText(20261125)).toBe('11/25/2026');
    expect(dateText('2026-11-15')).toBe('11/15/2026');
    expect(dateText('soon')).toBe('soon');
  });
});
