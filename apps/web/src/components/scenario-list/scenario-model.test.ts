import { describe, expect, it } from 'vitest';
import {
  ALL, applyFilters, distinctValues, formatDate, formatPct, newItem, nextSort, NO_DEAL, NO_VENDOR, parseCell, pickerDeals,
  sortItems, trimVector, type ScenarioItem,
} from './scenario-model.ts';

const item = (name: string, deal: string | null, vendor: string | null, modified = '2026-01-02T00:00:00Z'): ScenarioItem => ({
  key: name, Id: 1, ScenarioName: name, DealName: deal, Vendor: vendor, Shared: false, Owned: true, Owner: 'u', LastModified: modified, isNew: false,
});
const items = [item('b', 'STACR 2026-DNA1', 'V1'), item('A', null, 'V2'), item('c', 'STACR 2026-DNA2', null), item('a2', 'STACR 2026-DNA1', null)];

describe('scenario list model', () => {
  it('filters by scenario, deal (incl. Not deal specific) and vendor (incl. Not vendor specific)', () => {
    expect(applyFilters(items, { scenario: ALL, deal: ALL, vendor: ALL })).toHaveLength(4);
    expect(applyFilters(items, { scenario: ALL, deal: NO_DEAL, vendor: ALL }).map((s) => s.ScenarioName)).toEqual(['A']);
    expect(applyFilters(items, { scenario: ALL, deal: 'stacr 2026-dna1', vendor: NO_VENDOR }).map((s) => s.ScenarioName)).toEqual(['a2']);
    expect(applyFilters(items, { scenario: 'c', deal: ALL, vendor: ALL }).map((s) => s.ScenarioName)).toEqual(['c']);
    expect(applyFilters(items, { scenario: ALL, deal: ALL, vendor: 'V1' }).map((s) => s.ScenarioName)).toEqual(['b']);
  });

  it('sorts by name, deal or vendor; clicking the same header toggles direction', () => {
    const byName = sortItems(items, { key: 'ScenarioName', ascending: true }).map((s) => s.ScenarioName);
    expect(byName).toEqual(['A', 'a2', 'b', 'c']);
    expect(sortItems(items, { key: 'ScenarioName', ascending: false }).map((s) => s.ScenarioName)).toEqual(['c', 'b', 'a2', 'A']);
    expect(sortItems(items, { key: 'DealName', ascending: true }).map((s) => s.ScenarioName)).toEqual(['A', 'b', 'a2', 'c']);
    expect(nextSort({ key: 'DealName', ascending: true }, 'DealName')).toEqual({ key: 'DealName', ascending: false });
    expect(nextSort({ key: 'DealName', ascending: false }, 'Vendor')).toEqual({ key: 'Vendor', ascending: true });
  });

  it('builds dropdown options, formats values and dates', () => {
    expect(distinctValues(items, 'DealName')).toEqual(['STACR 2026-DNA1', 'STACR 2026-DNA2']);
    expect(distinctValues(items, 'Vendor')).toEqual(['V1', 'V2']);
    expect([formatPct(5), formatPct(0.125), formatPct(undefined), formatPct(Number.NaN)]).toEqual(['5.00', '0.13', '', '']);
    expect(formatDate('2026-03-04T12:00:00')).toBe('03/04/2026');
    expect(formatDate(null)).toBe('');
  });

  it('parses cells, trims trailing blanks, makes new unshared owned items and reads picker deals', () => {
    expect([parseCell(' 2.5 '), parseCell('x'), parseCell('')].map(String)).toEqual(['2.5', 'NaN', 'NaN']);
    expect(trimVector([1, Number.NaN, 2, Number.NaN, Number.NaN]).map(String)).toEqual(['1', 'NaN', '2']);
    const n = newItem({ ScenarioName: '', DealName: null, Vendor: null, Cpr: [1], Cdr: [], LossSeverity: [], Delinquency: [] });
    expect(n).toMatchObject({ Id: null, isNew: true, Shared: false, Owned: true });
    expect(pickerDeals('X')).toEqual(['X']);
    expect(pickerDeals(['A', 'B'])).toEqual(['A', 'B']);
    expect(pickerDeals(undefined)).toEqual([]);
  });
});
