/**
 * /acis_analysis?dealName&bondName (spec 001 §2.2): deal information and settings, the ACIS
 * structure (click a bond to choose it), ACIS settings, Run Scenario, Run Matrix and Run All
 * Bonds Scenario, the four result tabs, the cashflow with export, per-bond tabs after an
 * all-bonds run, and the create-portfolio option.
 */
import type { AcisResponse, ReinsuranceMatrixResponse } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { rememberDeal } from '../../app/last-deal.ts';
import { useSession } from '../../app/session-context.tsx';
import { DealCatalogPicker } from '../../components/deal-catalog-modal/deal-catalog-picker.tsx';
import { formatDate, formatDecimal, formatDollars } from '../deal-catalog/catalog-format.ts';
import { inputProblems, loadInputs, saveInputs, snapSettlement, toRequestRate, type AssumptionInputs } from '../deal-analysis/analysis-inputs.ts';
import { AssumptionsPanel } from '../deal-analysis/assumptions-panel.tsx';
import { fetchDealDetails } from '../deal-analysis/deal-analysis.api.ts';
import { DealInfoPanel } from '../deal-analysis/deal-info-panel.tsx';
import { CreatePortfolioPanel } from './create-portfolio-panel.tsx';
import { CancellationInput, exportInsurance, monthToYmd, SettingsPanel, ymdToMonth } from './reinsurance-panels.tsx';
import { ReinsuranceResults, type SingleResult } from './reinsurance-results.tsx';
import { loadSettings, saveSettings, settingsBody, settingsProblems, type ReinsuranceSettings } from './reinsurance-settings.ts';
import { fetchAcisStructure, runAcis, runAcisMatrix } from './reinsurance.api.ts';

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

export function AcisAnalysisPage() {
  const [query, setQuery] = useSearchParams();
  const { api, session } = useSession();
  const dealName = query.get('dealName') ?? '';
  const [inputs, setInputs] = useState<AssumptionInputs>(() => ({ ...loadInputs(false), cdr: '0.5' }));
  const [settings, setSettings] = useState<ReinsuranceSettings>(() => loadSettings('acis'));
  const [options, setOptions] = useState({ cleanupCall: false, loanLevel: false });
  const [cancel, setCancel] = useState({ on: false, month: '' });
  const [results, setResults] = useState<Record<string, AcisResponse>>({});
  const [matrix, setMatrix] = useState<ReinsuranceMatrixResponse | null>(null);
  const [selected, setSelected] = useState<{ cpr: number; cdr: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [picker, setPicker] = useState(!dealName);
  const details = useQuery({ queryKey: ['deal-details', dealName, null], queryFn: () => fetchDealDetails(api, dealName, null), enabled: !!dealName });
  const structure = useQuery({ queryKey: ['acis-structure', dealName], queryFn: () => fetchAcisStructure(api, dealName), enabled: !!dealName });
  const bondName = query.get('bondName') ?? structure.data?.Bonds.find((b) => b.CurrentBalance > 0)?.AcisBondName ?? '';

  useEffect(() => { if (dealName) rememberDeal(dealName); setResults({}); setMatrix(null); }, [dealName]);
  const deal = details.data;
  const settlement = deal ? snapSettlement(deal.SettlementDate, deal.IssueDate) : null;
  const optional = deal && deal.OptionalCancellationDate > 101 ? deal.OptionalCancellationDate : null;

  function body(bond: string, over: Record<string, unknown> = {}) {
    return {
      DealName: dealName, BondName: bond, SettlementDate: settlement, PrepaymentModel: 'UserDefined', Cancellation: cancel.on, CancellationDate: cancel.on ? monthToYmd(cancel.month) : null,
      Cpr: toRequestRate(inputs.cpr, true), Cdr: toRequestRate(inputs.cdr, true), LossSeverity: toRequestRate(inputs.lossSeverity, false),
      Delinquency: toRequestRate(inputs.delinquency, false), Libor: toRequestRate(inputs.libor, false), ...settingsBody(settings), ...over,
    };
  }

  async function guarded(action: () => Promise<void>) {
    const problem = inputProblems(inputs, false) ?? settingsProblems(settings);
    setError(problem);
    if (problem) return;
    saveInputs(inputs);
    saveSettings('acis', settings);
    setRunning(true);
    try { await action(); setError(null); } catch (e) { setError(messageOf(e)); } finally { setRunning(false); }
  }

  const runOne = (over: Record<string, unknown> = {}) => guarded(async () => { setResults({ [bondName]: await runAcis(api, body(bondName, over)) }); });
  const runAll = () => guarded(async () => {
    const out: Record<string, AcisResponse> = {};
    for (const b of structure.data?.Bonds ?? []) {
      if (b.CurrentBalance <= 0) continue;
      out[b.AcisBondName] = await runAcis(api, body(b.AcisBondName));
    }
    setResults(out);
  });
  const runGrid = () => guarded(async () => { setSelected(null); setMatrix(await runAcisMatrix(api, body(bondName))); });
  const [shown, setShown] = useState<string | null>(null);
  const current = results[shown ?? ''] ?? results[bondName] ?? Object.values(results)[0] ?? null;
  const header = {
    userName: session?.username ?? '', dealName, bondName: shown ?? bondName, settlementDate: settlement ? formatDate(settlement) : '',
    runDate: new Date().toLocaleDateString('en-US'), runTime: '', scenarioName: '', scenarioVendor: '',
  };

  return (
    <div className="container-fluid" data-testid="acis-analysis">
      <DealCatalogPicker show={picker} onSelect={(n) => { setPicker(false); setQuery({ dealName: n }); }} onClose={() => setPicker(false)} />
      {!dealName && <p className="text-secondary">Choose an ACIS deal from the catalog.</p>}
      {deal && settlement !== null && (
        <>
          <DealInfoPanel deal={deal} settlement={settlement} onSettlement={() => undefined} onPickDeal={() => setPicker(true)}>
            <AssumptionsPanel inputs={inputs} onInputs={setInputs} agency={false} options={options} onOptions={setOptions} canLoanLevel={false}
              running={running} onRun={() => void runOne()} error={error} roles={session?.roles ?? []} />
            <SettingsPanel title="ACIS Settings" settings={settings} onSettings={setSettings} />
            <CancellationInput on={cancel.on} month={cancel.month || (optional ? ymdToMonth(optional) : '')} minYmd={optional}
              onChange={(on, month) => setCancel({ on, month })} />
            <div className="d-flex gap-2 mt-2">
              <button type="button" className="btn btn-outline-primary btn-sm" data-testid="run-matrix" disabled={running} onClick={() => void runGrid()}>Run Matrix</button>
              <button type="button" className="btn btn-outline-primary btn-sm" data-testid="run-all" disabled={running} onClick={() => void runAll()}>Run All Bonds Scenario</button>
            </div>
          </DealInfoPanel>
          <section className="crt-panel mt-3" data-testid="acis-structure">
            <h3 className="h6">ACIS Structure{structure.data ? ` — on ${structure.data.StacrDealName}` : ''}</h3>
            {structure.error && <div className="text-danger small">Failed to load deal structure.</div>}
            <table className="table table-sm small mb-0">
              <thead><tr><th>ACIS Bond</th><th>STACR Bond</th><th className="text-end">Original</th><th className="text-end">Current</th><th className="text-end">Factor</th><th className="text-end">Premium (%)</th></tr></thead>
              <tbody>
                {structure.data?.Bonds.map((b) => (
                  <tr key={b.AcisBondName} className={b.AcisBondName === bondName ? 'table-primary' : undefined} role="button"
                    onClick={() => setQuery({ dealName, bondName: b.AcisBondName })}>
                    <td>{b.AcisBondName}</td><td>{b.StacrBondName}</td><td className="text-end">{formatDollars(b.OriginalBalance)}</td>
                    <td className="text-end">{formatDollars(b.CurrentBalance)}</td><td className="text-end">{formatDecimal(b.Factor)}</td><td className="text-end">{b.Premium}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <CreatePortfolioPanel api={api} dealName={dealName} structure={structure.data} />
          {Object.keys(results).length > 1 && (
            <ul className="nav nav-pills small mt-3" data-testid="bond-tabs">
              {Object.keys(results).map((b) => (
                <li className="nav-item" key={b}><button type="button" className={`nav-link ${current === results[b] ? 'active' : ''}`} onClick={() => setShown(b)}>{b}</button></li>
              ))}
            </ul>
          )}
          {(current || matrix) && (
            <ReinsuranceResults single={current ? acisSingle(current) : null} matrix={matrix} selected={selected} testId="acis-results"
              onCell={(c) => { setSelected(c); void runOne({ Cpr: [0, c.cpr / 100], Cdr: [0, c.cdr / 100] }); }} />
          )}
          {current && (
            <div className="d-flex gap-2 mt-2">
              <button type="button" className="btn btn-sm btn-outline-success" data-testid="export-cashflow"
                onClick={() => void exportInsurance(header, [{ name: shown ?? bondName, rows: current.AcisCashflow }]).catch((e: unknown) => setError(messageOf(e)))}>Export Cashflow to Excel</button>
              {Object.keys(results).length > 1 && (
                <button type="button" className="btn btn-sm btn-outline-success" data-testid="export-all"
                  onClick={() => void exportInsurance({ ...header, bondName: 'All' }, Object.entries(results).map(([name, r]) => ({ name, rows: r.AcisCashflow }))).catch((e: unknown) => setError(messageOf(e)))}>Export All Bonds Cashflow to Excel</button>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
