/**
 * /acis_analysis?dealName&bondName (spec 001 §2.2, §2.4, §4): the catalog check, deal information
 * and settings (the settlement date reloads the deal and clears the results), assumptions with
 * the saved-scenario picker, ACIS settings, Early Call Option when the deal has a cancellation
 * date, the ACIS structure (click a bond to choose it; per-bond Owned Face Amt and Margin),
 * Run Scenario, Run Matrix and Run All Bonds Scenario, the four result tabs, the cashflow with
 * Show Trigger Info and export, per-bond tabs after an all-bonds run, and the create-portfolio
 * option.
 */
import type { AcisResponse, ReinsuranceMatrixResponse } from '@opencrt/contracts';
import type { TriggerRow } from '@opencrt/engine';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { DealCatalogPicker } from '../../components/deal-catalog-modal/deal-catalog-picker.tsx';
import { creditModelLabel, ModelVectorsChart } from '../../components/model-vectors/model-vectors-chart.tsx';
import { formatDollars } from '../../components/format/catalog-format.ts';
import { DealInfoPanel } from '../../components/deal-info/deal-info-panel.tsx';
import { DealEditorLinks } from '../../components/deal-info/deal-editor-links.tsx';
import { AcisStructureTable, balanceAt } from './acis-structure-table.tsx';
import { allBondsRuns, entryOf, withPortfolioDefaults, type BondEntries } from './bond-entries.ts';
import { CreatePortfolioPanel } from './create-portfolio-panel.tsx';
import { hasNoPeriods } from '../../components/reinsurance/early-call.ts';
import { ReinsuranceControls } from '../../components/reinsurance/reinsurance-controls.tsx';
import { exportInsurance, triggerSheet } from '../../components/reinsurance/reinsurance-panels.tsx';
import { ReinsuranceResults, type SingleResult } from '../../components/reinsurance/reinsurance-results.tsx';
import { fetchAcisStructure, runAcis, runAcisMatrix } from '../../components/reinsurance/reinsurance.api.ts';
import { useReinsuranceScreen } from '../../components/reinsurance/use-reinsurance-screen.ts';
import { StochasticPanel } from '../../components/stochastic/stochastic-panel.tsx';

/** The summary and tab values of an ACIS answer. */
export function acisSingle(r: AcisResponse): SingleResult {
  return {
    rows: r.AcisCashflow, yieldValue: r.Yield.Value, yieldMessage: r.Yield.ErrorMessage,
    rateOnLine: r.LineMetrics.RateOnLine, lossOnLine: r.LineMetrics.LossOnLine, returnOnLine: r.LineMetrics.ReturnOnLine,
    summary: [
      ['WAL', r.Wal.toFixed(2)], ['Reduction Window', r.ReductionInLiabilityWindow || '-'], ['Insurer Paid Losses', formatDollars(r.InsurerPaidLosses)],
      ['First Loss Period', r.FirstLossPeriod === null ? '-' : String(r.FirstLossPeriod)], ['Premium', formatDollars(r.AcisCashflowTotals.InsurancePremium)],
      ['Net Cashflow', formatDollars(r.AcisCashflowTotals.NetInsuranceCashflow)],
    ],
  };
}

/** The STACR deal tests of an ACIS run (MiscVariables.Triggers of the underlying STACR run). */
const triggersOf = (r: AcisResponse | null): TriggerRow[] => (Array.isArray(r?.MiscVariables.Triggers) ? (r.MiscVariables.Triggers as TriggerRow[]) : []);

export function AcisAnalysisPage() {
  const [query, setQuery] = useSearchParams();
  const alerts = useAlerts();
  const dealName = query.get('dealName') ?? '';
  const s = useReinsuranceScreen('acis', dealName);
  const structure = useQuery({ queryKey: ['acis-structure', dealName], queryFn: () => fetchAcisStructure(s.api, dealName), enabled: s.known, meta: { silent: true } });
  const bonds = structure.data?.Bonds ?? [];
  const queryBond = query.get('bondName');
  // Without a bond in the query: the first bond with a balance at the settlement date.
  const bondName = queryBond && bonds.some((b) => b.AcisBondName === queryBond)
    ? queryBond
    : bonds.find((b) => balanceAt(b, s.deal?.Bonds ?? []).current > 0)?.AcisBondName ?? queryBond ?? bonds[0]?.AcisBondName ?? '';
  const [results, setResults] = useState<Record<string, AcisResponse>>({});
  const [shown, setShown] = useState<string | null>(null);
  const [matrix, setMatrix] = useState<ReinsuranceMatrixResponse | null>(null);
  const [selected, setSelected] = useState<{ cpr: number; cdr: number } | null>(null);
  const [entries, setEntries] = useState<BondEntries>({});
  const [portfolioOpen, setPortfolioOpen] = useState(false);
  const [showTriggers, setShowTriggers] = useState(false);

  function clearResults() { setResults({}); setShown(null); setMatrix(null); setSelected(null); }
  useEffect(() => { clearResults(); setEntries({}); setPortfolioOpen(false); }, [dealName]);

  const runOne = (over: Record<string, unknown> = {}) => s.guarded(async () => {
    setResults({});
    setShown(null);
    setResults({ [bondName]: await runAcis(s.api, s.requestBody({ BondName: bondName, ...over })) });
  }, { onFailure: () => { setResults({}); setShown(null); } });
  /**
   * Run All Bonds Scenario: each bond with an Owned Face Amt in the structure table runs with its
   * own amount (the limit) and Margin (collateral); the interest rate is the ACIS settings'.
   * A bond that fails is named and the others still show.
   */
  async function runAll() {
    const picked = allBondsRuns(bonds, entries);
    if ('problem' in picked) { s.setError(picked.problem); return; }
    const failures: string[] = [];
    await s.guarded(async () => {
      clearResults();
      const out: Record<string, AcisResponse> = {};
      for (const r of picked.runs) {
        try {
          out[r.bond] = await runAcis(s.api, s.requestBody({ BondName: r.bond, OwnedFaceAmt: r.OwnedFaceAmt, Margin: r.Margin }));
        } catch (e) { failures.push(`${r.bond}: ${messageOf(e)}`); }
      }
      setResults(out);
      if (failures.length) throw new Error(failures.join('\n'));
    }, { checkSettings: false });
  }
  const runGrid = () => s.guarded(async () => {
    setMatrix(null);
    setSelected(null);
    setMatrix(await runAcisMatrix(s.api, s.requestBody({ BondName: bondName })));
  }, { onFailure: () => setMatrix(null) });

  const current = results[shown ?? ''] ?? results[bondName] ?? Object.values(results)[0] ?? null;
  const currentName = Object.keys(results).find((k) => results[k] === current) ?? bondName;
  const triggers = triggersOf(current);
  const deal = s.deal;
  const portfolioRows = bonds.map((b) => ({ bond: b.AcisBondName, ...entryOf(entries, b.AcisBondName) }));

  async function exportCashflows(all: boolean) {
    try {
      if (all) await exportInsurance(s.exportHeader('All'), Object.entries(results).map(([name, r]) => ({ name, rows: r.AcisCashflow })));
      else if (current) await exportInsurance(s.exportHeader(currentName), [{ name: currentName, rows: current.AcisCashflow }], showTriggers ? [triggerSheet(triggers)] : []);
    } catch (e) { alerts.error(e); }
  }

  return (
    <div className="container-fluid" data-testid="acis-analysis">
      <DealCatalogPicker show={s.catalogOpen} title="Choose an ACIS deal"
        onSelect={(n) => { s.setCatalogOpen(false); s.setSettlement(null); setQuery({ dealName: n }); }} onClose={() => s.setCatalogOpen(false)} />
      {!s.known && <p className="text-secondary" data-testid="choose-deal">Choose an ACIS deal from the catalog.</p>}
      {s.known && deal && s.effectiveSettlement !== null && (
        <>
          <DealInfoPanel helpSlug="credit-model" deal={deal} settlement={s.effectiveSettlement} onPickDeal={() => s.setCatalogOpen(true)} title="ACIS Analysis" showOptionalCancellation activityMonthEnd
            onSettlement={(ymd) => { clearResults(); s.setSettlement(ymd); }}>
            <DealEditorLinks deal={deal} dealType="STACR_ACIS" />
            <ReinsuranceControls screen={s} title="ACIS Settings" cancelLabel="Early Call Option" showCancel={s.optionalCancellation !== null}
              scenarioDeals={structure.data ? [dealName, structure.data.StacrDealName] : [dealName]}
              onRun={() => void runOne()} onClearResults={clearResults}>
              <button type="button" className="btn btn-outline-primary btn-sm" data-testid="run-matrix" disabled={s.running} onClick={() => void runGrid()}>Run Matrix</button>
              <button type="button" className="btn btn-outline-primary btn-sm" data-testid="run-all" disabled={s.running} onClick={() => void runAll()}>Run All Bonds Scenario</button>
            </ReinsuranceControls>
          </DealInfoPanel>
          <AcisStructureTable structure={structure.data} failed={!!structure.error} datedBonds={deal.Bonds} selected={bondName}
            onSelect={(b) => { if (b !== bondName) { clearResults(); setQuery({ dealName, bondName: b }); } }}
            entries={entries} onEntry={(b, e) => setEntries((all) => ({ ...all, [b]: e }))}>
            <CreatePortfolioPanel api={s.api} dealName={dealName} rows={portfolioRows} open={portfolioOpen}
              onOpen={(on) => { setPortfolioOpen(on); if (on) setEntries((all) => withPortfolioDefaults(bonds, all)); }} />
          </AcisStructureTable>
          {Object.keys(results).length > 1 && (
            <ul className="nav nav-pills small mt-3" data-testid="bond-tabs">
              {Object.keys(results).map((b) => (
                <li className="nav-item" key={b}>
                  <button type="button" className={`nav-link ${current === results[b] ? 'active' : ''}`} data-testid={`bond-tab-${b}`} onClick={() => setShown(b)}>{b}</button>
                </li>
              ))}
            </ul>
          )}
          {current && <ModelVectorsChart rows={current.AcisCashflow} model={creditModelLabel(s.model.model)} />}
          {(current || matrix) && (
            <ReinsuranceResults single={current ? acisSingle(current) : null} matrix={matrix} selected={selected} testId="acis-results" settlement={s.effectiveSettlement} callNote={s.callNote}
              triggers={{ show: showTriggers, onShow: setShowTriggers, rows: triggers }}
              onCell={(c) => { setSelected(c); s.setInputs({ ...s.inputs, cpr: String(c.cpr), cdr: String(c.cdr) }); void runOne({ SelectedScenarioId: null, Cpr: [0, c.cpr / 100], Cdr: [0, c.cdr / 100] }); }} />
          )}
          {current && !hasNoPeriods(current.AcisCashflow) && (
            <div className="d-flex gap-2 mt-2">
              <button type="button" className="btn btn-sm btn-outline-success" data-testid="export-cashflow" onClick={() => void exportCashflows(false)}>Export Cashflow to Excel</button>
              {Object.keys(results).length > 1 && (
                <button type="button" className="btn btn-sm btn-outline-success" data-testid="export-all" onClick={() => void exportCashflows(true)}>Export All Bonds Cashflow to Excel</button>
              )}
            </div>
          )}
          {/* The chosen bond's layer over seeded economic paths (issue 35 #4). */}
          <StochasticPanel key={`stochastic|${dealName}|${bondName}`} fileName={`${dealName.replace(/[^\w.-]+/g, '_')}_${bondName}_stochastic.xlsx`}
            exportHeader={[['User', s.exportHeader(bondName).userName], ['Deal', dealName], ['Bond', bondName], ['Settlement Date', s.effectiveSettlement, 'date'], ['Model', s.model.model]]}
            request={s.stochasticRequest({ BondName: bondName })} />
        </>
      )}
    </div>
  );
}
