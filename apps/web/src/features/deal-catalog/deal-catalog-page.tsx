/**
 * /deal_catalog (spec 000 "Deal Catalog"): filter with Clear, CUSIP search, grouped catalog,
 * admin Export (deals_catalog.csv), the shell's dismissible red alert for errors in the screen's queries,
 * and a redirect to /error when the catalog itself cannot be loaded.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { analysisLink } from '../../components/deal-catalog/catalog-groups.ts';
import { ApiError } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { saveBlob } from '../../components/cashflow-export/export-cashflows.ts';
import { exportCatalogCsv, findDealByCusip } from '../../components/deal-catalog/deal-catalog.api.ts';
import { useDealCatalog } from '../../components/deal-catalog/use-deal-catalog.ts';
import { DealCatalogView } from '../../components/deal-catalog/deal-catalog-view.tsx';

/** The online deal editor (/deal_create, issue 16): its edit icons and add link show for creators. */
export const ONLINE_DEALS_EDITOR_ENABLED = true;

export function DealCatalogPage() {
  const { api, hasRole } = useSession();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [cusip, setCusip] = useState('');
  const [busy, setBusy] = useState(false);
  const catalog = useDealCatalog({ silent: true });
  const isAdmin = hasRole('Admin');
  const canEditDeals = ONLINE_DEALS_EDITOR_ENABLED && hasRole('OnlineDeals_Creator', 'Admin');

  useEffect(() => {
    if (!catalog.error) return;
    const e = catalog.error;
    const status = e instanceof ApiError ? e.status : 500;
    const reason = e instanceof ApiError ? e.reason : 'Error';
    const query = new URLSearchParams({ status: String(status), reason, msg: e.message });
    void navigate(`/error?${query.toString()}`);
  }, [catalog.error, navigate]);

  async function searchCusip(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!cusip.trim()) {
      alerts.show('danger', 'Please provide CUSIP');
      return;
    }
    setBusy(true);
    try {
      const hit = await findDealByCusip(api, cusip);
      void navigate(analysisLink(hit.DealName, hit.BondName));
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  async function exportCsv(): Promise<void> {
    setBusy(true);
    try {
      saveBlob(await exportCatalogCsv(api), 'deals_catalog.csv');
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container-fluid py-3 d-flex flex-column gap-3" data-testid="deal-catalog-page">
      <div className="d-flex flex-wrap align-items-center gap-3">
        <h1 className="h4 m-0 me-auto">Deal Catalog</h1>
        <form className="input-group" style={{ maxWidth: 340 }} onSubmit={(e) => void searchCusip(e)}>
          <input className="form-control" placeholder="CUSIP" aria-label="CUSIP" data-testid="cusip-input" value={cusip}
            onChange={(e) => setCusip(e.target.value)} />
          <button type="submit" className="btn btn-primary" data-testid="cusip-search" disabled={busy}>Search</button>
        </form>
        {canEditDeals ? <Link className="btn btn-outline-primary" to="/deal_create">Add deal</Link> : null}
        {isAdmin ? (
          <button type="button" className="btn btn-outline-secondary" data-testid="catalog-export" disabled={busy || !catalog.data}
            onClick={() => void exportCsv()}>Export</button>
        ) : null}
      </div>
      {catalog.data
        ? <DealCatalogView rows={catalog.data} editLinks={canEditDeals} height="calc(100vh - 260px)" />
        : <div className="text-body-secondary" data-testid="catalog-loading">{catalog.isPending ? 'Loading deals...' : ''}</div>}
    </div>
  );
}
