import { useMemo } from 'react';
import type { BondCashflowRowDto } from '@opencrt/contracts';
import { PeriodChart, type PeriodSeries } from '../../components/period-chart/period-chart.tsx';

/**
 * Charts of a bond run (issue 18 #14): the balance, and the principal, interest and write-down of
 * each period, hover for the values (ECharts, loaded with the first chart).
 */
export function BondCharts({ rows, agency }: { rows: readonly BondCashflowRowDto[]; agency: boolean }) {
  const periods = useMemo(() => rows.map((r) => r.Period), [rows]);
  const balance = useMemo<PeriodSeries[]>(() => [{ name: 'Balance', values: rows.map((r) => r.Balance) }], [rows]);
  const flows = useMemo<PeriodSeries[]>(() => [
    { name: 'Principal', values: rows.map((r) => r.Principal), bar: true, stack: 'flows' },
    { name: 'Interest', values: rows.map((r) => r.Interest), bar: true, stack: 'flows' },
    ...(agency ? [] : [{ name: 'Write-down', values: rows.map((r) => r.ActualWriteDown), bar: true, stack: 'flows' }]),
  ], [rows, agency]);
  return (
    <div className="row g-2 mt-2" data-testid="bond-charts">
      <div className="col-lg-6"><PeriodChart title="Balance" periods={periods} series={balance} testId="chart-bond-balance" /></div>
      <div className="col-lg-6"><PeriodChart title="Principal, interest and write-down" periods={periods} series={flows} testId="chart-bond-flows" /></div>
    </div>
  );
}
