import type { Vintage } from '@opencrt/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, curveSeries, exportTabs, vintageQuery } from './vintages-model.ts';

const month = (MonthOnBook: number, CumulativeDefaultPct: number, CumulativeNetLossPct: number) =>
  ({ MonthOnBook, CumulativeDefaultPct, CumulativeNetLossPct, Cpr: 6, Cdr: 0.5, Dq90PlusPct: 1 });
const v = (Vintage: string, months: ReturnType<typeof month>[]): Vintage => ({
  Vintage, Loans: 2, OriginalUpb: 300_000, DefaultedLoans: 1, DefaultedUpb: 100_000, CumulativeDefaultPct: 33.33, CumulativeNetLossPct: 10, SeverityPct: 30, Months: months,
});

describe('vintages model', () => {
  it('sends only the filled-in filters', () => {
    expect(vintageQuery({ ...EMPTY_FORM, ficoMin: ' 700 ', state: 'CA,TX' })).toBe('by=year&ficoMin=700&state=CA%2CTX');
    expect(vintageQuery(EMPTY_FORM, { dimension: 'ltv' })).toBe('by=year&dimension=ltv');
  });

  it('draws one series per vintage over the longest history; severity to date is cumulative loss over cumulative default', () => {
    const { periods, series } = curveSeries([v('2019', [month(1, 0, 0), month(2, 4, 1), month(3, 4, 1.5)]), v('2020', [month(1, 2, 0)])], 'Severity');
    expect(periods).toEqual([1, 2, 3]);
    expect(series).toEqual([{ name: '2019', values: [0, 25, 37.5] }, { name: '2020', values: [0] }]);
    expect(curveSeries([v('2019', [month(1, 0, 0)])], 'Cpr').series[0]!.values).toEqual([6]);
  });

  it('exports the vintages, one row per vintage and month, and the strats', () => {
    const tabs = exportTabs([v('2019', [month(1, 0, 0), month(2, 4, 1)])], [], 'fico');
    expect(tabs.map((t) => [t.name, t.rows.length])).toEqual([['Vintages', 1], ['Months', 2], ['Strats by fico', 0]]);
    expect(tabs[1]!.columns.map((c) => c.value(tabs[1]!.rows[1]!))).toEqual(['2019', 2, 4, 1, 6, 0.5, 1]);
  });
});
