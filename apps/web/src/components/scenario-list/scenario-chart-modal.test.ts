import { describe, expect, it } from 'vitest';
import { chartSeries, parseMonths } from './scenario-chart-modal.tsx';

describe('scenario chart data', () => {
  const v = { Cpr: [1, 2, 3, 4], Cdr: [0.5, 0.5], LossSeverity: [20], Delinquency: [] as number[] };

  it('one line per chosen scenario and vector, cut to the months to graph, periods from 1', () => {
    const series = chartSeries([{ name: 'A', vectors: v }, { name: 'B', vectors: { ...v, Cpr: [9] } }], ['Cpr', 'Cdr'], 3);
    expect(series).toEqual([
      { name: 'A Cpr', data: [[1, 1], [2, 2], [3, 3]] },
      { name: 'A Cdr', data: [[1, 0.5], [2, 0.5]] },
      { name: 'B Cpr', data: [[1, 9]] },
      { name: 'B Cdr', data: [[1, 0.5], [2, 0.5]] },
    ]);
  });

  it('months to graph: whole numbers 1 to 500', () => {
    expect(['1', '60', '500'].map(parseMonths)).toEqual([1, 60, 500]);
    expect(['0', '501', '2.5', '', 'x'].map(parseMonths)).toEqual([null, null, null, null, null]);
  });
});
