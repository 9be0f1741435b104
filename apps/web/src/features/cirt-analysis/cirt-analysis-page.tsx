/**
 * /cirt_analysis?dealName (spec 001 §2.3): deal information and settings, CIRT Specification
 * (Initial Limit, Collateral, Interest Rate), optional cancellation month, Run Scenario, Run
 * Scenario (Blended) for admins (historical rows first), Run Matrix, the four result tabs,
 * Policy Information, the cashflow and its export.
 */
import { CIRT_RUN_FAILED, type CirtResponse, type ReinsuranceMatrixResponse } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { rememberDeal } from '../../app/last-deal.ts';
import { useSession } from '../../app/session-context.tsx';
import { DealCatalogPicker } from '../../components/deal-catalog-modal/deal-catalog-picker.tsx';
import { formatDate, formatDollars } from '../deal-catalog/catalog-format.ts';
import { inputProblems, loadInputs, saveInputs, snapSettlement, toRequestRate, type AssumptionInputs } from '../deal-analysis/analysis-inputs.ts';
import { AssumptionsPanel } from '../deal-analysis/assumptions-panel.tsx';
import { fetchDealDetails } from '../deal-analysis/deal-analysis.api.ts';
import { DealInfoPanel } from '../deal-analysis/deal-info-panel.tsx';
import { CancellationInput, exportInsurance, monthToYmd, SettingsPanel, ymdToMonth } from '../acis-analysis/reinsurance-panels.tsx';
import { ReinsuranceResults, type SingleResult } from '../acis-analysis/reinsurance-results.tsx';
import { loadSettings, saveSettings, settingsBody, settingsProblems, type ReinsuranceSettings } from '../acis-analysis/reinsurance-settings.ts';
import { runCirt, runCirtMatrix } from '../acis-analysis/reinsurance.api.ts';

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
  const { api, session, hasRole } = useSession();
  const dealName = query.get('dealName') ?? '';
  const [inputs, setInputs] = useState<AssumptionInputs>(() => ({ ...loadInputs(false), cdr: '0.5' }));
  const [settings, setSettings] = useState<ReinsuranceSettings>(() => loadSettings('cirt'));
  const [options, setOptions] = useState({ cleanupCall: false, loanLevel: false });
  const [cancel, setCancel] = useState({ on: false, month: '' });
  const [result, setResult] = useState<CirtResponse | null>(null);
  const [matrix, setMatrix] = useState<ReinsuranceMatrixResponse | null>(null);
  const [selected, setSelected] = useState<{ cpr: number; cdr: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [picker, setPicker] = useState(!dealName);
  const details = useQuery({ queryKey: ['deal-details', dealName, null], queryFn: () => fetchDealDetails(api, dealName, null), enabled: !!dealName });

  useEffect(() => { if (dealName) rememberDeal(dealName); setResult(null); setMatrix(null); }, [dealName]);
  const deal = details.data;
  const settlement = deal ? snapSettlement(deal.SettlementDate, deal.IssueDate) : null;
  const optional = deal && deal.OptionalCancellationDate > 101 ? deal.OptionalCancellationDate : null;

  function body(over: Record<string, unknown> = {}) {
    return {
      DealName: dealName, SettlementDate: settlement, PrepaymentModel: 'UserDefined', Cancellation: cancel.on,
      CancellationDate: cancel.on ? monthToYmd(cancel.month) : null,
      Cpr: toRequestRate(inputs.cpr, true), Cdr: toRequestRate(inputs.cdr, true), LossSeverity: toRequestRate(inputs.lossSeverity, false),
      Delinquency: toRequestRate(inputs.delinquency, false), Libor: toRequestRate(inputs.libor, false), ...settingsBody(settings), ...over,
    };
  }

  async function guarded(action: () => Promise<void>, fallback: string | null) {
    const problem = inputProblems(inputs, false) ?? settingsProblems(settings);
    setError(problem);
    if (problem) return;
    saveInputs(inputs);
    saveSettings('cirt', settings);
    setRunning(true);
    try {
      await action();
      setError(null);
    } catch (e) {
      // A failure without a server message has the spec's own text for CIRT runs (spec 001 §8).
      setError(e instanceof Error && e.message ? e.message : fallback ?? messageOf(e));
    } finally { setRunning(false); }
  }
  const runOne = (blended: boolean, over: Record<string, unknown> = {}) => guarded(async () => { setResult(await runCirt(api, body(over), blended)); }, CIRT_RUN_FAILED);
  const runGrid = () => guarded(async () => { setSelected(null); setMatrix(await runCirtMatrix(api, body())); }, null);
  const header = {
    userName: session?.username ?? '', dealName, bondName: '', settlementDate: settlement ? formatDate(settlement) : '',
    runDate: new Date().toLocaleDateString('en-US'), runTime: '', scenarioName: '', scenarioVendor: '',
  };

  return (
    <div className="container-fluid" data-testid="cirt-analysis">
      <DealCatalogPicker show={picker} onSelect={(n) => { setPicker(false); setQuery({ dealName: n }); }} onClose={() => setPicker(false)} />
      {!dealName && <p className="text-secondary">Choose a CIRT deal from the catalog.</p>}
      {deal && settlement !== null && (
        <>
          <DealInfoPanel deal={deal} settlement={settlement} onSettlement={() => undefined} onPickDeal={() => setPicker(true)}>
            <AssumptionsPanel inputs={inputs} onInputs={setInputs} agency={false} options={options} onOptions={setOptions} canLoanLevel={false}
              running={running} onRun={() => void runOne(false)} error={error} roles={session?.roles ?? []} />
            <SettingsPanel title="CIRT Specification" settings={settings} onSettings={setSettings} />
            <CancellationInput on={cancel.on} month={cancel.month || (optional ? ymdToMonth(optional) : '')} minYmd={optional}
              onChange={(on, month) => setCancel({ on, month })} />
            <div className="d-flex gap-2 mt-2">
              {hasRole('Admin') && (
                <button type="button" className="btn btn-outline-primary btn-sm" data-testid="run-blended" disabled={running} onClick={() => void runOne(true)}>Run Scenario (Blended)</button>
              )}
              <button type="button" className="btn btn-outline-primary btn-sm" data-testid="run-matrix" disabled={running} onClick={() => void runGrid()}>Run Matrix</button>
            </div>
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
          {(result || matrix) && (
            <ReinsuranceResults single={result ? cirtSingle(result) : null} matrix={matrix} selected={selected} testId="cirt-results"
              onCell={(c) => { setSelected(c); void runOne(false, { Cpr: [0, c.cpr / 100], Cdr: [0, c.cdr / 100] }); }} />
          )}
          {result && (
            <button type="button" className="btn btn-sm btn-outline-success mt-2" data-testid="export-cashflow"
              onClick={() => void exportInsurance(header, [{ name: dealName, rows: result.CirtCashflow }]).catch((e: unknown) => setError(messageOf(e)))}>Export Cashflow to Excel</button>
          )}
        </>
      )}
    </div>
  );
}
