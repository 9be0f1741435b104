import type { Bond } from '@opencrt/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDecimal, formatDollars, formatPercent } from '../../components/format/catalog-format.ts';

/** Capital Structure: bonds with links to bond analysis, MACR bonds on request, tabs per group. */
export function CapitalStructure({ dealName, bonds, showMacr, onShowMacr }: {
  dealName: string; bonds: Bond[];
  /** Also decides whether the results show MACR tabs (the page holds it). */
  showMacr: boolean; onShowMacr(show: boolean): void;
}) {
  const groups = [...new Set(bonds.flatMap((b) => b.CollateralGroups))].sort((a, b) => a - b);
  const [group, setGroup] = useState<number | null>(null);
  const shown = bonds.filter((b) => (showMacr || !b.IsMACR) && (group === null || b.CollateralGroups.includes(group)));
  return (
    <section className="crt-panel mt-3" data-testid="capital-structure">
      <div className="d-flex align-items-center gap-3 mb-2">
        <h2 className="h5 mb-0">Capital Structure</h2>
        <label className="small">
          <input type="checkbox" className="form-check-input me-1" checked={showMacr} data-testid="show-macr" onChange={(e) => onShowMacr(e.target.checked)} />
          Show MACR bonds
        </label>
      </div>
      {groups.length > 1 && (
        <ul className="nav nav-pills mb-2">
          {[null, ...groups].map((g) => (
            <li className="nav-item" key={g ?? 'all'}>
              <button type="button" className={`nav-link py-1${group === g ? ' active' : ''}`} data-testid={`capital-group-${g ?? 'all'}`} onClick={() => setGroup(g)}>{g === null ? 'All' : `Group ${g}`}</button>
            </li>
          ))}
        </ul>
      )}
      <div className="table-responsive" style={{ maxHeight: 360 }}>
        <table className="table table-sm table-hover align-middle mb-0">
          <thead className="table-light sticky-top">
            <tr><th>Bond</th><th>CUSIP</th><th className="text-end">Original Balance</th><th className="text-end">Current Balance</th><th className="text-end">Factor</th><th>Coupon</th><th className="text-end">Orig CE</th><th className="text-end">Curr CE</th><th className="text-end">Thickness</th></tr>
          </thead>
          <tbody>
            {shown.map((b) => (
              <tr key={b.BondName} className={b.IsMACR ? 'table-secondary' : undefined} data-testid="capital-row" data-bond={b.BondName}>
                <td className="text-nowrap"><Link to={`/bond_analysis?dealName=${encodeURIComponent(dealName)}&bondName=${encodeURIComponent(b.BondName)}`}>{b.BondName}</Link></td>
                <td>{b.Cusip ?? '-----'}</td>
                <td className="text-end">{formatDollars(b.OriginalBalance)}</td>
                <td className="text-end">{formatDollars(b.CurrentBalance)}</td>
                <td className="text-end">{formatDecimal(b.Factor)}</td>
                {/* One line ('SOFR + 0.85%' wrapped at 1024 px, issue 23 #8). */}
                <td className="text-nowrap" data-testid="capital-coupon">{b.FloaterFormula ? b.FloaterFormula.replaceAll('LIBOR', 'SOFR') : formatPercent(b.Coupon, 4)}</td>
                <td className="text-end">{formatPercent(b.OriginalEnhance, 4)}</td>
                <td className="text-end">{formatPercent(b.CurrentEnhance, 4)}</td>
                <td className="text-end">{formatPercent(b.CurrentThickness, 4)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
