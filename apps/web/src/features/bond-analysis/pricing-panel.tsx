import type { BondDiscountMarginDto, BondRunResponse, MatrixResponse } from '@opencrt/contracts';
import type { UserCollateralCashflow } from '@opencrt/contracts';
import { UserCashflowSelect } from '../../components/user-cashflow-select/user-cashflow-select.tsx';
import { useMemo, useState } from 'react';
import { CreditModelInputs } from '../../components/credit-model/credit-model-inputs.tsx';
import type { CreditModelState } from '../../components/credit-model/credit-models.ts';
import { MatrixGrid } from '../../components/matrix-grid/matrix-grid.tsx';
import { MatrixHeatmap } from '../../components/matrix-grid/matrix-heatmap.tsx';
import { PrepaymentConventionSelect } from '../../components/run-inputs/run-option-selects.tsx';
import { prepaymentLabel, type PrepaymentConvention } from '../../components/run-inputs/run-options.ts';
import type { BondInputs, PricingTab } from './bond-inputs.ts';
import { rampTitle } from '../../components/run-inputs/analysis-inputs.ts';
import { spreadInBp } from './spread-bp.ts';
import { runOnEnter } from '../../components/run-inputs/run-on-enter.ts';

const TAB_LABEL: Record<PricingTab, string> = { price: 'Price', yield: 'Yield', spread: 'Spread' };
type Sub = 'metric' | 'wal' | 'writedown' | 'dm' | 'surface';

/** DM cells in basis points (fractions on the wire), the unit floaters are quoted in. */
const inBp = (grid: (number | null)[][]): (number | null)[][] => grid.map((row) => row.map((x) => (x === null ? null : x * 10_000)));

/** Matrix cells as shown: price as is, yield and spread in percent. */
function displayGrid(tab: PricingTab, grid: (number | null)[][]): (number | null)[][] {
  return tab === 'price' ? grid : grid.map((row) => row.map((x) => (x === null ? null : x * 100)));
}

function Field({ label, value, onChange, testId, disabled }: { label: string; value: string; onChange(v: string): void; testId: string; disabled?: boolean }) {
  return (
    <label className="form-label small mb-1 d-block">
      {label}
      <input className="form-control form-control-sm" value={value} disabled={disabled} data-testid={testId} title={rampTitle(value)} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

export interface PricingPanelProps {
  tab: PricingTab;
  inputs: BondInputs;
  onInputs(inputs: BondInputs): void;
  isAgency: boolean;
  /** The prepayment convention of an ABS deal; null (no select) on every other deal. */
  convention: PrepaymentConvention | null;
  onConvention(convention: PrepaymentConvention): void;
  /** Cleanup Call (spec 001 §3.9): the run exercises the deal's clean-up redemption. */
  cleanupCall: boolean;
  onCleanupCall(on: boolean): void;
  busy: boolean;
  onCalculate(): void;
  onMatrix(): void;
  error: string | null;
  /** Single-scenario result text ('-----' when none) and its solver message. */
  resultText: string;
  resultMessage: string | null;
  wal: number | null;
  writedownPct: number | null;
  window: string | null;
  matrix: MatrixResponse | null;
  selectedCell: { cpr: number; cdr: number } | null;
  onCell(cell: { cpr: number; cdr: number }): void;
  runTimeMs: number | null;
  roles: readonly string[];
  /** Credit model choice and inputs; a model replaces CPR, CDR, severity and delinquency. */
  model: CreditModelState;
  onModel(next: CreditModelState): void;
  /** The chosen saved scenario's name (its vectors replace CPR, CDR, severity and delinquency). */
  scenarioName: string | null;
  onPickScenario(): void;
  onClearScenario(): void;
  /** A saved user collateral cashflow run as the collateral (spec 002 prerun); replaces the same inputs as a scenario. */
  userCashflow?: { dealName: string; value: UserCollateralCashflow | null; onChange(next: UserCollateralCashflow | null): void };
  /** The deal's current index rate, under the SOFR input. */
  indexHint?: string | null;
  /** The spread tab's result in basis points, beside the percent (issue 18 #18). */
  resultBp?: string | null;
  /** Shown with the result of a run at index 0 on a deal with floating classes. */
  zeroIndexNote?: string | null;
  /** The run's discount margin (floating classes; issue 18 #18), null otherwise. */
  discountMargin?: BondDiscountMarginDto | null;
  /** The bond floats: the matrices offer a DM tab, and the price tab a DM mode. */
  floating?: boolean;
  /** Clean price, accrued interest and dirty price of the run (issue 25 #3); null before a run. */
  prices?: Pick<BondRunResponse, 'CleanPrice' | 'DirtyPrice' | 'AccruedInterest' | 'AccrualDays' | 'AccrualDayCount'> | null;
}

const fixed = (x: number | null | undefined, digits: number) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-----');

/** Bond pricing panel: Price/Yield/Spread tabs with settings, Calculate, Run Matrix, result and matrices (spec 001 §2.1). */
export function PricingPanel(p: PricingPanelProps) {
  const [sub, setSub] = useState<Sub>('metric');
  const set = (key: keyof BondInputs) => (value: string) => p.onInputs({ ...p.inputs, [key]: value });
  const metricGrid = useMemo(() => (p.matrix ? displayGrid(p.tab, p.matrix.Metric ?? []) : null), [p.matrix, p.tab]);
  const dmGrid = useMemo(() => (p.matrix?.DiscountMargin ? inBp(p.matrix.DiscountMargin) : null), [p.matrix]);
  const showDm = !!p.floating || !!dmGrid;
  // The DM tab of a bond that does not float shows the metric instead.
  const shown: Sub = sub === 'dm' && !showDm ? 'metric' : sub;
  const grid = p.matrix ? ({ metric: metricGrid, surface: metricGrid, wal: p.matrix.Wal, writedown: p.matrix.WritedownPct, dm: dmGrid }[shown]) : null;
  const { onCell } = p;
  // DM mode applies to floating classes only; a fixed class's price tab stays on yield/spread.
  const dmMode = p.tab === 'price' && !!p.floating && p.inputs.priceFrom === 'dm';
  return (
    <section className="crt-panel mt-3" data-testid="pricing-panel">
      {/* The tool tabs (Price, Yield, Spread, …) sit above this panel: bond-tool-tabs.tsx. */}
      <div className="row g-3">
        <div className="col-lg-3" data-testid="pricing-settings" onKeyDown={runOnEnter(p.onCalculate, p.busy)}>
          <h3 className="h6">Settings</h3>
          <CreditModelInputs state={p.model} onChange={p.onModel} roles={p.roles} />
          <div className="small my-1" data-testid="scenario-choice">
            Scenario: <strong data-testid="scenario-name">{p.scenarioName ?? 'none'}</strong>{' '}
            <button type="button" className="btn btn-link btn-sm p-0" data-testid="pick-scenario" onClick={p.onPickScenario}>Choose</button>
            {p.scenarioName && <> · <button type="button" className="btn btn-link btn-sm p-0" data-testid="clear-scenario" onClick={p.onClearScenario}>Clear</button></>}
          </div>
          {p.userCashflow && <UserCashflowSelect {...p.userCashflow} />}
          {p.tab === 'price' && p.floating && (
            // Price from DM (issue 25 #2): a floating class can be priced from its discount margin.
            <div className="d-flex align-items-center flex-wrap gap-1 my-1 small">
              <span id="price-from-caption">Price from:</span>
              <div className="btn-group btn-group-sm" role="group" aria-labelledby="price-from-caption" data-testid="price-from">
                <button type="button" className={`btn btn-outline-secondary${dmMode ? '' : ' active'}`} aria-pressed={!dmMode} data-testid="price-from-yield"
                  onClick={() => p.onInputs({ ...p.inputs, priceFrom: 'yield' })}>Yield / Spread</button>
                <button type="button" className={`btn btn-outline-secondary${dmMode ? ' active' : ''}`} aria-pressed={dmMode} data-testid="price-from-dm"
                  onClick={() => p.onInputs({ ...p.inputs, priceFrom: 'dm' })}>Discount margin</button>
              </div>
            </div>
          )}
          {p.tab === 'price' && dmMode && <Field label="Discount Margin (bp)" value={p.inputs.dm} onChange={set('dm')} testId="input-dm" />}
          {p.tab === 'price' && !dmMode && <>
            <Field label="Yield (%)" value={p.inputs.yield} onChange={set('yield')} testId="input-yield" />
            <Field label="Spread (%)" value={p.inputs.spread} onChange={set('spread')} testId="input-spread" />
            <Field label="Benchmark Rate (%)" value={p.inputs.benchmark} onChange={set('benchmark')} testId="input-benchmark" />
          </>}
          {p.tab !== 'price' && <Field label="Price" value={p.inputs.price} onChange={set('price')} testId="input-price" />}
          {p.tab === 'spread' && <Field label="Benchmark Rate (%)" value={p.inputs.benchmark} onChange={set('benchmark')} testId="input-benchmark" />}
          {p.convention && <PrepaymentConventionSelect value={p.convention} disabled={!!p.scenarioName || !!p.userCashflow?.value} onChange={p.onConvention} />}
          {p.model.model === 'None' && <Field label={prepaymentLabel(p.convention ?? 'CPR')} value={p.inputs.cpr} onChange={set('cpr')} testId="input-cpr" disabled={!!p.scenarioName || !!p.userCashflow?.value} />}
          {!p.isAgency && p.model.model === 'None' && <>
            <Field label="CDR (%)" value={p.inputs.cdr} onChange={set('cdr')} testId="input-cdr" disabled={!!p.scenarioName || !!p.userCashflow?.value} />
            <Field label="Loss Severity (%)" value={p.inputs.lossSeverity} onChange={set('lossSeverity')} testId="input-severity" disabled={!!p.scenarioName || !!p.userCashflow?.value} />
            <Field label="Delinquency (%)" value={p.inputs.delinquency} onChange={set('delinquency')} testId="input-delinquency" disabled={!!p.scenarioName || !!p.userCashflow?.value} />
          </>}
          <Field label="LIBOR / SOFR (%)" value={p.inputs.libor} onChange={set('libor')} testId="input-libor" />
          {p.indexHint && <div className="form-text mt-0" data-testid="index-rate-hint">{p.indexHint}</div>}
          <label className="small d-block mt-1" title="Exercise the deal's clean-up redemption when the pool falls to its clean-up level">
            <input type="checkbox" className="form-check-input me-1" checked={p.cleanupCall} data-testid="cleanup-call" onChange={(e) => p.onCleanupCall(e.target.checked)} />Cleanup Call
          </label>
          <div className="d-flex gap-2 mt-2">
            <button type="button" className="btn btn-sm btn-primary" disabled={p.busy} data-testid="calculate" onClick={p.onCalculate}>Calculate</button>
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={p.busy} data-testid="run-matrix" onClick={p.onMatrix}>Run Matrix</button>
          </div>
          {p.error && <div className="text-danger small mt-2 text-pre-line" data-testid="pricing-error">{p.error}</div>}
        </div>
        <div className="col-lg-2" data-testid="single-result">
          <h3 className="h6">{TAB_LABEL[p.tab]}</h3>
          <div className="fs-4 font-monospace" data-testid="result-value">{p.resultText}</div>
          {p.resultBp && <div className="small text-secondary font-monospace" data-testid="result-bp">{p.resultBp}</div>}
          {p.resultMessage && <div className="text-danger small" data-testid="result-message">{p.resultMessage}</div>}
          {p.zeroIndexNote && <div className="alert alert-warning py-1 px-2 small mb-0" data-testid="zero-index-note">{p.zeroIndexNote}</div>}
          <dl className="result-grid small mt-2 mb-0">
            <dt>WAL</dt><dd data-testid="result-wal">{p.wal === null ? '-----' : p.wal.toFixed(2)}</dd>
            <dt>Window</dt><dd data-testid="result-window">{p.window || '-----'}</dd>
            <dt>Write Down</dt><dd data-testid="result-writedown">{p.writedownPct === null ? '-----' : `${p.writedownPct.toFixed(2)}%`}</dd>
            {p.prices && <>
              {/* Clean (quoted) and dirty (clean + accrued) prices, issue 25 #3. */}
              <dt>Clean Price</dt><dd data-testid="result-clean-price">{fixed(p.prices.CleanPrice, 5)}</dd>
              <dt title={`Accrued interest per 100 of face: ${p.prices.AccrualDays ?? '-'} days ${p.prices.AccrualDayCount ?? ''} since the last payment date`}>Accrued</dt>
              <dd data-testid="result-accrued">{fixed(p.prices.AccruedInterest, 5)}</dd>
              <dt>Dirty Price</dt><dd data-testid="result-dirty-price">{fixed(p.prices.DirtyPrice, 5)}</dd>
            </>}
            {p.discountMargin && <>
              {/* Discount margin over the index at the run's price, beside the quoted margin (basis points). */}
              <dt title="Discount margin: the spread over the index that discounts the projected coupons to the price">DM</dt>
              <dd data-testid="result-dm" title={p.discountMargin.ErrorMessage ?? undefined}>{spreadInBp(p.discountMargin.Value) ?? '-----'}</dd>
              <dt>Margin</dt><dd data-testid="result-margin">{spreadInBp(p.discountMargin.Margin)}</dd>
            </>}
          </dl>
          {p.runTimeMs !== null && <div className="small text-secondary" data-testid="run-time">Run time: {Math.round(p.runTimeMs)} ms</div>}
        </div>
        <div className="col-lg-7">
          <ul className="nav nav-pills nav-sm mb-2">
            {([['metric', TAB_LABEL[p.tab]], ['wal', 'WAL'], ['writedown', 'Write Down'], ...(showDm ? [['dm', 'DM (bp)'] as const] : []), ['surface', `${TAB_LABEL[p.tab]} surface`]] as const).map(([key, label]) => (
              <li className="nav-item" key={key}>
                <button type="button" className={`nav-link py-1${shown === key ? ' active' : ''}`} data-testid={`matrix-tab-${key}`} onClick={() => setSub(key)}>{label}</button>
              </li>
            ))}
          </ul>
          {p.matrix && shown === 'dm' && !grid && <p className="small text-secondary" data-testid="matrix-dm-none">This matrix has no discount margins (no price to value them at).</p>}
          {p.matrix && grid && shown === 'surface'
            ? <MatrixHeatmap cpr={p.matrix.Cpr} cdr={p.matrix.Cdr} values={grid} label={TAB_LABEL[p.tab]} onCell={onCell} testId="matrix-surface" />
            : p.matrix && grid
            ? <MatrixGrid cpr={p.matrix.Cpr} cdr={p.matrix.Cdr} values={grid} selected={p.selectedCell} onCell={p.onCell} testId="matrix-grid" digits={shown === 'dm' ? 1 : 2} />
            : <p className="small text-secondary">Run Matrix fills an 8 CPR × 9 CDR grid; click a cell to run that scenario.</p>}
          {/* The matrix axes (and a clicked cell's rerun) are annual CPR whatever the convention. */}
          {p.convention === 'ABS' && <p className="small text-secondary mb-0" data-testid="matrix-cpr-note">Matrix axes are CPR; a clicked cell reruns at that CPR.</p>}
        </div>
      </div>
    </section>
  );
}
