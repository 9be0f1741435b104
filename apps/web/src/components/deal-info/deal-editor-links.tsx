/**
 * Links to the custom deal editor from an analysis screen (spec 001 §2.4): shown only to users
 * who may create deals online; "Edit deal" for a custom deal with an id.
 */
import type { DealDetail } from '@opencrt/contracts';
import { Link } from 'react-router';
import { useSession } from '../../app/session-context.tsx';

export function DealEditorLinks({ deal, dealType }: { deal: DealDetail; dealType: 'CIRT' | 'STACR_ACIS' }) {
  const { hasRole } = useSession();
  if (!hasRole('OnlineDeals_Creator', 'Admin')) return null;
  return (
    <div className="d-flex gap-3 small mb-2" data-testid="deal-editor-links">
      <Link to={`/deal_create?dealType=${dealType}`}>New {dealType === 'CIRT' ? 'CIRT' : 'STACR + ACIS'} deal</Link>
      {deal.Custom && deal.DealId !== null ? <Link to={`/deal_create?dealType=${dealType}&dealId=${deal.DealId}`}>Edit deal</Link> : null}
    </div>
  );
}
