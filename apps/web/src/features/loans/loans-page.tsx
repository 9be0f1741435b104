/**
 * /loans (spec 002 "Loans screen"): a STACR, CAS or ITL deal's loan tape grouped by a field for a
 * remittance month (Run Query), its collateral history (History) with a chart of balance and
 * delinquency by month, and the deal history table loaded by a button. Errors: the server's
 * message in a danger alert.
 */
import type { CollateralGroupBy, CollateralHistoryRow, CollateralReportRow } from '@opencrt/contracts';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { formatDate, formatDollars, formatPercent } from '../../components/format/catalog-format.ts';
import { DealHistoryPanel } from '../../components/deal-info/deal-history-panel.tsx';
import { groupByOptions, isLoansDeal, visibleHistory } from './loans-model.ts';
import { loadCollateralHistory, loadCollateralReport, loadDealNames } from './loans.api.ts';
import { ScrollRegion } from '../../components/scroll-region/scroll-region.tsx';

const pct = (v: number) => formatPercent(v, 2);
const money = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatDollars(v));

export function LoansPage() {
  const api = useApi();
  const alerts = useAlerts();
  const [deals, setDeals] = useState<string[]>([]);
  const [dealName, setDealName] = useState('');
  const [group, setGroup] = useState<CollateralGroupBy>('Servicer');
  const [history, setHistory] = useState<CollateralHistoryRow[] | null>(null);
  const [month, setMonth] = useState<number | null>(null);
  const [report, setReport] = useState<CollateralReportRow[] | null>(null);
  const [view, setView] = useState<'report' | 'history'>('report');

  useEffect(() => {
    loadDealNames(api).then((names) => {
      const list = names.filter(isLoansDeal);
      setDeals(list);
      setDealName((d) => d || list[0] || '');
    }, (e: unknown) => alerts.error(e));
  }, [api, alerts]);

  // The months of the deal's history feed the month choice and the chart.
  useEffect(() => {
    setHistory(null); setReport(null); setMonth(null);
    if (!dealName) return;
    loadCollateralHistory(api, dealName).then((rows) => {
      const visible = visibleHistory(rows);
      setHistory(visible);
      setMonth(visible.at(-1)?.Date ?? null);
    }, (e: unknown) => alerts.error(e));
  }, [api, alerts, dealName]);

  const runQuery = async () => {
    if (!dealName || month === null) return;
    try {
      setReport(await loadCollateralReport(api, dealName, month, group));
      setView('report');
    } catch (error) { alerts.error(error); }
  };

  // Principal flows, defaults and losses: recorded for deals built from loan-level data (and the demo histories).
  const flows = !!history?.some((h) => h.ScheduledPrincipal !== null && h.ScheduledPrincipal !== undefined);
  const totals = report?.reduce((t, r) => ({ orig: t.orig + r.OriginalBalance, cur: t.cur + r.CurrentBalance, count: t.count + r.LoansCount }), { orig: 0, cur: 0, count: 0 });
  return (
    <div data-testid="loans-page">
      <h4 className="mb-3">Loans</h4>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div>
          <label className="form-label small mb-1" htmlFor="loans-deal">Deal Name</label>
          <select id="loans-deal" className="form-select form-select-sm" style={{ width: '16rem' }} value={dealName} data-testid="loans-deal"
            onChange={(e) => {
              const next = e.target.value;
              // CAS-only groupings do not exist for other deals.
              if (!groupByOptions(next).some(([g]) => g === group)) setGroup('Servicer');
              setDealName(next);
            }}>
            {deals.map((d) => <option key={d} value={d}>{d}</option>)}
          </select>
        </div>
        <div>
          <label className="form-label small mb-1" htmlFor="loans-group">Group By</label>
          <select id="loans-group" className="form-select form-select-sm" style={{ width: '14rem' }} value={group} onChange={(e) => setGroup(e.target.value as CollateralGroupBy)} data-testid="loans-group">
            {groupByOptions(dealName).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <div>
          <label className="form-label small mb-1" htmlFor="loans-month">Month</label>
          <select id="loans-month" className="form-select form-select-sm" style={{ width: '9rem' }} value={month ?? ''} onChange={(e) => setMonth(Number(e.target.value))} data-testid="loans-month">
            {[...(history ?? [])].reverse().map((h) => <option key={h.Date} value={h.Date}>{formatDate(h.Date)}</option>)}
          </select>
        </div>
        <button type="button" className="btn btn-sm btn-primary" disabled={!dealName || month === null} onClick={() => void runQuery()} data-testid="loans-run">Run Query</button>
        <button type="button" className="btn btn-sm btn-outline-primary" disabled={!history} onClick={() => setView('history')} data-testid="loans-history">History</button>
      </div>
      {deals.length === 0 && <div className="text-body-secondary">No STACR, CAS or ITL deals are assigned to you.</div>}

      {view === 'report' && report && (
        <ScrollRegion label="Loan report" className="border rounded bg-white mb-3" style={{ maxHeight: '55vh' }}>
          <table className="table table-sm table-striped small mb-0" data-testid="loans-report">
            <thead className="table-light sticky-top"><tr>
              <th>{groupByOptions(dealName).find(([g]) => g === group)?.[1]}</th><th className="text-end">Original Balance</th><th className="text-end">Current Balance</th>
              <th className="text-end">Delinquency30 Pct</th><th className="text-end">Delinquency60 Pct</th><th className="text-end">Delinquency90Plus Pct</th><th className="text-end">Loans Count</th>
            </tr></thead>
            <tbody>
              {report.map((r) => (
                <tr key={r.Group}>
                  <td>{r.Group}</td><td className="text-end">{formatDollars(r.OriginalBalance)}</td><td className="text-end">{formatDollars(r.CurrentBalance)}</td>
                  <td className="text-end">{pct(r.Delinquency30Pct)}</td><td className="text-end">{pct(r.Delinquency60Pct)}</td><td className="text-end">{pct(r.Delinquency90PlusPct)}</td>
                  <td className="text-end">{r.LoansCount}</td>
                </tr>
              ))}
            </tbody>
            {totals && <tfoot className="table-light fw-semibold"><tr>
              <td>Total</td><td className="text-end">{formatDollars(totals.orig)}</td><td className="text-end">{formatDollars(totals.cur)}</td><td /><td /><td /><td className="text-end">{totals.count}</td>
            </tr></tfoot>}
          </table>
        </ScrollRegion>
      )}

      {view === 'history' && history && (
        <>
          <HistoryChart rows={history} />
          <ScrollRegion label="Collateral history" className="border rounded bg-white mb-3" style={{ maxHeight: '45vh' }}>
            <table className="table table-sm table-striped small mb-0" data-testid="loans-collateral-history">
              <thead className="table-light sticky-top"><tr>
                <th>Date</th><th className="text-end">Current Balance</th><th className="text-end">Delinquency30 Pct</th><th className="text-end">Delinquency60 Pct</th>
                <th className="text-end">Delinquency90Plus Pct</th><th className="text-end">Loans Count</th>
                {flows && <><th className="text-end">Scheduled Principal</th><th className="text-end">Unscheduled Principal</th><th className="text-end">Defaults</th><th className="text-end">Net Loss</th></>}
              </tr></thead>
              <tbody>
                {[...history].reverse().map((h) => (
                  <tr key={h.Date}>
                    <td>{formatDate(h.Date)}</td><td className="text-end">{formatDollars(h.CurrentBalance)}</td><td className="text-end">{pct(h.Delinquency30)}</td>
                    <td className="text-end">{pct(h.Delinquency60)}</td><td className="text-end">{pct(h.Delinquency90Plus)}</td><td className="text-end">{h.LoansCount}</td>
                    {flows && <><td className="text-end">{money(h.ScheduledPrincipal)}</td><td className="text-end">{money(h.UnscheduledPrincipal)}</td>
                      <td className="text-end">{money(h.Defaults)}</td><td className="text-end">{money(h.NetLoss)}</td></>}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
      {dealName && <DealHistoryPanel key={dealName} dealName={dealName} />}
    </div>
  );
}

/** Balance (bars, left axis) and delinquency percentages (lines, right axis) by month; ECharts loads on first use. */
function HistoryChart({ rows }: { rows: readonly CollateralHistoryRow[] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    // The chart follows its box (issue 23 #8: after a window resize it kept its width and the page scrolled sideways).
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart?.resize());
    resize?.observe(el);
    void import('echarts').then((echarts) => {
      if (disposed) return;
      const c = echarts.init(el);
      chart = c;
      c.setOption({
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { top: 36, left: 80, right: 60, bottom: 30 },
        xAxis: { type: 'category', data: rows.map((r) => formatDate(r.Date)) },
        yAxis: [{ type: 'value', name: 'Balance ($M)' }, { type: 'value', name: 'Delinquency %', position: 'right' }],
        series: [
          { type: 'bar', name: 'Current Balance ($M)', data: rows.map((r) => Math.round(r.CurrentBalance / 10_000) / 100) },
          { type: 'line', name: '30 days %', yAxisIndex: 1, showSymbol: false, data: rows.map((r) => r.Delinquency30) },
          { type: 'line', name: '60 days %', yAxisIndex: 1, showSymbol: false, data: rows.map((r) => r.Delinquency60) },
          { type: 'line', name: '90+ days %', yAxisIndex: 1, showSymbol: false, data: rows.map((r) => r.Delinquency90Plus) },
        ],
      });
    });
    return () => { disposed = true; resize?.disconnect(); chart?.dispose(); };
  }, [rows]);
  return <div ref={host} className="border rounded bg-white mb-3" style={{ height: 280 }} data-testid="loans-chart" />;
}
