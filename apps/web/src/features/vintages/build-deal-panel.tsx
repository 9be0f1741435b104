/**
 * "Build deal from this population" on the Vintages screen (issue 33 #4): the filters on screen (a
 * Fannie reference pool, or any population) become a STACR-like deal named by the user, with a
 * senior/mezzanine/first-loss stack; its collateral history is what the loans reported and its runs
 * start from the last reported month. OnlineDeals_Creator and Admin only (the server checks too).
 */
import { DEFAULT_GSE_DEAL_BONDS, GseDealCreatedSchema, type GseDealCreated, type GseDealRequest } from '@opencrt/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi, useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { formatDollars } from '../../components/format/catalog-format.ts';
import type { VintageForm } from './vintages-model.ts';

/** The form's non-blank filters (the vintage grouping `by` is not a filter). */
export function populationOf(form: VintageForm): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter(([k, v]) => k !== 'by' && String(v).trim() !== '').map(([k, v]) => [k, String(v).trim()]));
}

export function BuildDealPanel({ form }: { form: VintageForm }) {
  const api = useApi();
  const alerts = useAlerts();
  const { hasRole } = useSession();
  const [name, setName] = useState('');
  const [bonds, setBonds] = useState<GseDealRequest['Bonds']>(DEFAULT_GSE_DEAL_BONDS);
  const [busy, setBusy] = useState(false);
  const [built, setBuilt] = useState<GseDealCreated | null>(null);
  if (!hasRole('OnlineDeals_Creator', 'Admin')) return null;
  const suggested = form.referencePool.trim() ? `CAS ${form.referencePool.trim()}` : 'STACR GSE POOL';
  const setBond = (i: number, key: 'BondName' | 'AttachmentPct' | 'SpreadPct', value: string) =>
    setBonds((bs) => bs.map((b, j) => (j === i ? { ...b, [key]: key === 'BondName' ? value : Number(value) } : b)));

  const build = async () => {
    setBusy(true);
    try {
      const created = await api.post('/loan-data/deals', { Name: (name || suggested).trim(), Population: populationOf(form), Bonds: bonds }, GseDealCreatedSchema);
      setBuilt(created);
      alerts.success(`Deal ${created.DealName} built from ${created.Loans.toLocaleString('en-US')} loans.`);
    } catch (error) { alerts.error(error); } finally { setBusy(false); }
  };

  return (
    <section className="border rounded p-2 mb-3 bg-white" data-testid="build-deal-panel">
      <h5>Build a deal from this population</h5>
      <p className="small text-body-secondary mb-2">
        The loans the filters choose (a Fannie CAS/CIRT reference pool: fill in Reference pool) become a deal: its loan tape and
        monthly collateral history as reported, the bond stack below (senior first, each bond attaching at its %). Runs start from the last reported month.
      </p>
      <div className="d-flex flex-wrap gap-3 align-items-end">
        <div>
          <label className="form-label small mb-1" htmlFor="gse-deal-name">Deal name</label>
          <input id="gse-deal-name" className="form-control form-control-sm" style={{ width: '14rem' }} placeholder={suggested} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <table className="table table-sm mb-0 w-auto small" data-testid="gse-deal-bonds">
          <thead><tr><th>Bond</th><th>Attachment %</th><th>Spread %</th></tr></thead>
          <tbody>
            {bonds.map((b, i) => (
              <tr key={i}>
                <td><input aria-label={`Bond ${i + 1} name`} className="form-control form-control-sm" style={{ width: '5rem' }} value={b.BondName} onChange={(e) => setBond(i, 'BondName', e.target.value)} /></td>
                <td><input aria-label={`Bond ${i + 1} attachment`} type="number" step="0.25" className="form-control form-control-sm" style={{ width: '5.5rem' }} value={b.AttachmentPct} onChange={(e) => setBond(i, 'AttachmentPct', e.target.value)} /></td>
                <td><input aria-label={`Bond ${i + 1} spread`} type="number" step="0.25" className="form-control form-control-sm" style={{ width: '5.5rem' }} value={b.SpreadPct} onChange={(e) => setBond(i, 'SpreadPct', e.target.value)} /></td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="btn btn-sm btn-primary" disabled={busy} data-testid="gse-deal-build" onClick={() => void build()}>{busy ? 'Building…' : 'Build deal'}</button>
      </div>
      {built && (
        <div className="small mt-2" data-testid="gse-deal-built">
          {built.DealName}: {built.Loans.toLocaleString('en-US')} loans, {built.Months} months ({built.FirstPeriod}–{built.LastPeriod}), balance {formatDollars(built.OriginalBalance)} → {formatDollars(built.CurrentBalance)},
          net loss {formatDollars(built.CumulativeNetLoss)}, tape of {built.TapeLoans.toLocaleString('en-US')} loans.{' '}
          <Link to={`/deal_analysis?dealName=${encodeURIComponent(built.DealName)}`} data-testid="gse-deal-open">Run it on Deal Analysis</Link>{' · '}
          <Link to="/loans">History on Loans</Link>
        </div>
      )}
    </section>
  );
}
