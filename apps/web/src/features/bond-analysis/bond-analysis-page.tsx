/**
 * /bond_analysis?dealName&bondName (spec 001 §2.1, §4, §5.1, §9): deal and bond information, the
 * catalog check, Price/Yield/Spread tabs with Calculate and Run Matrix, matrix cells that rerun
 * their scenario, the bond's cashflows with export, and Bond History. The query also takes every
 * input (cpr, cdr, loss_severity, delinquency, libor, price, yield, spread, benchmark, tab,
 * settle_dt, prepay_convention, cleanup_call), so a copied link reproduces the run. ABS deals offer the ABS
 * prepayment convention for single runs; the matrix axes are always CPR.
 */
import { exportToday, type BondRunResponse, type MatrixResponse, type UserCollateralCashflow } from '@opencrt/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { logClientError } from '../../api/client.ts';
import { messageOf } from '../../api/errors.ts';
import { rememberDeal } from '../../app/last-deal.ts';
import { DEFAULT_MODEL_STATE, modelInputProblems, modelRequestFields, type CreditModelState } from '../../components/credit-model/credit-models.ts';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { downloadCashflows } from '../../components/cashflow-export/export-cashflows.ts';
import { CashflowTable } from '../../components/cashflow-table/cashflow-table.tsx';
import { creditModelLabel, ModelVectorsChart } from '../../components/model-vectors/model-vectors-chart.tsx';
import { BondCharts } from './bond-charts.tsx';
import { spreadInBp } from './spread-bp.ts';
import { DealCatalogPicker } from '../../components/deal-catalog-modal/deal-catalog-picker.tsx';
import { ScenarioPickerModal, type ChosenScenario } from '../../components/scenario-picker/scenario-picker.tsx';
import { useDealCatalog } from '../../components/deal-catalog/use-deal-catalog.ts';
import { analysisPath } from '../../components/deal-catalog/catalog-groups.ts';
import { inputToYmd, isAgencyDeal, toRequestRate } from '../../components/run-inputs/analysis-inputs.ts';
import { hasSavedIndex, indexRateHint, isFloatingDeal, useIndexPrefill, ZERO_INDEX_NOTE } from '../../components/run-inputs/index-rate.ts';
import { isAbsDeal, parseConvention, type PrepaymentConvention } from '../../components/run-inputs/run-options.ts';
import { BOND_COLUMNS, exportColumns } from '../../components/run-inputs/result-columns.ts';
import { formatElapsed } from '../../components/run-inputs/run-timer.ts';
import { runBond, runMatrix } from './bond-analysis.api.ts';
import { HistoricalReportSection } from '../../components/reports/historical-report-section.tsx';
import { BondHistoryPanel } from './bond-history-panel.tsx';
import { BondInfoPanel } from '../../components/deal-info/bond-info-panel.tsx';
import { defaultBondName, formatMetric, loadBondInputs, loadCleanupCall, matrixProblem, quoteFields, saveBondInputs, saveCleanupCall, scenarioProblem, SILENT_ERRORS, tabFromQuery, tabProblem, type BondInputs, type PricingTab } from './bond-inputs.ts';
import { PricingPanel } from './pricing-panel.tsx';
import { BondBreakevenPanel } from './bond-breakeven-panel.tsx';
import { LossTimingFieldset } from '../../components/run-inputs/loss-timing-inputs.tsx';
import { EMPTY_LOSS_TIMING, lossTimingFields, lossTimingInputProblem, type LossTimingInputs } from '../../components/run-inputs/loss-timing-model.ts';
import { YieldTablePanel } from './yield-table-panel.tsx';
import { IndexCurveInput } from '../../components/run-inputs/index-curve-input.tsx';
import { downloadBondWorkbook } from './bond-workbook.ts';
import { DEFAULT_INDEX_CURVE, indexCurveOf, type IndexCurveState } from '../../components/run-inputs/index-curve.ts';
import { shareLink } from './share-link.ts';
import { useKeptDealDetails } from '../../components/run-inputs/use-kept-deal-details.ts';
import { BondToolTabs, showPanel, type BondTool } from './bond-tool-tabs.tsx';
import { StochasticPanel } from '../../components/stochastic/stochastic-panel.tsx';
import { dealStochasticRequest } from '../../components/stochastic/stochastic-request.ts';

/** The panel each panel tool brings into view. */
const PANEL_OF = { 'yield-table': 'yield-table-panel', breakevens: 'bond-breakeven', stochastic: 'stochastic-panel' } as const;

const QUERY_INPUTS: [keyof BondInputs, string][] = [
  ['cpr', 'cpr'], ['cdr', 'cdr'], ['lossSeverity', 'loss_severity'], ['delinquency', 'delinquency'], ['libor', 'libor'],
  ['price', 'price'], ['yield', 'yield'], ['spread', 'spread'], ['benchmark', 'benchmark'], ['dm', 'dm'], ['priceFrom', 'price_from'],
];

export function BondAnalysisPage() {
  const [query, setQuery] = useSearchParams();
  const { api, session, hasRole } = useSession();
  const alerts = useAlerts();
  const dealName = query.get('dealName') ?? '';
  const agency = isAgencyDeal(dealName);
  const catalog = useDealCatalog();
  // The catalog check (spec 001 §4): a catalog deal of a type this screen handles (not ACIS or CIRT,
  // which have their own screens, spec 001 §2.1).
  const known = analysisPath(dealName) === '/deal_analysis' && !!catalog.data?.some((d) => d.DealName === dealName);
  const navigate = useNavigate();
  const [picker, setPicker] = useState(false);
  const [settlement, setSettlement] = useState<number | null>(inputToYmd(query.get('settle_dt') ?? ''));
  const [inputs, setInputs] = useState<BondInputs>(() => {
    const saved = loadBondInputs(agency);
    for (const [key, param] of QUERY_INPUTS) { const v = query.get(param); if (v !== null) saved[key] = v; }
    return saved;
  });
  // The Price tab is active unless the query has price (then Yield), or names a tab.
  const [tab, setTab] = useState<PricingTab>(() => tabFromQuery(query.get('tab'), query.has('price')));
  // A panel tool (Yield table, Breakevens) chosen in the tool tabs; null while a pricing tool is shown.
  const [panelTool, setPanelTool] = useState<BondTool | null>(null);
  const [loanLevel, setLoanLevel] = useState(false);
  const [cleanupCall, setCleanupCall] = useState(() => loadCleanupCall(query.get('cleanup_call')));
  const [single, setSingle] = useState<BondRunResponse | null>(null);
  // The request of the run on screen: its workbook's index vector and quote (issue 25 #9).
  const [singleBody, setSingleBody] = useState<Record<string, unknown>>({});
  const [matrix, setMatrix] = useState<MatrixResponse | null>(null);
  const [cell, setCell] = useState<{ cpr: number; cdr: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [runMs, setRunMs] = useState(0);
  const [scenario, setScenario] = useState<ChosenScenario | null>(null);
  const [model, setModel] = useState<CreditModelState>(DEFAULT_MODEL_STATE);
  // The index: flat (the LIBOR / SOFR input), a vector or a forward curve, and a shift (issue 25 #1).
  const [indexCurve, setIndexCurve] = useState<IndexCurveState>(DEFAULT_INDEX_CURVE);
  const index = indexCurveOf(indexCurve, inputs.libor);
  // A curve replaces the flat index on the server (runs, matrices, yield table, breakevens); a flat index without a shift sends none.
  const curveField = index.curve ? { IndexCurve: index.curve } : {};
  const [scenarioPicker, setScenarioPicker] = useState(false);
  // A saved user cashflow (from /cashflows) run as the collateral instead of the inputs (spec 002 prerun).
  const [userCashflow, setUserCashflow] = useState<UserCollateralCashflow | null>(null);
  useEffect(() => { setUserCashflow(null); }, [dealName]);
  const [convention, setConvention] = useState<PrepaymentConvention>(parseConvention(query.get('prepay_convention')));

  // Catalog check: an unknown deal opens the catalog modal (spec 001 §4).
  useEffect(() => { if (catalog.isSuccess && !known) setPicker(true); }, [catalog.isSuccess, known]);
  useEffect(() => { if (known) rememberDeal(dealName); }, [known, dealName]);

  const { details, shown } = useKeptDealDetails(api, dealName, settlement, known);
  useEffect(() => {
    if (!details.error) return;
    alerts.error(details.error);
    if (shown && settlement !== shown.settlement) setSettlement(shown.settlement);
  }, [details.error, shown, settlement, alerts]);
  const deal = details.data ?? shown?.deal;
  // The SOFR input starts at the deal's current index rate unless a cookie or the link gives one.
  const markIndexEdited = useIndexPrefill(deal, query.has('libor') || hasSavedIndex('bondAnalysis.'),
    (libor) => setInputs((i) => ({ ...i, libor })));
  const [zeroIndexRun, setZeroIndexRun] = useState(false);
  // Recovery lag, and a cumulative loss with its timing by year in place of the CDR (issue 25 #6).
  const [lossTiming, setLossTiming] = useState<LossTimingInputs>(EMPTY_LOSS_TIMING);
  const bonds = useMemo(() => deal?.Bonds ?? [], [deal]);
  const bondName = query.get('bondName') && bonds.some((b) => b.BondName === query.get('bondName')) ? query.get('bondName') ?? '' : defaultBondName(bonds);
  const bond = bonds.find((b) => b.BondName === bondName) ?? null;
  // A floating class can be priced from its discount margin (issue 25 #2); any other prices from yield or spread.
  const floating = !!bond?.FloaterFormula || !!single?.DiscountMargin;
  const quoteInputs: BondInputs = floating ? inputs : { ...inputs, priceFrom: 'yield' };
  const effectiveSettlement = deal ? Math.max(settlement ?? deal.SettlementDate, deal.IssueDate) : null;
  // ABS deals only; a saved scenario's vectors are CPR by definition.
  const abs = !!deal && isAbsDeal(deal);
  const effectiveConvention: PrepaymentConvention = abs && !scenario ? convention : 'CPR';

  function clearResults() { setSingle(null); setMatrix(null); setCell(null); setError(null); }
  function setParam(changes: Record<string, string>) {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setQuery(next, { replace: true });
  }

  /** The request; cpr/cdr given = a matrix axis point, always annual CPR like the matrix cells. */
  function scenarioBody(cpr?: string, cdr?: string): Record<string, unknown> {
    return { ...assumptionsBody(cpr, cdr), CleanupCall: cleanupCall, ...curveField };
  }
  function assumptionsBody(cpr?: string, cdr?: string): Record<string, unknown> {
    const conventionField = abs ? { PrepaymentConvention: cpr === undefined ? effectiveConvention : 'CPR' } : {};
    if (userCashflow && !cpr) {
      return {
        DealName: dealName, BondName: bondName, SettlementDate: effectiveSettlement, PrepaymentModel: 'UserDefined', CollateralGroup: null,
        UserCollateralCashflow: userCashflow, Libor: toRequestRate(inputs.libor, false), RunLoanLevel: false, ...quoteFields(tab, quoteInputs), ...conventionField,
      };
    }
    // A saved scenario's vectors replace the four inputs (the server loads them by id).
    if (scenario?.Id && !cpr) {
      return {
        DealName: dealName, BondName: bondName, SettlementDate: effectiveSettlement, PrepaymentModel: 'UserDefined', CollateralGroup: null,
        SelectedScenarioId: scenario.Id, Libor: toRequestRate(inputs.libor, false), RunLoanLevel: loanLevel, ...quoteFields(tab, quoteInputs), ...conventionField,
      };
    }
    // A credit model computes the four vectors (a clicked matrix cell is a plain CPR/CDR run).
    if (model.model !== 'None' && cpr === undefined) {
      return {
        DealName: dealName, BondName: bondName, SettlementDate: effectiveSettlement, CollateralGroup: null, ...modelRequestFields(model),
        Libor: toRequestRate(inputs.libor, false), RunLoanLevel: loanLevel, ...quoteFields(tab, quoteInputs), ...conventionField,
      };
    }
    return {
      DealName: dealName, BondName: bondName, SettlementDate: effectiveSettlement, PrepaymentModel: 'UserDefined', CollateralGroup: null,
      Cpr: toRequestRate(cpr ?? inputs.cpr, true), Cdr: agency ? [0, 0] : toRequestRate(cdr ?? inputs.cdr, true),
      LossSeverity: agency ? [0, 0] : toRequestRate(inputs.lossSeverity, false), Delinquency: agency ? [0, 0] : toRequestRate(inputs.delinquency, false),
      Libor: toRequestRate(inputs.libor, false), RunLoanLevel: loanLevel, ...quoteFields(tab, quoteInputs), ...conventionField,
      ...(agency ? {} : lossTimingFields(lossTiming)),
    };
  }

  async function calculate(at?: { cpr: number; cdr: number }) {
    const replaced = !!scenario || !!userCashflow;
    const problem = tabProblem(tab, quoteInputs) ?? (model.model !== 'None' && !at && !replaced
      ? modelInputProblems(model) : scenarioProblem(inputs, agency, !!at || replaced, effectiveConvention)) ?? index.problem;
    setError(problem);
    // A refused run leaves no older results on screen that look like its answer (issue 18 #7).
    if (problem) { setSingle(null); setCell(null); }
    if (problem || !deal) return;
    const timingProblem = agency ? null : lossTimingInputProblem(lossTiming);
    if (timingProblem) { setError(timingProblem); setSingle(null); return; }
    saveBondInputs(inputs, agency);
    saveCleanupCall(cleanupCall);
    setZeroIndexRun(isFloatingDeal(deal) && Number(inputs.libor) === 0);
    setBusy(true);
    setSingle(null);
    const started = performance.now();
    try {
      const sentBody = scenarioBody(at ? String(at.cpr) : undefined, at ? String(at.cdr) : undefined);
      const result = await runBond(api, tab, sentBody, loanLevel);
      setSingle(result);
      setSingleBody(sentBody);
      setCell(at ?? null);
    } catch (e) {
      // Shown once, under the buttons (issue 23 #4: it also came as an alert); still logged.
      setError(messageOf(e));
      void logClientError(messageOf(e), e instanceof Error ? e.stack : undefined);
    } finally {
      setRunMs(performance.now() - started);
      setBusy(false);
    }
  }

  async function matrixRun() {
    const problem = tabProblem(tab, quoteInputs) ?? matrixProblem(inputs, agency, !!scenario) ?? index.problem;
    setError(problem);
    if (problem) { setMatrix(null); setCell(null); }
    if (problem || !deal) return;
    saveBondInputs(inputs, agency);
    saveCleanupCall(cleanupCall);
    setBusy(true);
    try {
      // With a saved scenario the server answers 'Not supported scenario type.' (spec 000 §5).
      // With a user cashflow it answers 'Matrix does not support prerun cashflows.'.
      setMatrix(await runMatrix(api, tab, scenario?.Id || userCashflow ? { ...scenarioBody(), Cpr: 0, Cdr: 0 } : scenarioBody('0', '0'), loanLevel));
    } catch (e) {
      // A matrix failure resets the matrices (spec 001 §4).
      setMatrix(null);
      setError(messageOf(e));
      void logClientError(messageOf(e), e instanceof Error ? e.stack : undefined);
    } finally {
      setBusy(false);
    }
  }

  const result = single?.Simulation.BondsCashflows[0] ?? null;
  const message = single && !single.IsSuccessful && single.ErrorMessage && !SILENT_ERRORS.has(single.ErrorMessage) ? single.ErrorMessage : null;
  const header = {
    userName: session?.username ?? '', dealName, bondName, settlementDate: effectiveSettlement,
    runDate: exportToday(new Date()), runTime: formatElapsed(runMs), scenarioName: cell ? `CPR ${cell.cpr} CDR ${cell.cdr}` : scenario?.ScenarioName ?? '', scenarioVendor: cell ? '' : scenario?.Vendor ?? '',
  };

  return (
    <div className="container-fluid" data-testid="bond-analysis">
      <DealCatalogPicker show={picker} onClose={() => setPicker(false)} onSelect={(name) => {
        setPicker(false); clearResults(); setSettlement(null); setConvention('CPR');
        const path = analysisPath(name);
        if (path === '/deal_analysis') setQuery({ dealName: name });
        else void navigate(`${path}?${new URLSearchParams({ dealName: name })}`);
      }} />
      <ScenarioPickerModal show={scenarioPicker} dealName={dealName}
        onChoose={(s) => { setScenario(s); setUserCashflow(null); setScenarioPicker(false); clearResults(); }} onCancel={() => setScenarioPicker(false)} />
      {!known && catalog.isSuccess && <p className="text-secondary" data-testid="choose-deal">Choose a deal from the catalog.</p>}
      {deal && bond && effectiveSettlement !== null && (
        <>
          <BondInfoPanel
            deal={deal} bond={bond} bonds={bonds} settlement={effectiveSettlement} onPickDeal={() => setPicker(true)}
            onBond={(name) => { clearResults(); setParam({ bondName: name }); }}
            onSettlement={(ymd) => { clearResults(); setSettlement(ymd); }}
            canLoanLevel={hasRole('LDM_User', 'AFT_User') && !/^BELL/i.test(deal.DealName)} loanLevel={loanLevel}
            onLoanLevel={(v) => { clearResults(); setLoanLevel(v); }}
          />
          <BondToolTabs tool={panelTool ?? tab} hidden={agency ? ['breakevens', 'stochastic'] : []}
            onTool={(t) => {
              if (t === 'yield-table' || t === 'breakevens' || t === 'stochastic') { setPanelTool(t); showPanel(PANEL_OF[t]); return; }
              setPanelTool(null); setTab(t); clearResults();
            }} />
          <PricingPanel
            model={model} onModel={(next) => { if (next.model !== model.model) { setScenario(null); setUserCashflow(null); clearResults(); } setModel(next); }}
            tab={tab} inputs={inputs} onInputs={(next) => { if (next.libor !== inputs.libor) markIndexEdited(); setInputs(next); }}
            discountMargin={single?.DiscountMargin ?? null} floating={floating} prices={single}
            indexHint={indexRateHint(deal)} zeroIndexNote={single && zeroIndexRun ? ZERO_INDEX_NOTE : null} isAgency={agency} busy={busy}
            convention={abs ? effectiveConvention : null} onConvention={(c) => { setConvention(c); clearResults(); }}
            cleanupCall={cleanupCall} onCleanupCall={(on) => { setCleanupCall(on); clearResults(); }}
            onCalculate={() => void calculate()} onMatrix={() => void matrixRun()} error={error}
            resultText={formatMetric(tab, single?.Value)} resultMessage={message} resultBp={tab === 'spread' ? spreadInBp(single?.Value) : null}
            wal={result?.PrincipalWindow ? result.Wal : null} writedownPct={result?.WritedownPct ?? null} window={result?.PrincipalWindow ?? null}
            matrix={matrix} selectedCell={cell}
            // The inputs follow the clicked cell, so what the screen shows is what ran (issue 18 #2).
            onCell={(c) => { setInputs((i) => ({ ...i, cpr: String(c.cpr), cdr: String(c.cdr) })); void calculate(c); }}
            roles={session?.roles ?? []}
            scenarioName={scenario?.ScenarioName ?? null} onPickScenario={() => setScenarioPicker(true)}
            onClearScenario={() => { setScenario(null); clearResults(); }}
            userCashflow={{
              dealName: deal.DealName, value: userCashflow,
              onChange: (c) => { setUserCashflow(c); clearResults(); if (c) { setScenario(null); setLoanLevel(false); setModel((m) => ({ ...m, model: 'None' })); } },
            }}
            runTimeMs={hasRole('Admin') ? (single?.RunTime ?? matrix?.RunTime ?? null) : null}
          />
          <section className="crt-panel mt-2" data-testid="bond-index-curve">
            <h3 className="h6 mb-0">Index curve</h3>
            <IndexCurveInput value={indexCurve} onChange={(next) => { setIndexCurve(next); clearResults(); }} />
          </section>
          {!agency && (
            <section className="crt-panel mt-2">
              <LossTimingFieldset value={lossTiming} onChange={(next) => { setLossTiming(next); clearResults(); }} testIdPrefix="bond-loss-timing" heading="Loss timing" />
            </section>
          )}
          <YieldTablePanel
            key={`yield-table|${dealName}|${bondName}`} api={api} dealName={dealName} bondName={bondName} floating={floating} settlement={effectiveSettlement}
            current={{ cpr: inputs.cpr, cdr: inputs.cdr, lossSeverity: inputs.lossSeverity, delinquency: inputs.delinquency }}
            baseBody={() => ({
              DealName: dealName, BondName: bondName, SettlementDate: effectiveSettlement, PrepaymentModel: 'UserDefined', CollateralGroup: null,
              Libor: toRequestRate(inputs.libor, false), RunLoanLevel: loanLevel, CleanupCall: cleanupCall, ...(abs ? { PrepaymentConvention: effectiveConvention } : {}),
              ...curveField,
            })}
          />
          {!agency && <BondBreakevenPanel key={`breakeven|${dealName}|${bondName}`} api={api} bondName={bondName} scenarioBody={() => scenarioBody()} />}
          {!agency && (
            // Every class of the deal over the paths, the bond's row marked and its histogram first (issue 35 #4).
            <StochasticPanel key={`stochastic|${dealName}`} defaultClass={bondName} fileName={`${dealName.replace(/[^\w.-]+/g, '_')}_${bondName}_stochastic.xlsx`}
              exportHeader={[['User', header.userName], ['Deal', dealName], ['Bond', bondName], ['Settlement Date', effectiveSettlement, 'date'], ['Model', model.model]]}
              request={dealStochasticRequest({ dealName, settlement: effectiveSettlement, loanLevel, collateralGroup: null, libor: inputs.libor, indexCurve, model })} />
          )}
          <div className="d-flex gap-2 mt-2">
            <button type="button" className="btn btn-sm btn-outline-success" data-testid="export-cashflow" disabled={!result}
              onClick={() => { if (result) void downloadCashflows(header, [{ name: bondName, rows: result.BondCashflow, columns: exportColumns(BOND_COLUMNS) }]).catch((e: unknown) => alerts.error(e)); }}>
              Export Cashflow to Excel
            </button>
            <button type="button" className="btn btn-sm btn-outline-success" data-testid="export-bond-workbook" disabled={!single || !result}
              title="One XLSX: the result as shown (price, yield, DM, accrued), the run's per-period vectors and the cashflows"
              onClick={() => { if (single) void downloadBondWorkbook(header, single, tab, singleBody, agency).catch((e: unknown) => alerts.error(e)); }}>
              Export workbook
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="share-link"
              onClick={() => { void navigator.clipboard?.writeText(shareLink(window.location.origin, { dealName, bondName, tab, settlement: effectiveSettlement, inputs, convention: effectiveConvention, cleanupCall })); alerts.show('info', 'Link copied'); }}>
              Copy link to this run
            </button>
          </div>
          {/* The model's vectors (a scenario, a user cashflow or a matrix cell runs without it). */}
          {result && <ModelVectorsChart rows={result.BondCashflow} model={creditModelLabel(cell || scenario || userCashflow ? null : model.model)} agency={agency} />}
          {result && <div className="mt-2"><CashflowTable rows={result.BondCashflow} columns={BOND_COLUMNS} testId="bond-cashflow-table" /></div>}
          {result && <BondCharts rows={result.BondCashflow} agency={agency} />}
          <BondHistoryPanel key={`${dealName}|${bondName}`} dealName={dealName} bondName={bondName} />
          <HistoricalReportSection kind="Bond" dealName={dealName} />
        </>
      )}
    </div>
  );
}
