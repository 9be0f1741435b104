import type { Vintage, VintageBacktest } from '@opencrt/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, curveSeries, exportTabs, modelSeries, vintageQuery } from './vintages-model.ts';

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

  const backtest = (Vintage: string): VintageBacktest => ({
    Vintage, Model: 'LDM_3', Calibration: 'pop', TuneCpr: 1, TuneCdr: 2, TuneSeverity: 1, PopulationLoans: 2, ModelLoans: 2, Cohorts: 1, MacroPath: 'm.csv',
    CumulativeDefaultPct: 8, CumulativeNetLossPct: 2, SeverityPct: 25, Note: null,
    Months: [{ MonthOnBook: 1, CumulativeDefaultPct: 0, CumulativeNetLossPct: 0, Cpr: 5, Cdr: 0 }, { MonthOnBook: 2, CumulativeDefaultPct: 8, CumulativeNetLossPct: 2, Cpr: 7, Cdr: 1 }],
    Error: { Months: 2, RmseCumulativeDefaultPct: 1, RmseCumulativeNetLossPct: 1, RmseCpr: 1, Objective: 1 },
  });

  it('overlays the back-test as a dashed line in its vintage\'s colour, none for 90+ or a vintage not on the chart', () => {
    const vintages = [v('2019', [month(1, 0, 0)]), v('2020', [month(1, 0, 0), month(2, 4, 1)])];
    const [line] = modelSeries(vintages, backtest('2020'), 'Severity');
    expect(line).toEqual({ name: '2020 model (LDM 3.0, pop)', values: [0, 25], dashed: true, color: '#91cc75' });
    expect(modelSeries(vintages, backtest('2020'), 'Cpr')[0]!.values).toEqual([5, 7]);
    expect(modelSeries(vintages, backtest('2020'), 'Dq90PlusPct')).toEqual([]);
    expect(modelSeries(vintages, backtest('2018'), 'Cpr')).toEqual([]);
    expect(modelSeries(vintages, null, 'Cpr')).toEqual([]);
  });

  it('exports the model\'s columns beside the back-tested vintage\'s months', () => {
    const tabs = exportTabs([v('2019', [month(1, 0, 0)]), v('2020', [month(1, 0, 0), month(2, 4, 1)])], [], 'fico', backtest('2020'));
    const months = tabs[1]!;
    expect(months.columns.slice(7).map((c) => c.header)).toEqual([
      'Model cumulative default % (LDM 3.0 pop)', 'Model cumulative net loss % (LDM 3.0 pop)', 'Model CPR % (LDM 3.0 pop)', 'Model CDR % (LDM 3.0 pop)',
    ]);
    expect(months.columns.map((c) => c.value(months.rows[2]!))).toEqual(['2020', 2, 4, 1, 6, 0.5, 1, 8, 2, 7, 1]);
    expect(months.columns.slice(7).map((c) => c.value(months.rows[0]!))).toEqual([null, null, null, null]);
  });
});
