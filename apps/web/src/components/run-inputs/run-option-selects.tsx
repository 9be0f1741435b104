import type { PrepaymentConvention } from './run-options.ts';

/** Collateral group of a run: All (null) or one group; the page shows it for deals with several groups. */
export function CollateralGroupSelect({ groups, value, onChange }: { groups: readonly number[]; value: number | null; onChange(group: number | null): void }) {
  return (
    <label className="form-label small mb-0 d-block">
      Collateral Group
      <select className="form-select form-select-sm" data-testid="collateral-group" value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">All</option>
        {groups.map((g) => <option key={g} value={g}>{`Group ${g}`}</option>)}
      </select>
    </label>
  );
}

/** How the prepayment input is read on ABS deals: annual CPR or the auto-ABS monthly speed. */
export function PrepaymentConventionSelect({ value, onChange, disabled = false }: { value: PrepaymentConvention; onChange(convention: PrepaymentConvention): void; disabled?: boolean }) {
  return (
    <label className="form-label small mb-0 d-block">
      Prepayment Convention
      <select className="form-select form-select-sm" data-testid="prepay-convention" value={value} disabled={disabled}
        onChange={(e) => onChange(e.target.value === 'ABS' ? 'ABS' : 'CPR')}>
        <option value="CPR">CPR (annual)</option>
        <option value="ABS">ABS (monthly, % of original count)</option>
      </select>
    </label>
  );
}
