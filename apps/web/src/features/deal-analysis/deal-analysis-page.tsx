/**
 * /deal_analysis?dealName&bondName&loss_severity&delinquency&libor&settle_dt (spec 000 §2, §4):
 * deal information and settings, assumptions, Run Scenario, capital structure, deal history and
 * the analysis results. A shared link adds cpr, cdr, collateral_group and prepay_convention.
 */
import { exportToday, userCashflowLabel, type DealDetail, type UserCollateralCashflow } from '@opencrt/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { DealCatalogPicker } from '../../components/deal-catalog-modal/deal-catalog-picker.tsx';
import { ScenarioPickerModal, type ChosenScenario } from '../../components/scenario-picker/scenario-picker.tsx';
import { DEFAULT_MODEL_STATE, modelInputProblems, modelRequestFields, type CreditModelState } from '../../components/credit-model/credit-models.ts';
import { rememberDeal } from '../../app/last-deal.ts';
import { useSession } from '../../app/session-context.tsx';
import { analysisPath } from '../../components/deal-catalog/catalog-groups.ts';
import { inputProblems, inputToYmd, isAgencyDeal, loadInputs, saveInputs, snapSettlement, toRequestRate, type AssumptionInputs } from '../../components/run-inputs/analysis-inputs.ts';
import { AssumptionsPanel } from '../../components/run-inputs/assumptions-panel.tsx';
import { LossTimingFieldset } from '../../components/run-inputs/loss-timing-inputs.tsx';
import { EMPTY_LOSS_TIMING, lossTimingFields, lossTimingInputProblem, type LossTimingInputs } from '../../components/run-inputs/loss-timing-model.ts';
import { TriggerStrip } from './trigger-strip.tsx';
import { CapitalStructure } from './capital-structure.tsx';
import { runSimulation, storeRunScenario, type SimulationResult } from '../../api/deal-analysis.api.ts';
import { HistoricalReportSection } from '../../components/reports/historical-report-section.tsx';
import { DealHistoryPanel } from '../../components/deal-info/deal-history-panel.tsx';
import { DealInfoPanel } from '../../components/deal-info/deal-info-panel.tsx';
import { hasSavedIndex, indexRateHint, isFloatingDeal, useIndexPrefill, ZERO_INDEX_NOTE } from '../../components/run-inputs/index-rate.ts';
import { ResultsPanel } from './results-panel.tsx';
import { TrancheSummary } from './tranche-summary.tsx';
import { MAX_PINNED_RUNS, type PinnedRun } from './compare-runs.ts';
import { summaryRows } from './tranche-summary-rows.ts';
import { CompareRunsPanel } from './compare-runs-panel.tsx';
import { IndexCurveInput } from '../../components/run-inputs/index-curve-input.tsx';
import { DEFAULT_INDEX_CURVE, indexCurveLabel, indexCurveOf, type IndexCurveState } from '../../components/run-inputs/index-curve.ts';
import type { ExportLines } from '../../components/cashflow-export/export-cashflows.ts';
import { runInputLines } from './run-input-lines.ts';
import { DealCharts, runModelLabel } from './deal-charts.tsx';
import { CollateralGroupSelect, PrepaymentConventionSelect } from '../../components/run-inputs/run-option-selects.tsx';
import { collateralGroupsOf, isAbsDeal, parseCollateralGroup, parseConvention, prepaymentLabel, type PrepaymentConvention } from '../../components/run-inputs/run-options.ts';
import { dealShareLink } from './share-link.ts';
import { formatElapsed, useRunTimer } from '../../components/run-inputs/run-timer.ts';
import { useKeptDealDetails } from '../../components/run-inputs/use-kept-deal-details.ts';
import { StochasticPanel } from '../../components/stochastic/stochastic-panel.tsx';
import { dealStochasticRequest } from '../../components/stochastic/stochastic-request.ts';

export function DealAnalysisPage() {
  const [query, setQuery] = useSearchParams();
  const navigate = useNavigate();
  const { api, session, hasRole } = useSession();
  const alerts = useAlerts();
  const dealName = query.get('dealName') ?? '';
  const agency = isAgencyDeal(dealName);
  const [settlement, setSettlement] = useState<number | null>(inputToYmd(query.get('settle_dt') ?? ''));
  const [inputs, setInputs] = useState<AssumptionInputs>(() => {
    const saved = loadInputs(agency);
    return {
      ...saved,
      // cpr and cdr in the query come from a shared link (the spec's query names the other three).
      cpr: query.get('cpr') ?? saved.cpr,
      cdr: query.get('cdr') ?? saved.cdr,
      lossSeverity: query.get('loss_severity') ?? saved.lossSeverity,
      delinquency: query.get('delinquency') ?? saved.delinquency,
      libor: query.get('libor') ?? saved.libor,
    };
  });
  const [options, setOptions] = useState({ cleanupCall: false, loanLevel: false });
  // The link's group is checked against the deal's groups once the details are in (null = All).
  const [groupText, setGroupText] = useState<string | null>(query.get('collateral_group'));
  const [convention, setConvention] = useState<PrepaymentConvention>(parseConvention(query.get('prepay_convention')));
  const [result, setResult] = useState<SimulationResult | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const [picker, setPicker] = useState(!dealName);
  const timer = useRunTimer();
  const [scenario, setScenario] = useState<ChosenScenario | null>(null);
  const [scenarioPicker, setScenarioPicker] = useState(false);
  // A saved user cashflow (from /cashflows) run as the collateral instead of the inputs.
  const [userCashflow, setUserCashflow] = useState<UserCollateralCashflow | null>(null);
  // A cashflow belongs to its deal: another deal starts without one.
  useEffect(() => { setUserCashflow(null); }, [dealName]);
  const [model, setModel] = useState<CreditModelState>(DEFAULT_MODEL_STATE);
  // Storing the run's vectors as a scenario: /deal_analysis only, with a model, not BELL (spec 000 §6).
  const [store, setStore] = useState({ on: false, name: '' });
  const [stored, setStored] = useState<string | null>(null);
  const [showMacr, setShowMacr] = useState(false);
  // The request and a short description of the run on screen: the summary's yields, breakevens
  // and run comparison use them (issue 18 #12, #13, #17).
  const [shownRun, setShownRun] = useState<{ body: Record<string, unknown>; label: string; inputs: ExportLines } | null>(null);
  // Runs pinned to compare side by side (issue 25 #8): client-side only, up to six, this deal's.
  const [pins, setPins] = useState<PinnedRun[]>([]);
  // The index: flat (the LIBOR / SOFR input), a vector or a forward curve, and a shift (issue 25 #1).
  const [indexCurve, setIndexCurve] = useState<IndexCurveState>(DEFAULT_INDEX_CURVE);
  const [detailTab, setDetailTab] = useState(query.get('bondName') ?? 'Collateral');

  // ACIS and CIRT deals have their own screens (spec 000 §2 catalog links): a link or a pick of one
  // here goes there instead of running it as a bond deal.
  const ownScreen = dealName ? analysisPath(dealName) : '/deal_analysis';
  const { details, shown } = useKeptDealDetails(api, dealName, settlement, !!dealName && ownScreen === '/deal_analysis');

  useEffect(() => {
    if (ownScreen !== '/deal_analysis') void navigate(`${ownScreen}?${new URLSearchParams({ dealName })}`, { replace: true });
  }, [ownScreen, dealName, navigate]);
  // Another deal: its results and the last run's time are not this deal's (issue 18 #7).
  const resetTimer = timer.reset;
  useEffect(() => { if (dealName) rememberDeal(dealName); setResult(null); setPins([]); resetTimer(); }, [dealName, resetTimer]);
  // Deal fetch failure: the error screen with status, reason and message (spec 000 §8). A failed
  // settlement-date change of a deal already on screen is an alert instead, and the date goes back
  // (spec 000 §8: 'Settlement date change failure: server message or the error's own text').
  useEffect(() => {
    if (!details.error) return;
    if (shown && settlement !== shown.settlement) {
      alerts.error(details.error);
      setSettlement(shown.settlement);
      return;
    }
    const status = (details.error as { status?: number }).status ?? 500;
    const msg = `Could not open deal: ${dealName}\n${messageOf(details.error)}`;
    void navigate(`/error?${new URLSearchParams({ status: String(status), reason: 'Deal could not be opened', msg })}`);
  }, [details.error, shown, settlement, alerts, dealName, navigate]);

  const deal: DealDetail | undefined = details.data ?? shown?.deal;
  // The index input starts at the deal's current rate unless a cookie or the link gives one.
  const markIndexEdited = useIndexPrefill(deal, query.has('libor') || hasSavedIndex('dealAnalysis.'),
    (libor) => setInputs((i) => ({ ...i, libor })));
  const [zeroIndexRun, setZeroIndexRun] = useState(false);
  // Recovery lag, and a cumulative loss with its timing by year in place of the CDR (issue 25 #6).
  const [lossTiming, setLossTiming] = useState<LossTimingInputs>(EMPTY_LOSS_TIMING);
  const effectiveSettlement = deal ? snapSettlement(settlement ?? deal.SettlementDate, deal.IssueDate) : null;
  const groups = deal ? collateralGroupsOf(deal) : [];
  const collateralGroup = parseCollateralGroup(groupText, groups);
  // The convention select is offered on ABS deals only; every other deal runs CPR, and so does a
  // saved scenario (its vectors are CPR by definition).
  const abs = !!deal && isAbsDeal(deal);
  const effectiveConvention: PrepaymentConvention = abs && !scenario ? convention : 'CPR';

  function chooseDeal(name: string) {
    setPicker(false);
    setResult(null);
    setSettlement(null);
    setGroupText(null);
    setConvention('CPR');
    setQuery({ dealName: name });
  }

  function changeSettlement(ymd: number | null) {
    // Changing the settlement date clears cashflows and reloads details (spec 000 §4).
    setResult(null);
    setSettlement(ymd && deal ? snapSettlement(ymd, deal.IssueDate) : ymd);
  }

  async function run() {
    if (!deal || effectiveSettlement === null) return;
    const modelChosen = model.model !== 'None' && !scenario && !userCashflow;
    const storing = modelChosen && store.on && !/^BELL/i.test(deal.DealName);
    const problem = scenario || userCashflow ? null
      : modelChosen ? (modelInputProblems(model) ?? (toRequestRate(inputs.libor, false) === null ? 'Missing valid: LIBOR / SOFR' : null))
        : inputProblems(inputs, agency, effectiveConvention) ?? (agency ? null : lossTimingInputProblem(lossTiming));
    const index = indexCurveOf(indexCurve, inputs.libor);
    if (!problem && storing && !store.name.trim()) { setRunError("Please provide the scenario's name"); return; }
    setRunError(problem ?? index.problem);
    // A refused run leaves no older results on screen that look like its answer (issue 18 #7).
    if (problem || index.problem) { setResult(null); return; }
    saveInputs(inputs, agency);
    timer.start();
    try {
      const body = {
        DealName: deal.DealName, SettlementDate: effectiveSettlement, RunLoanLevel: options.loanLevel, CleanupCall: options.cleanupCall,
        CollateralGroup: collateralGroup, ...modelRequestFields(scenario || userCashflow ? DEFAULT_MODEL_STATE : model),
        ...(abs ? { PrepaymentConvention: effectiveConvention } : {}),
        Cpr: toRequestRate(inputs.cpr, true), Cdr: agency ? [0, 0] : toRequestRate(inputs.cdr, true),
        LossSeverity: agency ? [0, 0] : toRequestRate(inputs.lossSeverity, false),
        Delinquency: agency ? [0, 0] : toRequestRate(inputs.delinquency, false), Libor: toRequestRate(inputs.libor, false),
        ...(agency ? {} : lossTimingFields(lossTiming)),
        // A curve replaces the flat index on the server; a flat index without a shift sends none.
        ...(index.curve ? { IndexCurve: index.curve } : {}),
      };
      setZeroIndexRun(isFloatingDeal(deal) && Number(inputs.libor) === 0);
      // A saved scenario's vectors replace the four inputs (the server loads them by id).
      // A credit model computes the four vectors itself.
      const modelBody = modelChosen ? { ...body, Cpr: undefined, Cdr: undefined, LossSeverity: undefined, Delinquency: undefined } : body;
      setStored(null);
      const noSpeeds = { Cpr: undefined, Cdr: undefined, LossSeverity: undefined, Delinquency: undefined };
      // A user cashflow runs as the collateral in place of the four inputs (spec 002 prerun).
      const sent = userCashflow ? { ...body, ...noSpeeds, UserCollateralCashflow: userCashflow }
        : storing || !scenario?.Id ? modelBody
          : { ...body, SelectedScenarioId: scenario.Id, ...noSpeeds };
      if (storing) {
        setResult(await storeRunScenario(api, store.name.trim(), modelBody));
        setStored(store.name.trim());
      } else {
        setResult(await runSimulation(api, sent));
      }
      const curveLabel = indexCurveLabel(index.curve);
      const lines = runInputLines({
        inputs, agency, settlement: effectiveSettlement, collateralGroup, convention: effectiveConvention,
        cleanupCall: options.cleanupCall, loanLevel: options.loanLevel, scenario: scenario?.ScenarioName ?? null, model: modelChosen ? model.model : null,
      });
      setShownRun({
        body: sent,
        label: [userCashflow ? `user cashflow ${userCashflowLabel(userCashflow)}` : scenario ? `scenario ${scenario.ScenarioName}` : modelChosen ? `model ${model.model}`
          : agency ? `CPR ${inputs.cpr}` : `CPR ${inputs.cpr}, CDR ${inputs.cdr}, severity ${inputs.lossSeverity}, delinquency ${inputs.delinquency}`,
        curveLabel ?? `index ${inputs.libor}%`].join(', '),
        // The curve (percent by month) joins the Inputs sheet when one was sent.
        inputs: index.curve ? { ...lines, lines: [...lines.lines, ['Index Curve', curveLabel], ['Index Curve (%)', index.curve.map((x) => Number((x * 100).toFixed(6))).join(' ')]] } : lines,
      });
      setRunError(null);
    } catch (e) {
      setResult(null);
      setRunError(messageOf(e));
    } finally {
      timer.stop();
    }
  }

  const exportHeader = {
    userName: session?.username ?? '', dealName: deal?.DealName ?? '', bondName: '', settlementDate: effectiveSettlement,
    runDate: exportToday(new Date()), runTime: formatElapsed(timer.elapsedMs), scenarioName: scenario?.ScenarioName ?? '', scenarioVendor: scenario?.Vendor ?? '',
  };
  // MACR classes get result tabs only while the capital structure shows them (issue 18 #9).
  const bondNames = deal?.Bonds.filter((b) => showMacr || !b.IsMACR).map((b) => b.BondName) ?? [];
  // The run on screen as Compare's last column (its summary figures; prices and breakevens are a pin's).
  const currentRun: PinnedRun | null = result && shownRun ? { id: 0, label: shownRun.label, rows: summaryRows(result.BondsCashflows, bondNames), figures: new Map() } : null;
  return (
    <div className="container-fluid" data-testid="deal-analysis">
      <ScenarioPickerModal show={scenarioPicker} dealName={dealName}
        onChoose={(s) => {
          // Choosing a scenario clears loan level, cleanup call and the results (spec 000 §4).
          // Its vectors replace the model's as well.
          setScenario(s); setUserCashflow(null); setScenarioPicker(false); setOptions({ cleanupCall: false, loanLevel: false }); setResult(null); setModel((m) => ({ ...m, model: 'None' }));
        }}
        onCancel={() => setScenarioPicker(false)} />
      <DealCatalogPicker show={picker} onSelect={chooseDeal} onClose={() => setPicker(false)} />
      {!dealName && <p className="text-secondary">Choose a deal from the catalog.</p>}
      {deal && effectiveSettlement !== null && (
        <>
          <DealInfoPanel deal={deal} settlement={effectiveSettlement} onSettlement={changeSettlement} onPickDeal={() => setPicker(true)}>
            <AssumptionsPanel
              inputs={inputs} onInputs={(next) => { if (next.libor !== inputs.libor) markIndexEdited(); setInputs(next); }}
              liborHint={indexRateHint(deal)} agency={agency} options={options} onOptions={setOptions}
              canLoanLevel={hasRole('LDM_User', 'AFT_User') && !/^BELL/i.test(deal.DealName)}
              running={timer.running} onRun={() => void run()} error={runError} roles={session?.roles ?? []}
              scenarioName={scenario?.ScenarioName ?? null} onPickScenario={() => setScenarioPicker(true)}
              onClearScenario={() => { setScenario(null); setResult(null); }}
              userCashflow={{
                dealName: deal.DealName, value: userCashflow,
                // Like a saved scenario: it clears the scenario, the model, loan level and the results.
                onChange: (c) => { setUserCashflow(c); setResult(null); if (c) { setScenario(null); setOptions({ ...options, loanLevel: false }); setModel((m) => ({ ...m, model: 'None' })); } },
              }}
              cprLabel={prepaymentLabel(effectiveConvention)}
              // Changing the credit model clears the selected scenario (spec 001 §4).
              model={model} onModel={(next) => { if (next.model !== model.model) { setScenario(null); setUserCashflow(null); setResult(null); } setModel(next); }}
              runOptions={(groups.length > 1 || abs) && <>
                {/* A different group or convention is a different run: the shown results go. */}
                {groups.length > 1 && <CollateralGroupSelect groups={groups} value={collateralGroup}
                  onChange={(g) => { setGroupText(g === null ? null : String(g)); setResult(null); }} />}
                {abs && <PrepaymentConventionSelect value={effectiveConvention} disabled={!!scenario} onChange={(c) => { setConvention(c); setResult(null); }} />}
              </>}
            />
            {model.model !== 'None' && !/^BELL/i.test(deal.DealName) && (
              <div className="d-flex align-items-center gap-2 small mt-2" data-testid="store-scenario">
                <label className="text-nowrap"><input type="checkbox" className="form-check-input me-1" data-testid="store-scenario-toggle" checked={store.on}
                  onChange={(e) => setStore({ ...store, on: e.target.checked })} />Store scenario</label>
                {store.on && <input className="form-control form-control-sm" placeholder="Scenario name" aria-label="Scenario name" data-testid="store-scenario-name"
                  maxLength={200} value={store.name} onChange={(e) => setStore({ ...store, name: e.target.value })} />}
              </div>
            )}
            {stored && <div className="alert alert-success py-1 px-2 small mt-2 mb-0" data-testid="stored-scenario">Scenario {stored} stored.</div>}
            <button type="button" className="btn btn-link btn-sm p-0 mt-2" data-testid="share-link"
              onClick={() => void navigator.clipboard?.writeText(dealShareLink(window.location.origin, {
                dealName: deal.DealName, settlement: effectiveSettlement, inputs, collateralGroup, convention: effectiveConvention,
              }))}>
              Copy link to this run
            </button>
            <IndexCurveInput value={indexCurve} onChange={setIndexCurve} />
            {!agency && <LossTimingFieldset value={lossTiming} onChange={setLossTiming} />}
            <div className="small text-secondary mt-2" data-testid="run-timer">
              {timer.running || timer.elapsedMs > 0 ? `Run time: ${formatElapsed(timer.elapsedMs)}` : ''}
              {result?.RunTime !== undefined && hasRole('Admin') ? ` (server ${Math.round(result.RunTime)} ms)` : ''}
            </div>
            {result && zeroIndexRun && <div className="alert alert-warning py-1 px-2 small mt-2 mb-0" data-testid="zero-index-note">{ZERO_INDEX_NOTE}</div>}
          </DealInfoPanel>
          <CapitalStructure dealName={deal.DealName} bonds={deal.Bonds} showMacr={showMacr} onShowMacr={setShowMacr} />
          <DealHistoryPanel dealName={deal.DealName} />
          <HistoricalReportSection kind="Deal" dealName={deal.DealName} />
          {result && shownRun && (
            <TrancheSummary api={api} result={result} runBody={shownRun.body} bondNames={bondNames} agency={agency}
              selected={detailTab} onSelect={setDetailTab} header={exportHeader} inputs={shownRun.inputs}
              pins={pins} onPins={setPins} runLabel={shownRun.label} />
          )}
          {!result && (
            // Before the first run (issue 36 #1): the pin is where it will be, and says why it waits.
            <div className="mt-3">
              <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="pin-run" disabled
                title="Run a scenario first: Pin run keeps a run's summary to compare with the runs after it">Pin run (0/{MAX_PINNED_RUNS})</button>
              <span className="small text-secondary ms-2" data-testid="pin-run-hint">Run a scenario first; a pinned run is compared with the runs after it.</span>
            </div>
          )}
          <CompareRunsPanel pins={pins} onPins={setPins} current={currentRun} />
          <StochasticPanel fileName={`${deal.DealName.replace(/[^\w.-]+/g, '_')}_stochastic.xlsx`}
            exportHeader={[['User', exportHeader.userName], ['Deal', deal.DealName], ['Settlement Date', effectiveSettlement, 'date'], ['Model', model.model]]}
            request={dealStochasticRequest({ dealName: deal.DealName, settlement: effectiveSettlement, loanLevel: options.loanLevel, collateralGroup, libor: inputs.libor, indexCurve, model })} />
          {result?.TriggerTimeline && <TriggerStrip timeline={result.TriggerTimeline} />}
          {result && <DealCharts result={result} bondNames={bondNames} agency={agency} model={runModelLabel(shownRun?.body)} />}
          {result && (
            <ResultsPanel
              tab={detailTab} onTab={setDetailTab}
              result={result}
              bondNames={bondNames}
              agency={agency}
              initialTab={query.get('bondName')}
              header={exportHeader}
            />
          )}
        </>
      )}
    </div>
  );
}
