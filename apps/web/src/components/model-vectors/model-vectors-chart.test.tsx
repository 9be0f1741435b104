import type { CreditModelRun } from '@opencrt/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { averageOver, comparisonRows, cumulativeDefault } from './model-comparison.ts';
import { creditModelLabel, ModelVectorsChart } from './model-vectors-chart.tsx';

const row = (Period: number, IsHistorical = false) => ({ Period, CprRate: 0.1, CdrRate: 0.002, LossSeverityRate: 0.3, IsHistorical });
const rows = [row(0), row(1), row(2)];
const months = (x: number, n = 60) => Array.from({ length: n }, () => x);
const run: CreditModelRun = {
  Model: 'LDM_3', Loans: 1200, RepLines: 31,
  LoanLevel: { Cpr: months(0.12), Cdr: months(0.004), Severity: months(0.3) },
  RepLine: { Cpr: months(0.1), Cdr: months(0.001), Severity: months(0.2) },
};

describe('model vectors chart (issue 24)', () => {
  afterEach(cleanup);

  it('labels model values as the screens do, none for user vectors', () => {
    expect(creditModelLabel('LDM_3')).toBe('LDM 3.0');
    expect(creditModelLabel('LDM')).toBe('LDM 2.2');
    expect(creditModelLabel('AFT')).toBe('AFT');
    expect(creditModelLabel('None')).toBeNull();
    expect(creditModelLabel('UserDefined')).toBeNull();
    expect(creditModelLabel(null)).toBeNull();
  });

  it('charts a model run\'s rows, nothing for a run without a model or only historical rows', () => {
    render(<ModelVectorsChart rows={rows} model="LDM 2.2" />);
    expect(screen.getByTestId('chart-model-vectors')).toBeTruthy();
    expect(screen.queryByTestId('model-comparison')).toBeNull();
    cleanup();
    render(<ModelVectorsChart rows={rows} model={null} />);
    expect(screen.queryByTestId('model-vectors')).toBeNull();
    cleanup();
    render(<ModelVectorsChart rows={[row(0), row(1, true)]} model="AFT" />);
    expect(screen.queryByTestId('model-vectors')).toBeNull();
  });

  it('keeps the label of the run that produced the rows when the model select changes afterwards', () => {
    const view = render(<ModelVectorsChart rows={rows} model="LDM 3.0" />);
    expect(screen.getByTestId('model-vectors')).toBeTruthy();
    view.rerender(<ModelVectorsChart rows={rows} model={null} />);
    expect(screen.getByTestId('model-vectors')).toBeTruthy();
    // New rows from a run without a model: no chart.
    view.rerender(<ModelVectorsChart rows={[row(0), row(1)]} model={null} />);
    expect(screen.queryByTestId('model-vectors')).toBeNull();
  });

  it('sets the loan-level run beside the rep line: one chart per measure and their averages', () => {
    render(<ModelVectorsChart rows={rows} model="LDM 3.0" run={run} />);
    for (const id of ['chart-model-cpr', 'chart-model-cdr', 'chart-model-severity']) expect(screen.getByTestId(id)).toBeTruthy();
    const cdr = within(screen.getByTestId('model-comparison-cdr')).getAllByRole('cell').map((c) => c.textContent);
    expect(cdr).toEqual(['0.40', '0.10', '+0.30', '0.40', '0.10', '+0.30']);
    const cpr = within(screen.getByTestId('model-comparison-cpr')).getAllByRole('cell').map((c) => c.textContent);
    expect(cpr.slice(0, 3)).toEqual(['12.00', '10.00', '+2.00']);
    // The gap a convex default curve makes, summed to each window's end (issue 34 #3).
    const cum = within(screen.getByTestId('model-comparison-cumulative-default')).getAllByRole('cell').map((c) => c.textContent);
    expect(cum).toEqual([0.4, 0.1, 0.3].map((_, k) => {
      const ll = cumulativeDefault(run.LoanLevel.Cdr, run.LoanLevel.Cpr, 12), rl = cumulativeDefault(run.RepLine?.Cdr ?? [], run.RepLine?.Cpr ?? [], 12);
      const v = [ll, rl, ll - rl][k] as number;
      return `${k === 2 && v > 0 ? '+' : ''}${(v * 100).toFixed(2)}`;
    }).concat([0, 1, 2].map((k) => {
      const ll = cumulativeDefault(run.LoanLevel.Cdr, run.LoanLevel.Cpr, 60), rl = cumulativeDefault(run.RepLine?.Cdr ?? [], run.RepLine?.Cpr ?? [], 60);
      const v = [ll, rl, ll - rl][k] as number;
      return `${k === 2 && v > 0 ? '+' : ''}${(v * 100).toFixed(2)}`;
    })));
    expect(cum[0]).toBe('0.38');
  });

  it('cumulative default: each month defaults its MDR of what survived (0.4 % CDR, 12 % CPR: 1.475 % over 60 months)', () => {
    expect(cumulativeDefault(months(0.004), months(0), 12)).toBeCloseTo(0.004, 10);
    expect(cumulativeDefault(months(0.004), months(0.12), 60)).toBeCloseTo(0.014754, 5);
    expect(cumulativeDefault([], [], 12)).toBe(0);
  });

  it('agency deals show CPR only; a deal without a loan tape (RepLine null) shows no comparison', () => {
    render(<ModelVectorsChart rows={rows} model="LDM 3.0" run={run} agency />);
    expect(screen.queryByTestId('chart-model-cdr')).toBeNull();
    expect(screen.queryByTestId('model-comparison-cdr')).toBeNull();
    cleanup();
    render(<ModelVectorsChart rows={rows} model="LDM 3.0" run={{ ...run, RepLine: null }} />);
    expect(screen.queryByTestId('model-comparison')).toBeNull();
  });

  it('averages over month windows; severity weighted by CDR', () => {
    expect(averageOver([1, 2, 3, 4], 1, 2)).toBe(1.5);
    expect(averageOver([1, 2], 1, 12)).toBe(1.5);
    expect(averageOver([0.5, 0.1], 1, 2, [0, 1])).toBe(0.1);
    expect(comparisonRows({ ...run, RepLine: null })).toEqual([]);
  });
});
