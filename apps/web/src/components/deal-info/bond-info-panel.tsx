import type { Bond, DealDetail } from '@opencrt/contracts';
import { formatDate, formatDecimal, formatDollars, formatPercent } from '../format/catalog-format.ts';
import { HelpLink } from '../guide/help-link.tsx';

/** Last day of a YYYYMMDD date's month (activity month changes load details for that day, spec 001 §4). */
export function monthEnd(ymd: number): number {
  const y = Math.floor(ymd / 10000);
  const m = Math.floor(ymd / 100) % 100;
  return y * 10000 + m * 100 + new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Deal information, collateral and bond information of the bond analysis screen (spec 001 §2.1). */
export function BondInfoPanel({ deal, bond, bonds, settlement, onPickDeal, onBond, onSettlement, canLoanLevel, loanLevel, onLoanLevel }: {
  deal: DealDetail; bond: Bond; bonds: Bond[]; settlement: number; onPickDeal(): void; onBond(name: string): void; onSettlement(ymd: number): void;
  canLoanLevel: boolean; loanLevel: boolean; onLoanLevel(v: boolean): void;
}) {
  const c = deal.CollateralInfo;
  const month = deal.DatesOfAvailableUpdates.find((d) => Math.floor(d / 100) === Math.floor(settlement / 100)) ?? '';
  return (
    <section className="crt-panel" data-testid="bond-info">
      <div className="d-flex align-items-baseline">
        <h2 className="h5" data-testid="deal-title">{deal.DealName} — Bond Analysis</h2>
        <HelpLink slug="price-from-dm" />
      </div>
      <div className="row g-3">
        <div className="col-lg-4">
          <dl className="row small mb-0">
            <dt className="col-6">Deal</dt>
            <dd className="col-6"><button type="button" className="btn btn-link btn-sm p-0" data-testid="deal-name-link" onClick={onPickDeal}>{deal.DealName}</button></dd>
            <dt className="col-6"><label htmlFor="activity-month" className="mb-0">Activity Month</label></dt>
            <dd className="col-6">
              <select id="activity-month" className="form-select form-select-sm" data-testid="activity-month" value={String(month)} onChange={(e) => onSettlement(monthEnd(Number(e.target.value)))}>
                {!month && <option value="">{formatDate(settlement)}</option>}
                {deal.DatesOfAvailableUpdates.map((d) => <option key={d} value={d}>{formatDate(d)}</option>)}
              </select>
            </dd>
            <dt className="col-6">Settlement Date</dt><dd className="col-6" data-testid="settlement">{formatDate(settlement)}</dd>
            <dt className="col-6">Issue Date</dt><dd className="col-6">{formatDate(deal.IssueDate)}</dd>
            <dt className="col-6">Optional Cancellation</dt><dd className="col-6">{formatDate(deal.OptionalCancellationDate)}</dd>
            <dt className="col-6">Maturity Date</dt><dd className="col-6">{formatDate(deal.MaturityDate)}</dd>
          </dl>
          {canLoanLevel && (
            <label className="form-check small mt-2">
              <input type="checkbox" className="form-check-input" checked={loanLevel} data-testid="use-loan-level" onChange={(e) => onLoanLevel(e.target.checked)} />
              <span className="form-check-label">Use Loan Level</span>
            </label>
          )}
        </div>
        <div className="col-lg-4">
          <h3 className="h6">Collateral</h3>
          <dl className="row small mb-0" data-testid="collateral-info">
            <dt className="col-6">Original Balance</dt><dd className="col-6 text-end">{formatDollars(c.OriginalBalance)}</dd>
            <dt className="col-6">Current Balance</dt><dd className="col-6 text-end">{formatDollars(c.CurrentBalance)}</dd>
            <dt className="col-6">Deal Factor</dt><dd className="col-6 text-end">{formatDecimal(c.DealFactor)}</dd>
            <dt className="col-6">WAC</dt><dd className="col-6 text-end">{formatPercent(c.WAC)}</dd>
            <dt className="col-6">WAM</dt><dd className="col-6 text-end">{c.WAM}</dd>
            <dt className="col-6">WALA</dt><dd className="col-6 text-end">{c.WALA}</dd>
            <dt className="col-6">Projected Losses</dt><dd className="col-6 text-end">{formatDollars(c.ProjectedLosses)}</dd>
          </dl>
        </div>
        <div className="col-lg-4">
          <h3 className="h6"><label htmlFor="bond-select" className="mb-0">Bond Information</label></h3>
          <select id="bond-select" className="form-select form-select-sm mb-2" data-testid="bond-select" value={bond.BondName} onChange={(e) => onBond(e.target.value)}>
            {bonds.map((b) => <option key={b.BondName} value={b.BondName}>{b.BondName}</option>)}
          </select>
          <dl className="row small mb-0" data-testid="bond-details">
            <dt className="col-6">CUSIP</dt><dd className="col-6 text-end">{bond.Cusip ?? '-----'}</dd>
            <dt className="col-6">Type</dt><dd className="col-6 text-end">{bond.BondType}</dd>
            <dt className="col-6">Original Balance</dt><dd className="col-6 text-end">{formatDollars(bond.OriginalBalance)}</dd>
            <dt className="col-6">Current Balance</dt><dd className="col-6 text-end">{formatDollars(bond.CurrentBalance)}</dd>
            <dt className="col-6">Factor</dt><dd className="col-6 text-end">{formatDecimal(bond.Factor)}</dd>
            <dt className="col-6">Coupon</dt><dd className="col-6 text-end">{bond.Coupon === null ? '-----' : formatPercent(bond.Coupon, 4)}</dd>
            <dt className="col-6">Formula</dt><dd className="col-6 text-end">{bond.FloaterFormula?.replace(/LIBOR/gi, 'SOFR') ?? '-----'}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
