/**
 * "User cashflow" select of the deal, bond, ACIS and CIRT screens (spec 002: a saved user
 * collateral cashflow runs as prerun collateral): the caller's cashflows of the analysed deal, from
 * /cashflows. Choosing one replaces CPR, CDR, severity and delinquency, as a saved scenario does.
 */
import { userCashflowLabel, type UserCollateralCashflow } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session-context.tsx';
import { loadUserCashflows } from '../../api/cashflows.api.ts';

export function UserCashflowSelect({ dealName, value, onChange }: {
  dealName: string; value: UserCollateralCashflow | null; onChange(next: UserCollateralCashflow | null): void;
}) {
  const { api } = useSession();
  const { data = [] } = useQuery({ queryKey: ['user-cashflows', dealName], queryFn: () => loadUserCashflows(api, dealName), staleTime: 30_000 });
  // Nothing to offer: the control stays out of the way (the /cashflows screen is where files are loaded).
  if (data.length === 0 && !value) return null;
  const chosen = value ? userCashflowLabel(value) : '';
  return (
    <div className="small mt-1 d-flex align-items-center gap-1" data-testid="user-cashflow-choice">
      <label htmlFor="user-cashflow-select" className="text-nowrap">User cashflow:</label>
      <select id="user-cashflow-select" className="form-select form-select-sm" style={{ width: 'auto', maxWidth: '100%' }} data-testid="user-cashflow-select"
        value={chosen} onChange={(e) => onChange(data.find((c) => userCashflowLabel(c) === e.target.value) ?? null)}>
        <option value="">none</option>
        {data.map((c) => { const l = userCashflowLabel(c); return <option key={l} value={l}>{l}</option>; })}
      </select>
    </div>
  );
}
