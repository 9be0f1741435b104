/**
 * The grid's cash flow view (spec 002 grid): after a scenario header click, the portfolio totals
 * under that scenario; after a cell click, that entry under that scenario. Tabs ACIS, CIRT, Bonds
 * and Totals (those with rows), each with 'Export Cashflow to Excel'. Reuses the portfolio
 * screen's part table.
 */
import type { PortfolioPart, PortfolioRunResponse } from '@opencrt/contracts';
import { useState } from 'react';
import { PartView } from '../../components/portfolio-results/portfolio-results.tsx';
import type { ExportLine } from '../../components/cashflow-export/export-cashflows.ts';
import { downloadPart, partRows } from './vendor-grid-xlsx.ts';

export interface CashflowView {
  /** 'totals': a scenario header was clicked; 'entry': one cell. */
  kind: 'totals' | 'entry';
  title: string;
  fileBase: string;
  header: ExportLine[];
  result: PortfolioRunResponse;
}

export function GridCashflowView({ view, onClose }: { view: CashflowView; onClose(): void }) {
  const tabs = ([['ACIS', view.result.AcisPortfolio], ['CIRT', view.result.CirtPortfolio], ['Bonds', view.result.BondPortfolio], ['Totals', view.result.TotalPortfolio]] as const)
    .filter(([, p]) => p !== null) as [string, PortfolioPart][];
  const [tab, setTab] = useState(tabs[0]?.[0] ?? 'Totals');
  const active = tabs.find(([t]) => t === tab) ?? tabs[0];
  return (
    <div className="card mt-3" data-testid={`grid-${view.kind}-view`}>
      <div className="card-header d-flex align-items-center gap-2">
        <strong data-testid="grid-view-title">{view.title}</strong>
        <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" onClick={onClose}>Close</button>
      </div>
      <div className="card-body">
        <ul className="nav nav-tabs" role="tablist">
          {tabs.map(([t]) => (
            <li key={t} className="nav-item">
              <button type="button" role="tab" className={`nav-link${t === active?.[0] ? ' active' : ''}`} data-testid={`grid-tab-${t.toLowerCase()}`} onClick={() => setTab(t)}>{t}</button>
            </li>
          ))}
        </ul>
        {active ? (
          <div className="pt-2">
            <button type="button" className="btn btn-sm btn-outline-success mb-2" data-testid="export-cashflow"
              onClick={() => void downloadPart(view.fileBase, active[0], active[1], view.header)}>Export Cashflow to Excel</button>
            <PartView part={active[0] === 'Bonds' ? { ...active[1], PortfolioCashflow: partRows(active[1], true) } : active[1]} testId={`grid-part-${active[0].toLowerCase()}`} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
