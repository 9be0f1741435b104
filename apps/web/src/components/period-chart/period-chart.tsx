import { useEffect, useRef } from 'react';
import { formatDollars } from '../format/catalog-format.ts';

/** One line of a period chart: dollars by period; series of one `stack` add up (stacked areas). */
export interface PeriodSeries {
  name: string;
  values: readonly number[];
  stack?: string;
  /** Bars instead of a line (flows per period rather than balances). */
  bar?: boolean;
  /** A dashed line (a model's curve over the actual one); `color` pairs it with its actual line. */
  dashed?: boolean;
  color?: string;
}

/**
 * Dollars by period as an ECharts chart (issue 18 #14), with the values of every series at the
 * hovered period. ECharts is imported on first use, so pages without a chart (the home page) do
 * not load it; the numbers stay in the tables beside.
 */
export function PeriodChart({ title, periods, series, testId, height = 260, unit = 'dollars' }: {
  title: string; periods: readonly number[]; series: readonly PeriodSeries[]; testId: string; height?: number;
  /** Dollars (default) or percent (values already in percent: rates, severities). */
  unit?: 'dollars' | 'percent';
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    const resize = () => chart?.resize();
    void import('echarts').then((echarts) => {
      if (disposed) return;
      // Without a drawing canvas (a DOM without one, as in unit tests) there is no chart; the
      // numbers stay in the tables.
      if (!canDraw()) return;
      const c = echarts.init(el);
      chart = c;
      c.setOption({
        animation: false,
        title: { text: title, left: 'center', textStyle: { fontSize: 13 } },
        tooltip: {
          trigger: 'axis',
          // Dollars to the cent like the tables; a long stack lists its non-zero classes only.
          valueFormatter: (v: unknown) => (unit === 'percent' ? (typeof v === 'number' ? `${v.toFixed(2)}%` : '') : formatDollars(typeof v === 'number' ? v : null)),
        },
        legend: series.length > 1 ? { type: 'scroll', bottom: 0 } : undefined,
        grid: { top: 32, left: 80, right: 16, bottom: series.length > 1 ? 48 : 28 },
        xAxis: { type: 'category', name: 'Period', nameLocation: 'middle', nameGap: 22, data: periods.map(String) },
        yAxis: { type: 'value', axisLabel: { formatter: (v: number) => (unit === 'percent' ? `${+v.toFixed(2)}%` : compactDollars(v)) } },
        series: series.map((s) => ({
          name: s.name, type: s.bar ? 'bar' : 'line', data: [...s.values], showSymbol: false,
          ...(s.stack ? { stack: s.stack, areaStyle: {} } : {}),
          ...(s.color ? { color: s.color } : {}),
          ...(s.dashed ? { lineStyle: { type: 'dashed', width: 2 } } : {}),
        })),
      });
      window.addEventListener('resize', resize);
    });
    return () => { disposed = true; window.removeEventListener('resize', resize); chart?.dispose(); };
  }, [title, periods, series, unit]);
  return <div ref={host} style={{ height }} data-testid={testId} />;
}

/** True when the browser can draw on a canvas (jsdom cannot: its getContext answers null). */
function canDraw(): boolean {
  try {
    return typeof HTMLCanvasElement !== 'undefined' && !/jsdom/i.test(navigator.userAgent) && document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** Axis labels: 1.2B, 350M, 12K. */
export function compactDollars(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1e9) return `${+(v / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${+(v / 1e3).toFixed(0)}K`;
  return String(+v.toFixed(2));
}
