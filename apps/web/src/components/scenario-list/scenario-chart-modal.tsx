/**
 * Admin chart (spec 000 §9): chosen scenarios × vectors as lines over 'Months to Graph' (1–500,
 * default 60); the first 3 scenarios and the Cpr vector start selected.
 */
import { SCENARIO_VECTORS, type ScenarioVectorKey } from '@opencrt/contracts';
import { useEffect, useRef, useState } from 'react';
import { CheckList, ModalFrame, toggled } from '../modal-frame/modal-frame.tsx';
import type { ScenarioItem, ScenarioVectors } from './scenario-model.ts';

export const CHART_DEFAULT_MONTHS = 60;
export const CHART_MAX_MONTHS = 500;

export interface ChartSeries { name: string; data: [number, number][] }

/** Line series of the chosen scenarios and vectors, cut to `months` periods. Pure (tested). */
export function chartSeries(chosen: readonly { name: string; vectors: ScenarioVectors }[], keys: readonly ScenarioVectorKey[], months: number): ChartSeries[] {
  return chosen.flatMap((s) => keys.map((k) => ({
    name: `${s.name} ${k}`,
    data: s.vectors[k].slice(0, months).map((v, i) => [i + 1, v] as [number, number]),
  })));
}

/** Months input → a whole number in 1..500, or null when out of range. */
export function parseMonths(text: string): number | null {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= CHART_MAX_MONTHS ? n : null;
}

export function ChartModal({ items, loadVectors, onClose }: {
  items: readonly ScenarioItem[]; loadVectors(item: ScenarioItem): Promise<ScenarioVectors>; onClose(): void;
}) {
  const [scenarios, setScenarios] = useState<Set<string | number>>(() => new Set(items.slice(0, 3).map((s) => s.key)));
  const [vectors, setVectors] = useState<Set<string | number>>(() => new Set(['Cpr']));
  const [monthsText, setMonthsText] = useState(String(CHART_DEFAULT_MONTHS));
  const [shown, setShown] = useState<{ series: ChartSeries[]; months: number } | null>(null);
  const series = shown?.series ?? null;
  const host = useRef<HTMLDivElement | null>(null);
  const months = parseMonths(monthsText);

  const showChart = async () => {
    if (months === null) return;
    const chosen = items.filter((s) => scenarios.has(s.key));
    const loaded = await Promise.all(chosen.map(async (s) => ({ name: s.ScenarioName || '(unnamed)', vectors: s.vectors ?? await loadVectors(s) })));
    setShown({ series: chartSeries(loaded, SCENARIO_VECTORS.filter((k) => vectors.has(k)), months), months });
  };

  useEffect(() => {
    const el = host.current;
    if (!shown || !el) return;
    // ECharts loads on first use: the chart is admin-only, the rest of the app does not pay for it.
    let disposed = false;
    let chart: { dispose(): void } | null = null;
    void import('echarts').then((echarts) => {
      if (disposed) return;
      const c = echarts.init(el);
      chart = c;
      c.setOption({
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { type: 'scroll', top: 0 },
        grid: { top: 40, left: 50, right: 20, bottom: 40 },
        xAxis: { type: 'value', name: 'Month', min: 1, max: shown.months },
        yAxis: { type: 'value', name: '%' },
        series: shown.series.map((s) => ({ type: 'line', name: s.name, data: s.data, showSymbol: false })),
      });
    });
    return () => { disposed = true; chart?.dispose(); };
  }, [shown]);

  return (
    <ModalFrame title="Chart scenarios" testId="chart-modal" size="xl" onClose={onClose} footer={<>
      <button type="button" className="btn btn-primary" data-testid="chart-show" disabled={months === null || scenarios.size === 0 || vectors.size === 0} onClick={() => void showChart()}>Show</button>
      <button type="button" className="btn btn-secondary" data-testid="chart-close" onClick={onClose}>Close</button>
    </>}>
      <div className="row g-3">
        <div className="col-5"><h6>Scenarios</h6>
          <CheckList items={items} label={(s) => s.ScenarioName || '(unnamed)'} keyOf={(s) => s.key} checked={scenarios} testId="chart-scenarios"
            onToggle={(k) => setScenarios((c) => toggled(c, k))} />
        </div>
        <div className="col-3"><h6>Vectors</h6>
          <CheckList items={SCENARIO_VECTORS} label={(k) => k} keyOf={(k) => k} checked={vectors} testId="chart-vectors" onToggle={(k) => setVectors((c) => toggled(c, k))} />
        </div>
        <div className="col-4">
          <label className="form-label" htmlFor="chart-months">Months to Graph</label>
          <input id="chart-months" className={`form-control${months === null ? ' is-invalid' : ''}`} type="number" min={1} max={CHART_MAX_MONTHS} step={1}
            data-testid="chart-months" value={monthsText} onChange={(e) => setMonthsText(e.target.value)} />
        </div>
      </div>
      <div ref={host} data-testid="chart-canvas" data-series={series?.map((s) => `${s.name}:${s.data.length}`).join('|') ?? ''}
        style={{ height: series ? 420 : 0, marginTop: '1rem' }} />
    </ModalFrame>
  );
}
