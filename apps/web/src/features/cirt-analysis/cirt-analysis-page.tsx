/**
 * /cirt_analysis?dealName (spec 001 §2.3, §2.4, §4): the catalog check, deal information and
 * settings (the settlement date reloads the deal and clears the results), assumptions with the
 * saved-scenario picker, CIRT Specification (Initial Limit, Collateral, Interest Rate), the
 * cancellation month, Run Scenario, Run Scenario (Blended) for admins (historical rows first,
 * shown darker), Run Matrix, the four result tabs, Policy Information, the cashflow and its export.
 */
import { CIRT_RUN_FAILED, type CirtResponse, type ReinsuranceMatrixResponse } from '@opencrt/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { DealCatalogPicker } from '../../components/deal-catalog-modal/deal-catalog-picker.tsx';
import { creditModelLabel, ModelVectorsChart } from '../../components/model-vectors/model-vectors-chart.tsx';
import { formatDollars } from '../../components/format/catalog-format.ts';
import { DealInfoPanel } from '../../components/deal-info/deal-info-panel.tsx';
import { DealEditorLinks } from '../../components/deal-info/deal-editor-links.tsx';
import { ReinsuranceControls } from '../../components/reinsurance/reinsurance-controls.tsx';
import { exportInsurance } from '../../components/reinsurance/reinsurance-panels.tsx';
import { ReinsuranceResults, type SingleResult } from '../../components/reinsurance/reinsurance-results.tsx';
import { runCirt, runCirtMatrix } from '../../components/reinsurance/reinsurance.api.ts';
import { useReinsuranceScreen } from '../../components/reinsurance/use-reinsurance-screen.ts';
import { StochasticPanel } from '../../components/stochastic/stochastic-panel.tsx';

/** The summary and tab values of a CIRT answer. */
export function cirtSingle(r: CirtResponse): SingleResult {
  return {
    rows: r.CirtCashflow, yieldValue: r.Yield.Value, yieldMessage: r.Yield.ErrorMessage,
    rateOnLine: r.LineMetrics.RateOnLine, lossOnLine: r.LineMetrics.LossOnLine, returnOnLine: r.LineMetrics.ReturnOnLine,
    summary: [
      ['WAL', r.Wal.toFixed(2)], ['Loss Window', r.LossWindow || '-'], ['Write Down (%)', r.WritedownPct.toFixed(2)],
      ['First Loss Period', r.FirstLossPeriod === null ? '-' : String(r.FirstLossPeriod)], ['Premium', formatDollars(r.CirtCashflowTotals.InsurancePremium)],
      ['Net Cashflow', formatDollars(r.CirtCashflowTotals.NetInsuranceCashflow)],
    ],
  };
}

const POLICY_ROWS: [string, keyof CirtResponse['PolicyInformation'], keyof CirtResponse['PolicyInformation']][] = [
  ['Liability Limit', 'LiabilityLimit', 'LiabilityLimitPct'], ['Retention Limit', 'RetentionLimit', 'RetentionLimitPct'],
  ['Initial Collateral', 'InitialCollateral', 'InitialCollateralPct'], ['Initial Premium', 'InitialPremium', 'InitialPremiumPct'],
  ['Ownership', 'Ownership', 'OwnershipPct'],
];

export function CirtAnalysisPage() {
  const [query, setQuery] = useSearchParams();
  const { hasRole } = useSession();
  const alerts = useAlerts();
  const dealName = query.get('dealName') ?? '';
  const s = useReinsuranceScreen('cirt', dealName);
  const [result, setResult] = useState<CirtResponse | null>(null);
  const [matrix, setMatrix] = useState<ReinsuranceMatrixResponse | null>(null);
  const [selected, setSelected] = useState<{ cpr: number; cdr: number } | null>(null);

  function clearResults() { setResult(null); setMatrix(null); setSelected(null); }
  useEffect(clearResults, [dealName]);

  const runOne = (blended: boolean, over: Record<string, unknown> = {}) => s.guarded(async () => {
    setResult(null);
    setResult(await runCirt(s.api, s.requestBody(over), blended));
  }, { fallback: CIRT_RUN_FAILED, onFailure: () => setResult(null) });
  const runGrid = () => s.guarded(async () => {
    setMatrix(null);
    setSelected(null);
    setMatrix(await runCirtMatrix(s.api, s.requestBody()));
  }, { onFailure: () => setMatrix(null) });
  const deal = s.deal;

  return (
    <div className="container-fluid" data-testid="cirt-analysis">
      <DealCatalogPicker show={s.catalogOpen} title="Choose a CIRT deal"
        onSelect={(n) => { s.setCatalogOpen(false); s.setSettlement(null); setQuery({ dealName: n }); }} onClose={() => s.setCatalogOpen(false)} />
      {!s.known && <p className="text-secondary" data-testid="choose-deal">Choose a CIRT deal from the catalog.</p>}
      {s.known && deal && s.effectiveSettlement !== null && (
        <>
          <DealInfoPanel helpSlug="credit-model" deal={deal} settlement={s.effectiveSettlement} onPickDeal={() => s.setCatalogOpen(true)} title="CIRT Analysis" showOptionalCancellation activityMonthEnd
            onSettlement={(ymd) => { clearResults(); s.setSettlement(ymd); }}>
            <DealEditorLinks deal={deal} dealType="CIRT" />
            <ReinsuranceControls screen={s} title="CIRT Specification" cancelLabel="Cancellation" showCancel scenarioDeals={[dealName]}
              onRun={() => void runOne(false)} onClearResults={clearResults}>
              {hasRole('Admin') && (
                <button type="button" className="btn btn-outline-primary btn-sm" data-testid="run-blended" disabled={s.running} onClick={() => void runOne(true)}>Run Scenario (Blended)</button>
              )}
              <button type="button" className="btn btn-outline-primary btn-sm" data-testid="run-matrix" disabled={s.running} onClick={() => void runGrid()}>Run Matrix</button>
            </ReinsuranceControls>
          </DealInfoPanel>
          {result && (
            <section className="crt-panel mt-3" data-testid="policy-information">
              <h3 className="h6">Policy Information</h3>
              <table className="table table-sm small mb-0 w-auto">
                <tbody>
                  {POLICY_ROWS.map(([label, amount, pct]) => (
                    <tr key={label}><th>{label}</th><td className="text-end">{result.PolicyInformation[pct].toFixed(4)}%</td><td className="text-end">{formatDollars(result.PolicyInformation[amount])}</td></tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          {result && <ModelVectorsChart rows={result.CirtCashflow} model={creditModelLabel(s.model.model)} />}
          {(result || matrix) && (
            <ReinsuranceResults single={result ? cirtSingle(result) : null} matrix={matrix} selected={selected} testId="cirt-results" settlement={s.effectiveSettlement} callNote={s.callNote}
              onCell={(c) => { setSelected(c); s.setInputs({ ...s.inputs, cpr: String(c.cpr), cdr: String(c.cdr) }); void runOne(false, { SelectedScenarioId: null, Cpr: [0, c.cpr / 100], Cdr: [0, c.cdr / 100] }); }} />
          )}
          {result && (
            <button type="button" className="btn btn-sm btn-outline-success mt-2" data-testid="export-cashflow"
              onClick={() => void exportInsurance(s.exportHeader(''), [{ name: dealName, rows: result.CirtCashflow }]).catch((e: unknown) => alerts.error(e))}>Export Cashflow to Excel</button>
          )}
          {/* The policy's layer over seeded economic paths (issue 35 #4). */}
          <StochasticPanel key={`stochastic|${dealName}`} fileName={`${dealName.replace(/[^\w.-]+/g, '_')}_stochastic.xlsx`}
            exportHeader={[['User', s.exportHeader('').userName], ['Deal', dealName], ['Settlement Date', s.effectiveSettlement, 'date'], ['Model', s.model.model]]}
            request={s.stochasticRequest()} />
        </>
      )}
    </div>
  );
}
