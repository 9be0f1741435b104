/**
 * /vintages (Data ▸ Vintages, issue 33): vintage curves of the imported GSE loan-level data by
 * month on book, filtered on origination attributes, a strats table by one attribute, the
 * definitions the figures follow, CSV and XLSX export. Errors: the server's message in an alert.
 * The model's back-test (issue 33 #5) overlays one vintage's actual curves as dashed lines: the
 * credit model on that vintage's loans over the historical macro path, with a saved calibration or none.
 */
import { STRAT_DIMENSIONS, type ModelCalibration, type StratRow, type Vintage, type VintageBacktest } from '@opencrt/contracts';
import { useState } from 'react';
import { useApi, useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { PeriodChart } from '../../components/period-chart/period-chart.tsx';
import { downloadCashflows } from '../../components/cashflow-export/export-cashflows.ts';
import { formatDollars, formatPercent } from '../../components/format/catalog-format.ts';
import { CURVES, DEFINITIONS, EMPTY_FORM, MODEL_LABELS, type VintageForm, curveSeries, exportTabs, modelSeries, vintageQuery } from './vintages-model.ts';
import { loadBacktest, loadCalibrations, loadStrats, loadVintages } from './vintages.api.ts';
import { BuildDealPanel } from './build-deal-panel.tsx';

type ModelName = VintageBacktest['Model'];

const RANGES: [keyof VintageForm, keyof VintageForm, string][] = [
  ['yearFrom', 'yearTo', 'Origination year'], ['ficoMin', 'ficoMax', 'FICO'], ['ltvMin', 'ltvMax', 'LTV'], ['cltvMin', 'cltvMax', 'CLTV'],
  ['dtiMin', 'dtiMax', 'DTI'], ['upbMin', 'upbMax', 'Loan size ($)'],
];
const LISTS: [keyof VintageForm, string, string][] = [
  ['purpose', 'Purpose', 'P,C,N'], ['occupancy', 'Occupancy', 'P,S,I'], ['propertyType', 'Property type', 'SF,CO,PU'],
  ['channel', 'Channel', 'R,B,C,T'], ['state', 'State', 'CA,TX'], ['seller', 'Seller', ''], ['referencePool', 'Reference pool', ''],
];

export function VintagesPage() {
  const api = useApi();
  const { session } = useSession();
  const alerts = useAlerts();
  const [form, setForm] = useState<VintageForm>(EMPTY_FORM);
  const [dimension, setDimension] = useState<(typeof STRAT_DIMENSIONS)[number]>('fico');
  const [vintages, setVintages] = useState<Vintage[] | null>(null);
  const [strats, setStrats] = useState<StratRow[]>([]);
  const set = (key: keyof VintageForm, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const [showModel, setShowModel] = useState(false);
  const [model, setModel] = useState<ModelName>('LDM_3');
  const [calibration, setCalibration] = useState('');
  const [calibrations, setCalibrations] = useState<ModelCalibration[]>([]);
  const [modelVintage, setModelVintage] = useState('');
  const [backtest, setBacktest] = useState<VintageBacktest | null>(null);
  const [modelBusy, setModelBusy] = useState(false);

  /** The back-test of one vintage under the screen's filters (the vintage's quarter or year decides the grouping). */
  const runModel = async (vintage: string, name: ModelName, calibrationName: string) => {
    if (!vintage) return;
    setModelBusy(true);
    try {
      const query = vintageQuery(form, { vintage, model: name, ...(calibrationName ? { calibration: calibrationName } : {}) }).replace(/(^|&)by=[^&]*/, '');
      setBacktest(await loadBacktest(api, query));
    } catch (error) {
      setBacktest(null);
      alerts.error(error);
    } finally { setModelBusy(false); }
  };
  const changeModel = (next: { show?: boolean; vintage?: string; name?: ModelName; calibration?: string }) => {
    const show = next.show ?? showModel;
    const vintage = next.vintage ?? modelVintage;
    const name = next.name ?? model;
    // A calibration belongs to one model: changing the model drops it.
    const cal = next.name && next.name !== model ? '' : (next.calibration ?? calibration);
    setShowModel(show); setModelVintage(vintage); setModel(name); setCalibration(cal);
    if (!show) { setBacktest(null); return; }
    if (next.show && !calibrations.length) void loadCalibrations(api).then(setCalibrations, () => setCalibrations([]));
    void runModel(vintage, name, cal);
  };

  const run = async () => {
    try {
      const [v, s] = await Promise.all([loadVintages(api, vintageQuery(form)), loadStrats(api, vintageQuery({ ...form }, { dimension }).replace(/(^|&)by=[^&]*/, ''))]);
      setVintages(v);
      setStrats(s);
      // The back-test follows the filters: rerun it on the chosen vintage (or the first) when shown.
      const vintage = v.some((x) => x.Vintage === modelVintage) ? modelVintage : (v[0]?.Vintage ?? '');
      setModelVintage(vintage);
      setBacktest(null);
      if (showModel && vintage) void runModel(vintage, model, calibration);
    } catch (error) { alerts.error(error); }
  };

  const download = (format: 'csv' | 'xlsx') => void downloadCashflows({
    userName: session?.username ?? '', dealName: 'Vintages', bondName: form.by, settlementDate: null,
    runDate: new Date().toISOString().slice(0, 10), runTime: new Date().toISOString().slice(11, 19), scenarioName: '', scenarioVendor: '',
  }, format === 'csv' ? exportTabs(vintages ?? [], strats, dimension, backtest).slice(1, 2) : exportTabs(vintages ?? [], strats, dimension, backtest), format);

  return (
    <div data-testid="vintages-page">
      <h4 className="mb-3">Vintages</h4>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        <Select id="v-by" label="By" value={form.by} onChange={(v) => set('by', v)} options={[['year', 'Year'], ['quarter', 'Quarter']]} />
        <Select id="v-source" label="Source" value={form.source} onChange={(v) => set('source', v)} options={[['', 'All'], ['freddie', 'Freddie Mac'], ['fannie', 'Fannie Mae']]} />
        {RANGES.map(([lo, hi, label]) => (
          <div key={lo}>
            <span className="form-label small mb-1 d-block">{label}</span>
            <div className="d-flex gap-1">
              <input aria-label={`${label} from`} className="form-control form-control-sm" style={{ width: '5.5rem' }} value={form[lo]} data-testid={`v-${lo}`} onChange={(e) => set(lo, e.target.value)} />
              <input aria-label={`${label} to`} className="form-control form-control-sm" style={{ width: '5.5rem' }} value={form[hi]} data-testid={`v-${hi}`} onChange={(e) => set(hi, e.target.value)} />
            </div>
          </div>
        ))}
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        {LISTS.map(([key, label, placeholder]) => (
          <div key={key}>
            <label className="form-label small mb-1" htmlFor={`v-${key}`}>{label}</label>
            <input id={`v-${key}`} className="form-control form-control-sm" style={{ width: key === 'seller' ? '14rem' : '7rem' }} placeholder={placeholder} value={form[key]} onChange={(e) => set(key, e.target.value)} />
          </div>
        ))}
        <Select id="v-fthb" label="First-time buyer" value={form.firstTimeBuyer} onChange={(v) => set('firstTimeBuyer', v)} options={[['', 'All'], ['Y', 'Yes'], ['N', 'No']]} />
        <Select id="v-mi" label="MI" value={form.mi} onChange={(v) => set('mi', v)} options={[['', 'All'], ['Y', 'Insured'], ['N', 'No MI']]} />
        <Select id="v-dimension" label="Strats by" value={dimension} onChange={(v) => setDimension(v as typeof dimension)} options={STRAT_DIMENSIONS.map((d) => [d, d])} />
        <button type="button" className="btn btn-primary btn-sm" data-testid="vintages-run" onClick={() => void run()}>Run</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!vintages?.length} onClick={() => download('csv')}>CSV</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!vintages?.length} onClick={() => download('xlsx')}>XLSX</button>
      </div>
      {vintages && !vintages.length && <p data-testid="vintages-empty">No imported loans match. An administrator imports GSE files under Admin ▸ Loan data.</p>}
      {vintages && vintages.length > 0 && (
        <>
          <table className="table table-sm table-striped" data-testid="vintages-table">
            <thead><tr><th>Vintage</th><th className="text-end">Loans</th><th className="text-end">Original UPB</th><th className="text-end">Defaulted loans</th><th className="text-end">Defaulted UPB</th><th className="text-end">Cum. default</th><th className="text-end">Cum. net loss</th><th className="text-end">Severity</th></tr></thead>
            <tbody>
              {vintages.map((v) => (
                <tr key={v.Vintage}>
                  <td>{v.Vintage}</td><td className="text-end">{v.Loans.toLocaleString('en-US')}</td><td className="text-end">{formatDollars(v.OriginalUpb)}</td>
                  <td className="text-end">{v.DefaultedLoans.toLocaleString('en-US')}</td><td className="text-end">{formatDollars(v.DefaultedUpb)}</td>
                  <td className="text-end">{formatPercent(v.CumulativeDefaultPct, 4)}</td><td className="text-end">{formatPercent(v.CumulativeNetLossPct, 4)}</td>
                  <td className="text-end">{v.SeverityPct === null ? '—' : formatPercent(v.SeverityPct, 2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="d-flex flex-wrap gap-2 align-items-end mb-2" data-testid="vintage-model-controls">
            <div className="form-check mb-1">
              <input id="v-show-model" type="checkbox" className="form-check-input" checked={showModel} data-testid="v-show-model"
                onChange={(e) => changeModel({ show: e.target.checked, vintage: modelVintage || (vintages[0]?.Vintage ?? '') })} />
              <label className="form-check-label small" htmlFor="v-show-model">Model back-test (dashed)</label>
            </div>
            <Select id="v-model-vintage" label="Vintage" value={modelVintage} onChange={(v) => changeModel({ vintage: v })} options={vintages.map((v) => [v.Vintage, v.Vintage])} />
            <Select id="v-model" label="Model" value={model} onChange={(v) => changeModel({ name: v as ModelName })} options={(Object.keys(MODEL_LABELS) as ModelName[]).map((m) => [m, MODEL_LABELS[m]])} />
            <Select id="v-calibration" label="Calibration" value={calibration} onChange={(v) => changeModel({ calibration: v })}
              options={[['', 'None (committed parameters)'], ...calibrations.filter((c) => c.Model === model).map((c) => [c.Name, `${c.Name} (CPR ×${c.TuneCpr}, CDR ×${c.TuneCdr}, sev ×${c.TuneSeverity})`] as const)]} />
            {modelBusy && <span className="small text-muted mb-1" role="status">Running the model…</span>}
            {showModel && backtest && !modelBusy && (
              <span className="small mb-1" data-testid="vintage-model-summary">
                {MODEL_LABELS[backtest.Model]} on {backtest.ModelLoans.toLocaleString('en-US')} of {backtest.PopulationLoans.toLocaleString('en-US')} loans
                ({backtest.Cohorts} cohorts): cum. default {formatPercent(backtest.CumulativeDefaultPct, 2)}, net loss {formatPercent(backtest.CumulativeNetLossPct, 2)};
                RMSE vs actual: default {backtest.Error.RmseCumulativeDefaultPct.toFixed(2)} pts, net loss {backtest.Error.RmseCumulativeNetLossPct.toFixed(2)} pts, CPR {backtest.Error.RmseCpr.toFixed(2)} pts.
                {backtest.Note ? ` ${backtest.Note}` : ''}
              </span>
            )}
          </div>
          <div className="row">
            {CURVES.map(({ key, title }) => {
              const { periods, series } = curveSeries(vintages, key);
              const overlay = showModel ? modelSeries(vintages, backtest, key) : [];
              return <div className="col-lg-6 mb-3" key={key}><PeriodChart title={title} periods={periods} series={[...series, ...overlay]} unit="percent" testId={`vintage-chart-${key}`} /></div>;
            })}
          </div>
          <BuildDealPanel form={form} />
          <h5>Strats by {dimension}</h5>
          <table className="table table-sm table-striped" data-testid="strats-table">
            <thead><tr><th>Bucket</th><th className="text-end">Loans</th><th className="text-end">Original UPB</th><th className="text-end">Share</th><th className="text-end">WA FICO</th><th className="text-end">WA LTV</th><th className="text-end">WA DTI</th><th className="text-end">WA rate</th><th className="text-end">Cum. default</th><th className="text-end">Cum. net loss</th><th className="text-end">Severity</th></tr></thead>
            <tbody>
              {strats.map((r) => (
                <tr key={r.Bucket}>
                  <td>{r.Bucket}</td><td className="text-end">{r.Loans.toLocaleString('en-US')}</td><td className="text-end">{formatDollars(r.OriginalUpb)}</td>
                  <td className="text-end">{formatPercent(r.SharePct, 2)}</td><td className="text-end">{r.WaFico?.toFixed(0) ?? '—'}</td><td className="text-end">{r.WaLtv?.toFixed(1) ?? '—'}</td>
                  <td className="text-end">{r.WaDti?.toFixed(1) ?? '—'}</td><td className="text-end">{r.WaRatePct === null ? '—' : formatPercent(r.WaRatePct, 4)}</td>
                  <td className="text-end">{formatPercent(r.CumulativeDefaultPct, 4)}</td><td className="text-end">{formatPercent(r.CumulativeNetLossPct, 4)}</td>
                  <td className="text-end">{r.SeverityPct === null ? '—' : formatPercent(r.SeverityPct, 2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h5 className="mt-3">Definitions</h5>
      <dl className="small" data-testid="vintage-definitions">
        {DEFINITIONS.map(([term, text]) => <div key={term}><dt className="d-inline">{term}: </dt><dd className="d-inline">{text}</dd></div>)}
      </dl>
    </div>
  );
}

function Select({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (v: string) => void; options: readonly (readonly [string, string])[] }) {
  return (
    <div>
      <label className="form-label small mb-1" htmlFor={id}>{label}</label>
      <select id={id} className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.target.value)} data-testid={id}>
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </div>
  );
}
