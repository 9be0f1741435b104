/**
 * Result tabs of a portfolio run (spec 002 "Portfolio screen"): ACIS, CIRT and bond cash flows,
 * per entry yield, rate / loss / return on line, and the summed cash flow table. Silent yield
 * failures show '-----'; any other message is shown.
 */
import { isSilentMetricFailure, type PortfolioPart, type PortfolioRunResponse } from '@opencrt/contracts';
import { useState } from 'react';

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '' : `${(x * 100).toFixed(2)}%`);
const money = (x: unknown) => (typeof x === 'number' ? x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(x ?? ''));
const RATE_COLUMNS = new Set(['CprRate', 'CdrRate', 'LossSeverityRate', 'DelinquencyRate', 'Rate']);

function yieldText(y: { IsSuccessful: boolean; Value: number | null; ErrorMessage: string | null }): string {
  if (y.IsSuccessful) return pct(y.Value);
  return isSilentMetricFailure(y.ErrorMessage) ? '-----' : (y.ErrorMessage ?? '-----');
}

/** One part (ACIS, CIRT, Bonds or Total): per-entry metrics and the summed cash flow table; the vendor grid shows it too. */
export function PartView({ part, testId }: { part: PortfolioPart; testId: string }) {
  const columns = Object.keys(part.PortfolioCashflow[0] ?? {}).filter((c) => c !== 'IsHistorical');
  return (
    <div data-testid={testId}>
      <table className="table table-sm table-bordered" data-testid={`${testId}-entries`}>
        <thead><tr><th>#</th><th>Deal</th><th>Bond</th><th>Yield</th><th>Rate On Line</th><th>Loss On Line</th><th>Return On Line</th><th>WAL</th><th>Write Down %</th></tr></thead>
        <tbody>
          {part.PortfolioEntries.map((e) => (
            <tr key={e.OrdinalNumber}>
              <td>{e.OrdinalNumber}</td><td>{e.DealName}</td><td>{e.BondName}</td><td>{yieldText(e.Yield)}</td>
              <td>{pct(e.LineMetrics.RateOnLine)}</td><td>{pct(e.LineMetrics.LossOnLine)}</td><td>{pct(e.LineMetrics.ReturnOnLine)}</td>
              <td>{e.Characteristics.Wal.toFixed(2)}</td><td>{e.Characteristics.WritedownPct.toFixed(2)}</td>
            </tr>
          ))}
          <tr className="fw-bold"><td colSpan={3}>Portfolio</td><td>{yieldText(part.MiscVariables.Yield)}</td>
            <td>{pct(part.LineMetrics.RateOnLine)}</td><td>{pct(part.LineMetrics.LossOnLine)}</td><td>{pct(part.LineMetrics.ReturnOnLine)}</td>
            <td>{part.MiscVariables.Wal.toFixed(2)}</td><td>{part.MiscVariables.WritedownPct.toFixed(2)}</td></tr>
        </tbody>
      </table>
      <div style={{ maxHeight: 400, overflow: 'auto' }}>
        <table className="table table-sm table-striped" data-testid={`${testId}-cashflow`}>
          <thead><tr>{columns.map((c) => <th key={c}>{c}</th>)}</tr></thead>
          <tbody>{part.PortfolioCashflow.map((r, i) => (
            <tr key={i}>{columns.map((c) => <td key={c}>{RATE_COLUMNS.has(c) ? pct(r[c] as number) : c === 'Period' || c === 'PaymentDate' ? String(r[c]) : money(r[c])}</td>)}</tr>
          ))}</tbody>
        </table>
      </div>
    </div>
  );
}

export function PortfolioResults({ result }: { result: PortfolioRunResponse }) {
  const tabs = ([['ACIS', result.AcisPortfolio], ['CIRT', result.CirtPortfolio], ['Bonds', result.BondPortfolio], ['Total', result.TotalPortfolio]] as const)
    .filter(([, p]) => p !== null) as [string, PortfolioPart][];
  const [tab, setTab] = useState(tabs[0]?.[0] ?? 'Total');
  const active = tabs.find(([t]) => t === tab) ?? tabs[0];
  return (
    <div className="mt-3" data-testid="portfolio-results">
      <ul className="nav nav-tabs">
        {tabs.map(([t]) => <li key={t} className="nav-item"><button type="button" className={`nav-link${t === active?.[0] ? ' active' : ''}`} onClick={() => setTab(t)}>{t}</button></li>)}
      </ul>
      {active ? <PartView part={active[1]} testId={`result-${active[0].toLowerCase()}`} /> : null}
    </div>
  );
}
