/**
 * /vendor_grid (spec 002 "Vendor grid", §4 transitions, §8 messages): a portfolio's entries ×
 * visible scenarios. Run Scenarios sends them as one batch to the streaming grid call; cells fill
 * in as pieces finish (progress bar, Cancel aborts the fetch and the server drops queued work).
 * A scenario header click shows that scenario's portfolio totals; a cell click that entry's cash
 * flow. Export Metrics writes the metrics workbook and, per the checkboxes, the scenario cash
 * flows, the tranche-level CSV (save call, Options bit 2) and the database copy (bit 1, admins).
 */
import {
  exportToday, type GridCell, type GridEvent, type Portfolio, type PortfolioList, type PortfolioRunRequest, type PortfolioRunResponse,
} from '@opencrt/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLeavePrompt } from '../../app/use-leave-prompt.ts';
import { ApiError, messageOf } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { saveBlob, type ExportLine } from '../../components/cashflow-export/export-cashflows.ts';
import { listPortfolios, runPortfolio } from '../../api/portfolio.api.ts';
import { GridCashflowView, type CashflowView } from './grid-cashflow-view.tsx';
import { HideScenariosModal } from './hide-scenarios-modal.tsx';
import { portfolioScenarios, saveCalculation, streamGrid, vendorLists } from './vendor-grid.api.ts';
import {
  cellKey, cellKeyOf, DEFAULT_METRIC, gridExportHeader, gridInputProblems, METRICS, portfolioChoices, metricFor, runErrors, runOrder, scenarioChoice, scenarioColumns, scenarioFor, VENDOR_ALL, VENDOR_DEFAULT, VENDOR_GRID_MESSAGES,
  vendorOptions, type MetricKey, type ScenarioColumn,
} from './vendor-grid-model.ts';
import { readHidden, readPrefs, writeHidden, writePrefs, type GridPrefs } from './vendor-grid-prefs.ts';
import { VendorGridTable } from './vendor-grid-table.tsx';
import { downloadMetrics, downloadScenarioCashflows } from './vendor-grid-xlsx.ts';
import { HelpLink } from '../../components/guide/help-link.tsx';

const pct = (text: string) => { const n = Number(text.replace(/,/g, '')); return Number.isFinite(n) ? n / 100 : 0; };
const ymd = (iso: string) => Number(iso.replace(/-/g, ''));
const mdY = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const failureText = (e: unknown) => VENDOR_GRID_MESSAGES.other(e instanceof ApiError ? e.status : 0, messageOf(e));

export function VendorGridPage() {
  const { api, session, hasRole } = useSession();
  const alerts = useAlerts();
  const admin = hasRole('Admin');
  const [prefs, setPrefs] = useState<GridPrefs>(readPrefs);
  const [portfolios, setPortfolios] = useState<PortfolioList>({});
  const [vendors, setVendors] = useState<string[]>([]);
  const [scenarios, setScenarios] = useState<Record<string, { Id: number; ScenarioName: string; DealName: string | null; Vendor: string | null }[]>>({});
  const [hidden, setHidden] = useState<Set<string>>(readHidden);
  const [metric, setMetric] = useState<MetricKey>(DEFAULT_METRIC);
  const [view, setView] = useState<CashflowView | null>(null);
  const [hiding, setHiding] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [hasResults, setHasResults] = useState(false);
  const [dbSaved, setDbSaved] = useState(true);
  // Cells arrive by the hundred: they go into a map and the table redraws once per frame.
  const cells = useRef(new Map<string, GridCell>());
  const [cellsVersion, setCellsVersion] = useState(0);
  const frame = useRef(0);
  const redraw = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => { frame.current = 0; setCellsVersion((v) => v + 1); });
  }, []);
  const abort = useRef<AbortController | null>(null);
  // The columns and request of the last run (exports and the unsaved prompt use them).
  const lastRun = useRef<{ columns: ScenarioColumn[]; portfolio: Portfolio } | null>(null);
  // How long the last grid run took: the workbooks' Run Time.
  const lastRunMs = useRef(0);

  const set = (patch: Partial<GridPrefs>) => setPrefs((p) => { const next = { ...p, ...patch }; writePrefs(next); return next; });
  // Chosen by the list's key (names may repeat across owners); a name saved before keys were used still finds its portfolio.
  const portfolio: Portfolio | null = portfolios[prefs.portfolio] ?? Object.values(portfolios).find((p) => p.Name === prefs.portfolio) ?? null;
  const portfolioKey = portfolios[prefs.portfolio] ? prefs.portfolio : portfolio?.Name ?? '';
  const type = portfolio?.PortfolioType ?? 'Reinsurance';
  const generic = prefs.useGenericScenarios;
  const allColumns = useMemo(() => scenarioColumns(scenarios, generic), [scenarios, generic]);
  const columns = useMemo(() => allColumns.filter((c) => !hidden.has(c.key)).slice(0, 200), [allColumns, hidden]);
  const entries = portfolio?.PortfolioEntries ?? [];
  const running = progress !== null;
  const shownMetric = metricFor(type, metric);

  const clearResults = useCallback(() => {
    abort.current?.abort();
    cells.current = new Map(); setCellsVersion((v) => v + 1); setHasResults(false); setView(null); setDbSaved(true);
  }, []);

  useEffect(() => {
    listPortfolios(api).then(setPortfolios, (e: unknown) => alerts.show('danger', messageOf(e)));
    vendorLists(api).then((lists) => setVendors(vendorOptions(lists)), () => setVendors([]));
    return () => abort.current?.abort();
  }, [api, alerts]);

  const portfolioId = portfolio?.Id ?? null;
  useEffect(() => {
    if (portfolioId === null) { setScenarios({}); return; }
    let live = true;
    portfolioScenarios(api, portfolioId, prefs.vendor === VENDOR_ALL ? '' : prefs.vendor)
      .then((s) => { if (live) setScenarios(s); }, (e: unknown) => { if (live) { setScenarios({}); alerts.show('danger', messageOf(e)); } });
    return () => { live = false; };
  }, [api, alerts, portfolioId, prefs.vendor]);

  // §4: a new portfolio resets interest rate and Libor, clears results and cash flows.
  // The metric starts again at the default (spec 002 §2, §9: RateOnLine; Bonds, which have none, show Yield).
  const choosePortfolio = (name: string) => { clearResults(); setMetric(DEFAULT_METRIC); set({ portfolio: name, interestRate: '0', libor: '0' }); };
  // §4: vendor or Global clear the results (scenarios reload with them).
  const chooseVendor = (vendor: string) => { clearResults(); set({ vendor }); };
  const chooseGeneric = (on: boolean) => { clearResults(); set({ useGenericScenarios: on }); };

  const gridBody = () => ({
    PortfolioId: portfolio?.Id ?? 0, SettlementDate: ymd(prefs.settlementDate), Vendor: prefs.vendor === VENDOR_ALL ? '' : prefs.vendor,
    UseGenericScenarios: generic, InterestRate: pct(prefs.interestRate), Libor: type === 'Bonds' ? pct(prefs.libor) : 0, EarlyCall: prefs.earlyCall,
    ScenarioNames: (lastRun.current?.columns ?? columns).map((c) => c.name), ScenarioVendors: (lastRun.current?.columns ?? columns).map((c) => c.vendor),
    ScenarioCashflowLabels: (lastRun.current?.columns ?? columns).map((c) => c.cashflow ?? null),
  });

  /** False (with the problem shown) when the settlement date or the rate is not usable. */
  const inputsUsable = (): boolean => {
    const problem = gridInputProblems(prefs, type);
    if (problem) alerts.show('danger', problem);
    return problem === null;
  };

  const run = async () => {
    if (!portfolio || columns.length === 0 || !inputsUsable()) return;
    clearResults();
    const controller = new AbortController();
    abort.current = controller;
    const runColumns = [...columns];
    lastRun.current = { columns: runColumns, portfolio };
    const failed: { index: number; message: string }[] = [];
    setProgress({ done: 0, total: null });
    const started = performance.now();
    const onEvent = (e: GridEvent) => {
      if (e.type === 'piece') {
        if (e.ok) cells.current.set(cellKeyOf(e.value), e.value);
        else failed.push({ index: e.index, message: e.Message });
        setProgress({ done: e.done, total: e.total });
        redraw();
      } else if (e.type === 'done') {
        for (const c of e.summary.Fixed) cells.current.set(cellKeyOf(c), c);
        // A failed piece carries only its index: the run order tells which cell it was.
        const order = runOrder(portfolio.PortfolioEntries.map((x) => x.OrdinalNumber), runColumns, e.summary.Fixed);
        const others: string[] = [];
        for (const f of failed) {
          const key = order[f.index];
          const column = key ? runColumns.find((c) => key.endsWith(`\u0002${c.key}`)) : undefined;
          const ordinal = key ? Number(key.split('\u0002')[0]) : 0;
          const text = VENDOR_GRID_MESSAGES.other(ordinal, f.message);
          // Not an engine answer: the cell shows '-----' and the message is listed on its own.
          if (key && column) cells.current.set(key, { ...blankCell(ordinal, column), Error: text });
          others.push(text);
        }
        redraw();
        const errors = runErrors(portfolio.PortfolioEntries, runColumns, cells.current).filter((m) => m.startsWith('Line '));
        if (errors.length) alerts.show('danger', errors.join('\n'), 10_000);
        if (others.length) alerts.show('danger', others.join('\n'), 10_000);
      } else {
        alerts.show('danger', VENDOR_GRID_MESSAGES.other('Run', e.Message), 10_000);
      }
    };
    try {
      await streamGrid(api, gridBody(), controller.signal, onEvent);
      lastRunMs.current = performance.now() - started;
      setHasResults(true);
      setDbSaved(false);
    } catch (e) {
      if (!controller.signal.aborted) alerts.show('danger', failureText(e), 10_000);
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  };
  const cancel = () => { abort.current?.abort(); setProgress(null); };

  /** The run-entry payload of entries under one column's scenario (those without it are left out). */
  const runRequest = (list: readonly Portfolio['PortfolioEntries'][number][], column: ScenarioColumn): PortfolioRunRequest | null => {
    if (!portfolio) return null;
    const chosen = list.flatMap((e) => {
      const s = scenarioFor(scenarios, e.DealName, column, generic);
      if (!s) return [];
      return [{
        OrdinalNumber: e.OrdinalNumber, DealName: e.DealName, BondName: e.BondName, OwnedFaceAmt: e.OwnedFaceAmt,
        ...(type === 'Reinsurance' ? { Margin: e.Margin / 100, InterestRate: pct(prefs.interestRate) } : { Price: e.Margin }),
        Cancellation: prefs.earlyCall, CleanupCall: prefs.earlyCall, CancellationDate: null, ...scenarioChoice(s),
        SettlementDateMonthsBackAdjustment: 2, Cpr: 0, Cdr: 0, LossSeverity: 0, Delinquency: 0, Libor: type === 'Bonds' ? pct(prefs.libor) : 0,
      }];
    });
    return chosen.length ? { SettlementDate: ymd(prefs.settlementDate), PortfolioType: type, Entries: chosen } : null;
  };
  const exportHeader = (column: ScenarioColumn, bond = '', runMs = lastRunMs.current): ExportLine[] => gridExportHeader({
    user: session?.username ?? '', portfolio: portfolio?.Name ?? '', bond, settlementIso: prefs.settlementDate, runDate: exportToday(new Date()),
    runMs, scenario: column.name, vendor: column.vendor ?? '',
  });
  const showRun = async (kind: CashflowView['kind'], column: ScenarioColumn, request: PortfolioRunRequest | null, title: string, fileBase: string, bond = '') => {
    if (!request) { alerts.show('info', `No entry has the scenario ${column.name}.`); return; }
    if (!inputsUsable()) return;
    try {
      const started = performance.now();
      const result: PortfolioRunResponse = await runPortfolio(api, request);
      setView({ kind, title, fileBase, header: exportHeader(column, bond, performance.now() - started), result });
    } catch (e) { alerts.show('danger', failureText(e), 10_000); }
  };
  const onHeader = (column: ScenarioColumn) => {
    // Lines whose cell failed in the last run would fail the whole totals run: they are left out (and named).
    const failed = entries.filter((e) => shownCells.get(cellKey(e.OrdinalNumber, column))?.Error);
    const note = failed.length ? ` (without line ${failed.map((e) => e.OrdinalNumber).join(', ')}: no result)` : '';
    void showRun('totals', column, runRequest(entries.filter((e) => !failed.includes(e)), column),
      `Totals — ${column.vendor ? `${column.vendor} / ` : ''}${column.name}${note}`, `${portfolio?.Name ?? 'portfolio'}_${column.name}`);
  };
  const onCell = (entry: Portfolio['PortfolioEntries'][number], column: ScenarioColumn) => void showRun('entry', column, runRequest([entry], column),
    `Line ${entry.OrdinalNumber}, ${entry.DealName} ${entry.BondName} — ${column.vendor ? `${column.vendor} / ` : ''}${column.name}`,
    `${entry.DealName}_${entry.BondName}_${column.name}`, entry.BondName);

  /** The save call: bit 1 database (admins), bit 2 CSV. Returns false when it failed. */
  const save = async (toDb: boolean, toCsv: boolean): Promise<boolean> => {
    const options = (toDb ? 1 : 0) | (toCsv ? 2 : 0);
    if (!options) return true;
    if (toDb) setSaving(true);
    try {
      const r = await saveCalculation(api, { ...gridBody(), Options: options });
      if (toCsv) {
        if (!r.csv) { alerts.show('danger', VENDOR_GRID_MESSAGES.exportEmpty); return false; }
        saveBlob(new Blob([r.csv], { type: 'text/csv' }), r.fileName ?? `${portfolio?.Name ?? 'portfolio'}.csv`);
        alerts.success(VENDOR_GRID_MESSAGES.exported);
      }
      if (toDb) { alerts.success(VENDOR_GRID_MESSAGES.saved); setDbSaved(true); }
      return true;
    } catch (e) {
      alerts.show('danger', toDb ? VENDOR_GRID_MESSAGES.saveFailed(messageOf(e)) : VENDOR_GRID_MESSAGES.exportFailed(messageOf(e)), 10_000);
      return false;
    } finally { setSaving(false); }
  };

  const exportMetrics = async () => {
    const last = lastRun.current;
    if (!last || !inputsUsable()) return;
    setExporting(true);
    try {
      await downloadMetrics(last.portfolio.Name, last.portfolio.PortfolioType, last.portfolio.PortfolioEntries, last.columns, cells.current);
      if (prefs.useExportScenarios) {
        const parts = [];
        for (const column of last.columns) {
          const request = runRequest(last.portfolio.PortfolioEntries, column);
          if (request) parts.push({ column, part: (await runPortfolio(api, request)).TotalPortfolio });
        }
        await downloadScenarioCashflows(last.portfolio.Name, parts, exportHeader({ key: '', name: 'All scenarios', vendor: null }));
      }
      await save(admin && prefs.useCalcCashflows, prefs.useExportScenariosToCsv);
    } catch (e) {
      alerts.show('danger', VENDOR_GRID_MESSAGES.exportFailed(messageOf(e)), 10_000);
    } finally { setExporting(false); }
  };

  // Leaving with a run an admin meant to store but has not: offer to save it first.
  const unsaved = admin && prefs.useCalcCashflows && hasResults && !dbSaved;
  useLeavePrompt(unsaved, () => save(true, false), VENDOR_GRID_MESSAGES.unsaved);

  const choices = portfolioChoices(portfolios, session?.username ?? '');
  // A new map per redraw (cellsVersion) so the table sees new cells.
  const shownCells = useMemo(() => new Map(cells.current), [cellsVersion]);
  const check = (key: keyof GridPrefs, label: string, testId: string, extra?: ReactNode) => (
    <div className="form-check form-check-inline">
      <input id={testId} type="checkbox" className="form-check-input" data-testid={testId} checked={prefs[key] as boolean}
        onChange={(e) => set({ [key]: e.target.checked } as Partial<GridPrefs>)} />
      <label className="form-check-label" htmlFor={testId}>{label}</label>{extra}
    </div>
  );

  return (
    <div className="container-fluid py-3" data-testid="vendor-grid-page">
      <h2>Vendor Grid<HelpLink slug="portfolio-vendor-grid" /></h2>
      <div className="d-flex flex-wrap gap-3 align-items-end mb-2">
        <label className="form-label mb-0">Portfolio
          <select className="form-select" data-testid="grid-portfolio" value={portfolioKey} disabled={running} onChange={(e) => choosePortfolio(e.target.value)}>
            <option value="">-- choose --</option>
            {choices.map((c) => <option key={c.key} value={c.key}>{c.label}</option>)}
          </select>
        </label>
        {portfolio ? <span className="badge text-bg-secondary mb-2" data-testid="grid-portfolio-type">{type}</span> : null}
        <label className="form-label mb-0">Vendor
          <select className="form-select" data-testid="grid-vendor" value={prefs.vendor} disabled={running} onChange={(e) => chooseVendor(e.target.value)}>
            <option value={VENDOR_ALL}>All</option>
            <option value={VENDOR_DEFAULT}>Not vendor specific</option>
            {vendors.map((v) => <option key={v} value={v}>{v}</option>)}
          </select>
        </label>
        <div className="form-check mb-2">
          <input id="grid-global" type="checkbox" className="form-check-input" data-testid="grid-global" checked={generic} disabled={running} onChange={(e) => chooseGeneric(e.target.checked)} />
          <label className="form-check-label" htmlFor="grid-global">Global</label>
        </div>
        <label className="form-label mb-0">Settlement Date
          <input type="date" className="form-control" data-testid="grid-settlement" value={prefs.settlementDate} title={mdY(prefs.settlementDate)}
            onChange={(e) => set({ settlementDate: e.target.value })} />
        </label>
        {type === 'Bonds' ? (
          <label className="form-label mb-0">Libor (%)
            <input className="form-control" style={{ width: 100 }} data-testid="grid-libor" value={prefs.libor} onChange={(e) => set({ libor: e.target.value })} />
          </label>
        ) : (
          <label className="form-label mb-0">Interest Rate (%)
            <input className="form-control" style={{ width: 100 }} data-testid="grid-interest" value={prefs.interestRate} onChange={(e) => set({ interestRate: e.target.value })} />
          </label>
        )}
        <div className="form-check mb-2">
          <input id="grid-early-call" type="checkbox" className="form-check-input" data-testid="grid-early-call" checked={prefs.earlyCall} onChange={(e) => set({ earlyCall: e.target.checked })} />
          <label className="form-check-label" htmlFor="grid-early-call">Early Call</label>
        </div>
      </div>
      <div className="mb-2">
        {check('useExportScenarios', 'Export Scenario Cashflows to Excel', 'grid-export-scenarios')}
        {check('useExportScenariosToCsv', 'Export Tranche Level Cashflows', 'grid-export-tranches')}
        {admin ? check('useCalcCashflows', 'Export Cashflows to Database', 'grid-export-db',
          saving ? <span className="ms-2 text-primary" data-testid="grid-calculating">Calculating...</span> : null) : null}
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <button type="button" className="btn btn-primary" data-testid="run-scenarios" disabled={running || entries.length === 0 || columns.length === 0} onClick={() => void run()}>Run Scenarios</button>
        <button type="button" className="btn btn-outline-success" data-testid="export-metrics" disabled={!hasResults || running || exporting || saving} onClick={() => void exportMetrics()}>Export Metrics</button>
        <button type="button" className="btn btn-outline-secondary" data-testid="hide-scenarios-button" disabled={running || allColumns.length === 0} onClick={() => setHiding(true)}>Hide Scenarios</button>
        <span className="text-secondary small" data-testid="grid-counts">{entries.length} entries × {columns.length} scenarios{allColumns.length > columns.length ? ` (${allColumns.length - columns.length} hidden)` : ''}</span>
        <div className="ms-auto d-flex flex-wrap gap-2" role="radiogroup" aria-label="Metric">
          {METRICS[type].map((m) => (
            <div key={m.key} className="form-check form-check-inline me-1">
              <input id={`metric-${m.key}`} type="radio" name="grid-metric" className="form-check-input" data-testid={`metric-${m.key}`}
                checked={shownMetric === m.key} onChange={() => setMetric(m.key)} />
              <label className="form-check-label" htmlFor={`metric-${m.key}`}>{m.label}</label>
            </div>
          ))}
        </div>
      </div>
      {running ? (
        <div className="d-flex align-items-center gap-2 mb-2" data-testid="grid-progress">
          <div className="progress flex-grow-1" role="progressbar" aria-label="Grid run" aria-valuemin={0} aria-valuemax={progress.total ?? 100} aria-valuenow={progress.done}>
            <div className={`progress-bar${progress.total === null ? ' progress-bar-striped progress-bar-animated' : ''}`}
              style={{ width: progress.total ? `${(100 * progress.done) / progress.total}%` : '100%' }}>
              {progress.total === null ? 'Starting…' : `${progress.done} / ${progress.total}`}
            </div>
          </div>
          <button type="button" className="btn btn-sm btn-outline-danger" data-testid="grid-cancel" onClick={cancel}>Cancel</button>
        </div>
      ) : null}
      {portfolio ? (
        <VendorGridTable type={type} entries={entries} columns={columns} cells={shownCells} metric={shownMetric}
          onHeader={onHeader} onCell={onCell} />
      ) : <p className="text-secondary">Choose a portfolio.</p>}
      {view ? <GridCashflowView key={`${view.kind}:${view.title}`} view={view} onClose={() => setView(null)} /> : null}
      {hiding ? (
        <HideScenariosModal columns={allColumns} hidden={hidden} onCancel={() => setHiding(false)}
          onOk={(next) => { setHidden(next); writeHidden(next); setHiding(false); }} />
      ) : null}
    </div>
  );
}

function blankCell(ordinal: number, column: ScenarioColumn): GridCell {
  return {
    OrdinalNumber: ordinal, ScenarioName: column.name, Vendor: column.vendor, UserCashflowLabel: column.cashflow ?? null, Missing: false, Error: null, Yield: null, YieldError: null,
    RateOnLine: null, LossOnLine: null, ReturnOnLine: null, CollateralLossesPct: null, Wal: null, WritedownPct: null, Spread: null, CurrentBalance: null,
  };
}
