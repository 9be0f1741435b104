import { useMemo, useState } from 'react';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { downloadCashflows, type ExportHeader, type ExportTab } from '../../components/cashflow-export/export-cashflows.ts';
import { CashflowTable, type CashflowColumn } from '../../components/cashflow-table/cashflow-table.tsx';
import { formatDollars, formatPercent } from '../../components/format/catalog-format.ts';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';
import { BOND_COLUMNS as ALL_BOND_COLUMNS, COLLATERAL_COLUMNS as ALL_COLLATERAL_COLUMNS, columnsFor, exportColumns, triggerColumns } from '../../components/run-inputs/result-columns.ts';

function toExportTab<Row>(name: string, rows: Row[], columns: CashflowColumn<Row>[]): ExportTab<Row> {
  return { name, rows, columns: exportColumns(columns) };
}

/** Available Analysis Results: a collateral tab and one tab per bond, each exportable (spec 000 §2). */
export function ResultsPanel({ result, header, bondNames, initialTab, agency = false, tab: shownTab, onTab }: {
  result: SimulationResult; header: ExportHeader; bondNames: string[];
  /** The tab, when the page chooses it (the tranche summary's rows and select); else kept here. */
  tab?: string; onTab?: (tab: string) => void;
  /** Agency deals: no loss columns on screen or in the export. */
  agency?: boolean;
  /** The bond of the page's bondName query (a CUSIP search lands here with it); else Collateral. */
  initialTab?: string | null;
}) {
  const alerts = useAlerts();
  const BOND_COLUMNS = useMemo(() => columnsFor(ALL_BOND_COLUMNS, agency), [agency]);
  const COLLATERAL_COLUMNS = useMemo(() => columnsFor(ALL_COLLATERAL_COLUMNS, agency), [agency]);
  const [ownTab, setOwnTab] = useState(() => (initialTab && result.BondsCashflows.some((b) => b.BondName === initialTab) ? initialTab : 'Collateral'));
  const tab = shownTab ?? ownTab;
  const setTab = onTab ?? setOwnTab;
  const [showTriggers, setShowTriggers] = useState(false);
  const bonds = result.BondsCashflows.filter((b) => bondNames.includes(b.BondName));
  const bond = bonds.find((b) => b.BondName === tab);
  const triggers = useMemo(() => triggerColumns(result.MiscVariables.Triggers), [result]);

  async function exportTab() {
    try {
      const tabs = bond
        ? [toExportTab(bond.BondName, bond.BondCashflow, BOND_COLUMNS)]
        : showTriggers
          ? [toExportTab('Collateral', result.CollateralCashflow, COLLATERAL_COLUMNS) as ExportTab<unknown>, toExportTab('Triggers', result.MiscVariables.Triggers, triggers) as ExportTab<unknown>]
          : [toExportTab('Collateral', result.CollateralCashflow, COLLATERAL_COLUMNS)];
      await downloadCashflows({ ...header, bondName: bond?.BondName ?? '' }, tabs as ExportTab<unknown>[]);
    } catch (e) {
      alerts.error(e);
    }
  }

  return (
    <section className="crt-panel mt-3" data-testid="results-panel">
      <div className="d-flex align-items-center gap-3 mb-2">
        <h2 className="h5 mb-0">Available Analysis Results</h2>
        {!agency && <span className="text-secondary small" data-testid="projected-losses">Projected losses: {formatDollars(result.ProjectedLosses)}</span>}
      </div>
      <ul className="nav nav-tabs flex-wrap">
        {['Collateral', ...bonds.map((b) => b.BondName)].map((name) => (
          <li className="nav-item" key={name}>
            <button type="button" className={`nav-link${tab === name ? ' active' : ''}`} data-testid={`result-tab-${name}`} onClick={() => setTab(name)}>{name}</button>
          </li>
        ))}
      </ul>
      <div className="d-flex gap-3 align-items-center my-2">
        <button type="button" className="btn btn-sm btn-outline-success" data-testid="export-cashflow" onClick={() => void exportTab()}>Export Cashflow to Excel</button>
        <label className="form-check-label small">
          <input type="checkbox" className="form-check-input me-1" checked={showTriggers} data-testid="show-trigger-info" onChange={(e) => setShowTriggers(e.target.checked)} />
          Show Trigger Info
        </label>
        {bond && (
          <span className="small text-secondary" data-testid="bond-metrics">
            {/* One convention (engine bondMetrics): no window = nothing reduced the balance, so no WAL either. */}
            WAL {bond.PrincipalWindow ? `${bond.Wal.toFixed(2)} yrs` : '-----'} · Window {bond.PrincipalWindow || '-----'}{agency ? '' : ` · Write-down ${formatPercent(bond.WritedownPct, 2)}`}
          </span>
        )}
      </div>
      {/* Keyed by kind: the grid keeps a column's value getter by its id (c0, c1, ...) when the
          definitions change, so a bond tab after the collateral tab showed collateral fields. */}
      {bond
        ? <CashflowTable key="bond" rows={bond.BondCashflow} columns={BOND_COLUMNS} testId="bond-table" />
        : <CashflowTable key="collateral" rows={result.CollateralCashflow} columns={COLLATERAL_COLUMNS} testId="collateral-table" />}
      {showTriggers && (
        <div className="mt-3">
          <h3 className="h6">Trigger Info</h3>
          <CashflowTable rows={result.MiscVariables.Triggers} columns={triggers} height={300} testId="trigger-table" />
        </div>
      )}
    </section>
  );
}
