/**
 * Result tabs of a portfolio run (spec 002 "Portfolio screen"): ACIS, CIRT and bond cash flows
 * (and the total), per entry yield, rate / loss / return on line, and the summed cash flow table.
 * Silent yield failures show '-----'; any other message is shown. Bond rows arrive already cut
 * after a balance under 0.005 (portfolio-model cutBondRows).
 */
import { isSilentMetricFailure, type PortfolioPart, type PortfolioRunResponse } from '@opencrt/contracts';
import { useState } from 'react';
import { ScrollRegion } from '../scroll-region/scroll-region.tsx';

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '' : `${(x * 100).toFixed(2)}%`);
const money = (x: unknown) => (typeof x === 'number' ? x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(x ?? ''));
const RATE_COLUMNS = new Set(['CprRate', 'CdrRate', 'LossSeverityRate', 'DelinquencyRate', 'Rate']);
const HEADERS: Record<string, string> = {
  PaymentDate: 'Payment Date', CprRate: 'CPR', CdrRate: 'CDR', LossSeverityRate: 'Severity', DelinquencyRate: 'Delinquency', ActualWriteDown: 'Write Down',
};
/** 'RemainingLiability' → 'Remaining Liability' (headers wrap between words instead of widening the table). */
const headerOf = (c: string) => HEADERS[c] ?? c.replace(/([a-z])([A-Z])/g, '$1 $2');

/** Payment dates come as YYYYMMDD numbers (bonds) or ISO text (insurance): both shown MM/DD/YYYY. */
export function dateText(v: unknown): string {
  const digits = String(v ?? '').replace(/-/g, '');
  return /^\d{8}$/.test(digits) ? `${digits.slice(4, 6)}/${digits.slice(6, 8)}/${digits.slice(0, 4)}` : String(v ?? '');
}

function yieldText(y: { IsSuccessful: boolean; Value: number | null; ErrorMessage: string | null }): string {
  if (y.IsSuccessful) return pct(y.Value);
  return isSilentMetricFailure(y.ErrorMessage) ? '-----' : (y.ErrorMessage ?? '-----');
}

/** One part (ACIS, CIRT, Bonds or Total): per-entry metrics and the summed cash flow table; the vendor grid shows it too. */
export function PartView({ part, testId }: { part: PortfolioPart; testId: string }) {
  const columns = Object.keys(part.PortfolioCashflow[0] ?? {}).filter((c) => c !== 'IsHistorical');
  // Rate / loss / return on line are insurance figures: a part of bonds only has none.
  const onLine = part.PortfolioEntries.some((e) => e.Kind !== 'Bond');
  return (
    <div data-testid={testId}>
      <div className="table-responsive">
        <table className="table table-sm table-bordered" data-testid={`${testId}-entries`}>
          <thead><tr><th>#</th><th>Deal</th><th>Bond</th><th className="text-end">Yield</th>
            {onLine ? <><th className="text-end">Rate On Line</th><th className="text-end">Loss On Line</th><th className="text-end">Return On Line</th></> : null}
            <th className="text-end">WAL</th><th className="text-end">Write Down %</th></tr></thead>
          <tbody>
            {part.PortfolioEntries.map((e) => (
              <tr key={e.OrdinalNumber}>
                <td>{e.OrdinalNumber}</td><td className="text-nowrap">{e.DealName}</td><td>{e.BondName}</td><td className="text-end">{yieldText(e.Yield)}</td>
                {onLine ? <><td className="text-end">{pct(e.LineMetrics.RateOnLine)}</td><td className="text-end">{pct(e.LineMetrics.LossOnLine)}</td><td className="text-end">{pct(e.LineMetrics.ReturnOnLine)}</td></> : null}
                <td className="text-end">{e.Characteristics.Wal.toFixed(2)}</td><td className="text-end">{e.Characteristics.WritedownPct.toFixed(2)}</td>
              </tr>
            ))}
            <tr className="fw-bold"><td colSpan={3}>Portfolio</td><td className="text-end">{yieldText(part.MiscVariables.Yield)}</td>
              {onLine ? <><td className="text-end">{pct(part.LineMetrics.RateOnLine)}</td><td className="text-end">{pct(part.LineMetrics.LossOnLine)}</td><td className="text-end">{pct(part.LineMetrics.ReturnOnLine)}</td></> : null}
              <td className="text-end">{part.MiscVariables.Wal.toFixed(2)}</td><td className="text-end">{part.MiscVariables.WritedownPct.toFixed(2)}</td></tr>
          </tbody>
        </table>
      </div>
      <ScrollRegion label="Portfolio cashflow" style={{ maxHeight: 400 }}>
        <table className="table table-sm table-striped crt-portfolio-cashflow" data-testid={`${testId}-cashflow`}>
          <thead className="sticky-top"><tr>{columns.map((c) => <th key={c} className={c === 'Period' || c === 'PaymentDate' ? '' : 'text-end'}>{headerOf(c)}</th>)}</tr></thead>
          <tbody>{part.PortfolioCashflow.map((r, i) => (
            <tr key={i}>{columns.map((c) => (
              <td key={c} className={c === 'Period' || c === 'PaymentDate' ? 'text-nowrap' : 'text-end text-nowrap'}>
                {RATE_COLUMNS.has(c) ? pct(r[c] as number) : c === 'Period' ? String(r[c]) : c === 'PaymentDate' ? dateText(r[c]) : money(r[c])}
              </td>
            ))}</tr>
          ))}</tbody>
        </table>
      </ScrollRegion>
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
