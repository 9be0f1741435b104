import type { DealDetail } from '@opencrt/contracts';
import { useState, type ReactNode } from 'react';
import { formatDate, formatDecimal, formatDollars, formatPercent } from '../format/catalog-format.ts';
import { monthEnd } from './bond-info-panel.tsx';
import { inputToYmd, remittanceDate, ymdToInput } from '../run-inputs/analysis-inputs.ts';
import { remittanceOptions, todayYmd } from './remittance-options.ts';
import { HelpLink } from '../guide/help-link.tsx';

/**
 * The collapsible deal information panel: settings, dates, collateral (spec 000 §2). The ACIS and
 * CIRT screens name themselves in `title` and add the Optional Cancellation Date (spec 001 §2.2).
 */
export function DealInfoPanel({ deal, settlement, onSettlement, onPickDeal, children, title = 'Deal Analysis', showOptionalCancellation = false, activityMonthEnd = false, helpSlug = 'compare-runs' }: {
  deal: DealDetail; settlement: number; onSettlement(ymd: number | null): void; onPickDeal(): void; children: ReactNode;
  title?: string; showOptionalCancellation?: boolean;
  /** ACIS/CIRT: a month picked loads the details for that month's last day (spec 001 §4), like bond analysis. */
  activityMonthEnd?: boolean;
  /** The user-guide page the "?" beside the title opens. */
  helpSlug?: string;
}) {
  const [open, setOpen] = useState(true);
  // A date typed before the issue date runs at the issue date (spec 000 §4): say so (issue 23 #1).
  const [movedFrom, setMovedFrom] = useState<number | null>(null);
  const c = deal.CollateralInfo;
  // Before the first payment there is no remittance yet: the factor date is the issue date.
  const remit = Math.max(remittanceDate(settlement, deal.FirstPaymentDate), deal.IssueDate);
  const moved = movedFrom !== null && settlement === deal.IssueDate;
  return (
    <section className="crt-panel" data-testid="deal-info">
      <button type="button" className="btn btn-link p-0 h5 text-decoration-none text-reset" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? '▾' : '▸'} <span data-testid="deal-title">{deal.DealName} — {title}</span>
      </button>
      {helpSlug && <HelpLink slug={helpSlug} />}
      {open && (
        <div className="row g-3 mt-1">
          <div className="col-md-6 col-xl-4">
            <h3 className="h6">Calculation Settings</h3>
            <dl className="row small mb-0">
              <dt className="col-6">Deal</dt>
              <dd className="col-6"><button type="button" className="btn btn-link p-0 btn-sm" data-testid="deal-name-link" onClick={onPickDeal}>{deal.DealName}</button></dd>
              <dt className="col-6"><label htmlFor="remittance-month" className="mb-0">Remittance Month</label></dt>
              <dd className="col-6">
                <select id="remittance-month" className="form-select form-select-sm" data-testid="remittance-month" value={String(deal.DatesOfAvailableUpdates.find((d) => d <= settlement) ?? '')}
                  onChange={(e) => { const ymd = Number(e.target.value); onSettlement(ymd ? (activityMonthEnd ? monthEnd(ymd) : ymd) : null); }}>
                  {remittanceOptions(deal.FirstPaymentDate, deal.DatesOfAvailableUpdates, settlement, todayYmd()).map((o) => (
                    <option key={o.ymd} value={o.ymd} disabled={o.disabled} title={o.disabled ? 'No factor data for this month' : undefined}>{formatDate(o.ymd)}</option>
                  ))}
                </select>
              </dd>
              <dt className="col-6"><label htmlFor="settlement-date" className="mb-0">Settlement Date</label></dt>
              <dd className="col-6">
                <input id="settlement-date" type="date" className="form-control form-control-sm" data-testid="settlement-date" value={ymdToInput(settlement)}
                  onChange={(e) => {
                    const ymd = inputToYmd(e.target.value);
                    setMovedFrom(ymd !== null && ymd < deal.IssueDate ? ymd : null);
                    onSettlement(ymd);
                  }} />
                {moved && (
                  <div className="small text-warning-emphasis mt-1" role="status" data-testid="settlement-moved">
                    {formatDate(movedFrom)} is before the issue date: moved to the issue date {formatDate(deal.IssueDate)}.
                  </div>
                )}
              </dd>
              <dt className="col-6">Remittance Date</dt><dd className="col-6" data-testid="remittance-date">{formatDate(remit)}</dd>
              <dt className="col-6">Issue Date</dt><dd className="col-6">{formatDate(deal.IssueDate)}</dd>
              {showOptionalCancellation && (
                <><dt className="col-6">Optional Cancellation Date</dt><dd className="col-6" data-testid="optional-cancellation">{formatDate(deal.OptionalCancellationDate)}</dd></>
              )}
              <dt className="col-6">Maturity Date</dt><dd className="col-6">{formatDate(deal.MaturityDate)}</dd>
              <dt className="col-6">Early Redemption</dt><dd className="col-6">{formatDate(deal.EarlyRedemptionDate)}</dd>
            </dl>
          </div>
          <div className="col-md-6 col-xl-3">
            <h3 className="h6">Collateral Information</h3>
            <dl className="row small mb-0 text-nowrap" data-testid="collateral-info">
              <dt className="col-6">Original Balance</dt><dd className="col-6 text-end">{formatDollars(c.OriginalBalance)}</dd>
              <dt className="col-6">Current Balance</dt><dd className="col-6 text-end">{formatDollars(c.CurrentBalance)}</dd>
              <dt className="col-6">Deal Factor</dt><dd className="col-6 text-end">{formatDecimal(c.DealFactor)}</dd>
              <dt className="col-6">WAC</dt><dd className="col-6 text-end">{formatPercent(c.WAC)}</dd>
              <dt className="col-6">WAM</dt><dd className="col-6 text-end">{c.WAM}</dd>
              <dt className="col-6">WALA</dt><dd className="col-6 text-end">{c.WALA}</dd>
              <dt className="col-6">Losses to date</dt><dd className="col-6 text-end">{formatDollars(c.ProjectedLosses)}</dd>
            </dl>
          </div>
          {/* Below 1200 px the assumptions take a full row: beside two columns the dollar amounts overlapped them (issue 18 #8). */}
          <div className="col-12 col-xl-5" data-testid="deal-info-side">{children}</div>
        </div>
      )}
    </section>
  );
}
