/**
 * The Stochastic tab (issue 35 #4): runs the screen's inputs over seeded economic paths
 * (POST /simulate/stochastic) with a progress bar and Cancel, and shows the class loss
 * distribution, the fans of cumulative collateral loss and of home prices, a histogram of a chosen
 * class's loss, and the workbook export. The screen's credit-model inputs are the paths' mean.
 * Shared by the deal, bond, ACIS and CIRT screens: an ACIS or CIRT answer is one layer with its line
 * metrics (expected loss on line, rate on line, margin over expected loss) in place of the DM.
 */
import { useMemo, useRef, useState } from 'react';
import type { StochasticResponse } from '@opencrt/contracts';
import { messageOf } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';
import type { ExportLine } from '../cashflow-export/export-cashflows.ts';
import { PeriodChart } from '../period-chart/period-chart.tsx';
import { ScrollRegion } from '../scroll-region/scroll-region.tsx';
import { runStochastic } from './stochastic.api.ts';
import { DEFAULT_PATHS, DEFAULT_SEED, pct, stochasticInputs } from './stochastic-model.ts';
import { exportStochastic } from './stochastic-xlsx.ts';

export interface StochasticPanelProps {
  /** The screen's run request with its credit model, or why there is none yet (shown on the disabled button). */
  request: Record<string, unknown> | { unavailable: string };
  /** Lines at the top of the workbook's Summary (user, deal, settlement…). */
  exportHeader: readonly ExportLine[];
  fileName: string;
  /** The class whose loss histogram shows first (the bond screen's bond); else the first class that loses. */
  defaultClass?: string | undefined;
}

export function StochasticPanel({ request, exportHeader, fileName, defaultClass }: StochasticPanelProps) {
  const { api } = useSession();
  const [paths, setPaths] = useState(DEFAULT_PATHS);
  const [seed, setSeed] = useState(DEFAULT_SEED);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<StochasticResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [histogramClass, setHistogramClass] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const unavailable = 'unavailable' in request ? (request.unavailable as string) : null;

  async function run() {
    if (unavailable) return;
    const checked = stochasticInputs({ paths, seed });
    if ('problem' in checked) { setError(checked.problem); return; }
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setResult(null);
    setProgress({ done: 0, total: checked.Paths });
    try {
      setResult(await runStochastic(api, { ...request, ...checked, ReturnPaths: true }, controller.signal, (done, total) => setProgress({ done, total })));
    } catch (e) {
      if (!controller.signal.aborted) setError(messageOf(e));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  const chosen = result?.Classes.find((c) => c.BondName === (histogramClass ?? defaultClass)) ?? result?.Classes.find((c) => c.ExpectedLossPct > 0) ?? result?.Classes[0];
  // An ACIS or CIRT answer: its layer's losses are percent of the limit, with line metrics.
  const layers = !!result?.Classes.some((c) => c.RateOnLinePct !== undefined);
  const fans = useMemo(() => {
    if (!result) return null;
    const periods = result.Collateral.Fan.map((r) => r.Period);
    const line = (name: string, values: number[]) => ({ name, values });
    const band = (rows: StochasticResponse['Collateral']['Fan'], f: (v: number) => number) => [
      line('P5', rows.map((r) => f(r.P5))), line('P25', rows.map((r) => f(r.P25))), line('P50', rows.map((r) => f(r.P50))),
      line('P75', rows.map((r) => f(r.P75))), line('P95', rows.map((r) => f(r.P95))),
    ];
    return {
      periods, loss: band(result.Collateral.Fan, (v) => v),
      hpiMonths: result.Collateral.HpiFan.map((r) => r.Period), hpi: band(result.Collateral.HpiFan, (v) => v - 100),
    };
  }, [result]);
  const maxBin = chosen ? Math.max(1, ...chosen.Histogram.map((b) => b.Paths)) : 1;

  return (
    <section className="card mt-3" data-testid="stochastic-panel" aria-labelledby="stochastic-title">
      <div className="card-body">
        <h2 id="stochastic-title" className="h6">Stochastic</h2>
        <p className="small text-secondary mb-2">Loss distributions over seeded economic paths (home prices, rates, unemployment) around the model inputs above.</p>
        <form className="d-flex flex-wrap align-items-end gap-2" onSubmit={(e) => { e.preventDefault(); void run(); }}>
          <div>
            <label htmlFor="stochastic-paths" className="form-label small mb-0">Paths</label>
            <input id="stochastic-paths" className="form-control form-control-sm" style={{ width: '7rem' }} inputMode="numeric" value={paths}
              onChange={(e) => setPaths(e.target.value)} data-testid="stochastic-paths" />
          </div>
          <div>
            <label htmlFor="stochastic-seed" className="form-label small mb-0">Seed</label>
            <input id="stochastic-seed" className="form-control form-control-sm" style={{ width: '8rem' }} inputMode="numeric" value={seed}
              onChange={(e) => setSeed(e.target.value)} data-testid="stochastic-seed" />
          </div>
          <span title={unavailable ?? undefined}>
            <button type="submit" className="btn btn-sm btn-primary" disabled={unavailable !== null || progress !== null} data-testid="stochastic-run">Run stochastic</button>
          </span>
          {progress && <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => abort.current?.abort()} data-testid="stochastic-cancel">Cancel</button>}
          {result && (
            <button type="button" className="btn btn-sm btn-outline-success" data-testid="stochastic-export"
              onClick={() => void exportStochastic(result, exportHeader, fileName).catch((e: unknown) => setError(messageOf(e)))}>Export XLSX</button>
          )}
        </form>
        {unavailable && <p className="small text-secondary mt-1 mb-0" data-testid="stochastic-unavailable">{unavailable}</p>}
        {progress && (
          <div className="d-flex align-items-center gap-2 mt-2">
            <div className="progress flex-grow-1" role="progressbar" aria-label="Stochastic paths done" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done}>
              <div className="progress-bar" style={{ width: `${(100 * progress.done) / Math.max(1, progress.total)}%` }} />
            </div>
            <span className="small text-nowrap" data-testid="stochastic-progress">{progress.done.toLocaleString('en-US')} / {progress.total.toLocaleString('en-US')} paths</span>
          </div>
        )}
        {error && <div className="alert alert-danger py-1 px-2 mt-2 mb-0 small" role="alert" data-testid="stochastic-error">{error}</div>}
        {result && fans && chosen && (
          <div className="mt-3" data-testid="stochastic-results">
            <ScrollRegion label="Stochastic loss table" className="table-responsive">
              <table className="table table-sm table-striped small mb-2" data-testid="stochastic-classes">
                <caption className="caption-top">
                  {layers ? 'Layer losses, percent of the limit at settlement; line metrics percent a year on limit-years,' : 'Class losses, percent of each class\'s balance at settlement,'} over {result.Paths.toLocaleString('en-US')} paths (seed {result.Seed})
                </caption>
                <thead>
                  <tr><th scope="col">{layers ? 'Layer' : 'Class'}</th><th scope="col">Expected loss</th><th scope="col">Std error</th><th scope="col">P(loss)</th><th scope="col">Loss P95</th>
                    <th scope="col">Loss P99</th><th scope="col">ES 99</th><th scope="col">Mean WAL</th>
                    {layers
                      ? <><th scope="col">Expected loss on line</th><th scope="col">Rate on line</th><th scope="col">Margin over EL</th></>
                      : <th scope="col">Mean DM at par (bp)</th>}</tr>
                </thead>
                <tbody>
                  {result.Classes.map((c) => (
                    <tr key={c.BondName} className={c.BondName === defaultClass ? 'table-active' : undefined}>
                      <th scope="row">{c.BondName}</th><td>{pct(c.ExpectedLossPct, 4)}</td><td>{pct(c.ExpectedLossStdErrPct, 4)}</td><td>{pct(c.ProbabilityOfLossPct, 1)}</td>
                      <td>{pct(c.LossPctP95)}</td><td>{pct(c.LossPctP99)}</td><td>{pct(c.ExpectedShortfallP99Pct)}</td>
                      <td>{c.MeanWal === null ? '-----' : c.MeanWal.toFixed(2)}</td>
                      {layers
                        ? <><td data-testid="stochastic-loss-on-line">{pct(c.ExpectedLossOnLinePct, 3)}</td><td>{pct(c.RateOnLinePct, 3)}</td><td data-testid="stochastic-margin">{pct(c.MarginOverExpectedLossPct, 3)}</td></>
                        : <td>{c.MeanDiscountMargin === null ? '-----' : c.MeanDiscountMargin.toFixed(1)}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <p className="small mb-2" data-testid="stochastic-collateral">
              {layers ? 'Reference-pool cumulative loss over the cover' : 'Collateral cumulative loss'}: expected {pct(result.Collateral.ExpectedCumulativeLossPct)}; P5 {pct(result.Collateral.CumulativeLossPct.P5)},
              P50 {pct(result.Collateral.CumulativeLossPct.P50)}, P95 {pct(result.Collateral.CumulativeLossPct.P95)}, P99 {pct(result.Collateral.CumulativeLossPct.P99)}
            </p>
            <div className="row g-2">
              <div className="col-lg-6"><PeriodChart title={layers ? 'Cumulative reference-pool loss over the cover (% of pool), percentiles' : 'Cumulative collateral loss (% of pool), percentiles'} periods={fans.periods} series={fans.loss} unit="percent" testId="stochastic-loss-fan" /></div>
              <div className="col-lg-6"><PeriodChart title="Home prices (% change from settlement), percentiles" periods={fans.hpiMonths} series={fans.hpi} unit="percent" testId="stochastic-hpi-fan" /></div>
            </div>
            <div className="mt-2" data-testid="stochastic-histogram">
              <label htmlFor="stochastic-histogram-class" className="small me-2">Loss histogram of</label>
              <select id="stochastic-histogram-class" className="form-select form-select-sm d-inline-block w-auto" value={chosen.BondName} onChange={(e) => setHistogramClass(e.target.value)}>
                {result.Classes.map((c) => <option key={c.BondName}>{c.BondName}</option>)}
              </select>
              <table className="table table-sm small mt-1 mb-0" style={{ maxWidth: 560 }}>
                <caption className="caption-top">Paths by {chosen.BondName} loss (percent of its {layers ? 'limit' : 'balance'})</caption>
                <thead><tr><th scope="col">Loss</th><th scope="col">Paths</th><th scope="col"><span className="visually-hidden">Share</span></th></tr></thead>
                <tbody>
                  {chosen.Histogram.map((b) => (
                    <tr key={b.FromPct}>
                      <td className="text-nowrap">{b.ToPct === 0 ? '0.00%' : `${b.FromPct.toFixed(2)}–${b.ToPct.toFixed(2)}%`}</td>
                      <td>{b.Paths.toLocaleString('en-US')}</td>
                      <td style={{ width: '60%' }}><div className="bg-primary" style={{ height: 10, width: `${(100 * b.Paths) / maxBin}%` }} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
