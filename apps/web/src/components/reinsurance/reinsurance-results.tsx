/**
 * Results of an ACIS or CIRT run (spec 001 §2.2–§2.3): tabs ROI, Rate On Line, Loss On Line and
 * Margin On Line (the single run's value, and the matrix when one was run; a matrix cell click
 * reruns that scenario), summary metrics and the insurance cashflow table.
 */
import type { InsuranceRowDto, ReinsuranceMatrixResponse } from '@opencrt/contracts';
import type { TriggerRow } from '@opencrt/engine';
import { useState } from 'react';
import { CashflowTable, type CashflowColumn } from '../cashflow-table/cashflow-table.tsx';
import { MatrixGrid } from '../matrix-grid/matrix-grid.tsx';
import { formatDollars } from '../format/catalog-format.ts';
import { TRIGGER_COLUMNS } from '../run-inputs/result-columns.ts';
import { hasNoPeriods, noPeriodsNote } from './early-call.ts';
import { formatRatePct, percentGrid } from './reinsurance-settings.ts';
import './reinsurance.css';

export interface SingleResult {
  rows: InsuranceRowDto[];
  yieldValue: number | null;
  yieldMessage: string | null;
  rateOnLine: number | null;
  lossOnLine: number | null;
  returnOnLine: number | null;
  /** Label → text pairs shown under the tabs (WAL, windows, totals). */
  summary: [string, string][];
}

type Tab = 'roi' | 'rol' | 'lol' | 'mol';
const TABS: [Tab, string][] = [['roi', 'ROI'], ['rol', 'Rate On Line'], ['lol', 'Loss On Line'], ['mol', 'Margin On Line']];

/** Why a ROI matrix cell shows '-----' (the server's rule, engine reinsurerRoi; click a cell for its own message). */
export const NO_ROI_NOTE = "'-----': no ROI — below -100% a year (the losses take the collateral) or no return to measure. Click a cell to run it.";

/** Silent yield messages (spec 001 §8): shown as '-----' only. */
const SILENT = new Set(["Can't compute Yield.", 'Too many tries in Yield calculation.', 'Guess is too negative in Yield calculation.']);

const money = (x: number | string | boolean | null) => (typeof x === 'number' ? formatDollars(x) : '');
const pct = (x: number | string | boolean | null) => (typeof x === 'number' ? x.toFixed(4) : '');
/** Rates arrive as fractions; the '(%)' columns hold percent, so the table and the export agree. */
const percentOf = (pick: (r: InsuranceRowDto) => number) => (r: InsuranceRowDto) => pick(r) * 100;
/** Premium, interest and rate columns are blank for period 0 (spec 001 §7). */
const notZero = (pick: (r: InsuranceRowDto) => number) => (r: InsuranceRowDto) => (r.Period === 0 && !r.IsHistorical ? null : pick(r));

export const INSURANCE_COLUMNS: CashflowColumn<InsuranceRowDto>[] = [
  { header: 'Period', value: (r) => r.Period, width: 80, exportKind: 'integer' },
  { header: 'Payment Date', value: (r) => r.PaymentDate, width: 110, exportKind: 'date' },
  { header: 'Remaining Liability', value: (r) => r.RemainingLiability, format: money, width: 150, exportKind: 'money' },
  { header: 'Reduction In Liability', value: (r) => r.ReductionInLiability, format: money, width: 150, exportKind: 'money' },
  { header: 'Insurer Paid Losses', value: (r) => r.InsurerPaidLosses, format: money, exportKind: 'money' },
  { header: 'Insurance Premium', value: notZero((r) => r.InsurancePremium), format: money, exportKind: 'money' },
  { header: 'Collateral Trust Account', value: (r) => r.CollateralTrustAccount, format: money, width: 160, exportKind: 'money' },
  { header: 'Collateral Account Change', value: (r) => r.CollateralAccountChange, format: money, width: 160, exportKind: 'money' },
  { header: 'Collateral Account Interest', value: notZero((r) => r.CollateralAccountInterest), format: money, width: 160, exportKind: 'money' },
  { header: 'Net Insurance Cashflow', value: (r) => r.NetInsuranceCashflow, format: money, width: 160, exportKind: 'money' },
  { header: 'Collateral Balance', value: (r) => r.CollateralBalance, format: money, width: 160, exportKind: 'money' },
  { header: 'Collateral Losses', value: (r) => r.CollateralLosses, format: money, exportKind: 'money' },
  { header: 'CPR (%)', value: notZero(percentOf((r) => r.CprRate)), format: pct, width: 90, exportKind: 'percent' },
  { header: 'CDR (%)', value: notZero(percentOf((r) => r.CdrRate)), format: pct, width: 90, exportKind: 'percent' },
  { header: 'Severity (%)', value: notZero(percentOf((r) => r.LossSeverityRate)), format: pct, width: 100, exportKind: 'percent' },
  { header: 'Delinquency (%)', value: notZero(percentOf((r) => r.DelinquencyRate)), format: pct, width: 110, exportKind: 'percent' },
  { header: 'Historical', value: (r) => (r.IsHistorical ? 'Yes' : ''), width: 90 },
];

/** Every ROI and line metric of the matrix is undefined (a run with no periods). */
const allEmpty = (m: ReinsuranceMatrixResponse): boolean =>
  [m.Yield, m.LineMetrics.RateOnLine, m.LineMetrics.LossOnLine, m.LineMetrics.ReturnOnLine].every((g) => g.every((row) => row.every((v) => v === null)));

/** Historical (remittance) months of a blended CIRT run are shown darker (spec 001 §2.3). */
export const historicalRowClass = (r: InsuranceRowDto): string | undefined => (r.IsHistorical ? 'crt-historical-row' : undefined);

/** ACIS 'Show Trigger Info' (spec 001 §2.2): the STACR deal tests under the cashflow. */
export interface TriggerInfo { show: boolean; onShow(show: boolean): void; rows: TriggerRow[] }

export function ReinsuranceResults({ single, matrix, selected, onCell, testId, triggers, settlement, callNote }: {
  single: SingleResult | null; matrix: ReinsuranceMatrixResponse | null; selected: { cpr: number; cdr: number } | null;
  onCell(cell: { cpr: number; cdr: number }): void; testId: string; triggers?: TriggerInfo;
  /** The run's settlement date (YYYYMMDD), named when a run has no periods. */
  settlement: number;
  /** Why the run has no periods when its call month explains it (early-call.ts). */
  callNote: string | null;
}) {
  const [tab, setTab] = useState<Tab>('roi');
  // A run with nothing after period 0 is explained instead of a '-----' and a one-row table (issue 18 #10).
  if (single && hasNoPeriods(single.rows)) {
    return (
      <section className="crt-panel mt-3" data-testid={testId}>
        <div className="alert alert-warning small mb-0" role="status" data-testid="empty-run-note">{callNote ?? noPeriodsNote(settlement)}</div>
      </section>
    );
  }
  const value = single ? { roi: single.yieldValue, rol: single.rateOnLine, lol: single.lossOnLine, mol: single.returnOnLine }[tab] : null;
  const grid = matrix ? { roi: matrix.Yield, rol: matrix.LineMetrics.RateOnLine, lol: matrix.LineMetrics.LossOnLine, mol: matrix.LineMetrics.ReturnOnLine }[tab] : null;
  return (
    <section className="crt-panel mt-3" data-testid={testId}>
      <ul className="nav nav-tabs small">
        {TABS.map(([key, label]) => (
          <li className="nav-item" key={key}>
            <button type="button" className={`nav-link ${tab === key ? 'active' : ''}`} data-testid={`tab-${key}`} onClick={() => setTab(key)}>{label}</button>
          </li>
        ))}
      </ul>
      {single && (
        <div className="mt-2 small">
          <strong data-testid="metric-value">{formatRatePct(value)}</strong>
          {tab === 'roi' && single.yieldMessage && !SILENT.has(single.yieldMessage) && <span className="text-danger ms-2">{single.yieldMessage}</span>}
          <span className="text-secondary ms-2">{tab === 'roi' ? '(12 × monthly IRR of the net cashflow)' : '(annualised on limit-years)'}</span>
          <dl className="row mt-2 mb-0" data-testid="run-summary">
            {single.summary.map(([k, v]) => (<div className="col-md-3 d-flex gap-2" key={k}><dt>{k}</dt><dd className="mb-0">{v}</dd></div>))}
          </dl>
        </div>
      )}
      {matrix && grid && callNote && allEmpty(matrix) && (
        <div className="alert alert-warning small mt-2 mb-0" role="status" data-testid="empty-run-note">{callNote}</div>
      )}
      {matrix && grid && !(callNote && allEmpty(matrix)) && (
        <div className="mt-2" data-testid="matrix">
          <MatrixGrid cpr={matrix.Cpr} cdr={matrix.Cdr} values={percentGrid(grid)} selected={selected} onCell={onCell} testId="matrix-grid" />
          {tab === 'roi' && grid.some((row) => row.some((v) => v === null)) && (
            <p className="small text-secondary mt-1 mb-0" data-testid="matrix-no-roi-note">{NO_ROI_NOTE}</p>
          )}
        </div>
      )}
      {single && triggers && (
        <label className="form-check-label small mt-3 d-block">
          <input type="checkbox" className="form-check-input me-1" checked={triggers.show} data-testid="show-trigger-info" onChange={(e) => triggers.onShow(e.target.checked)} />
          Show Trigger Info
        </label>
      )}
      {single && <div className="mt-2"><CashflowTable rows={single.rows} columns={INSURANCE_COLUMNS} testId="insurance-cashflow" rowClass={historicalRowClass} /></div>}
      {single && triggers?.show && (
        <div className="mt-3">
          <h3 className="h6">Trigger Info</h3>
          <CashflowTable rows={triggers.rows} columns={TRIGGER_COLUMNS} height={300} testId="trigger-table" />
        </div>
      )}
    </section>
  );
}
