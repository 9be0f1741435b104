/**
 * The ACIS structure table (spec 001 §2.2, §3.2): one row per ACIS bond with its STACR bond,
 * balances, factor and premium, plus the user-entered Owned Face Amt ($) and Margin (%) that
 * Run All Bonds Scenario and Create portfolio read. Clicking a row (outside the inputs) chooses
 * the bond of Run Scenario and Run Matrix.
 */
import type { AcisStructure, DealDetail } from '@opencrt/contracts';
import type { ReactNode } from 'react';
import { formatDecimal, formatDollars } from '../../components/format/catalog-format.ts';
import { entryOf, type BondEntries, type BondEntry } from './bond-entries.ts';

/**
 * Current balance and factor of a bond at the settlement date: the deal detail's bonds are the
 * ACIS layers as of the chosen remittance month; the stored structure (factor date) otherwise.
 */
export function balanceAt(bond: AcisStructure['Bonds'][number], dated: DealDetail['Bonds']): { current: number; factor: number } {
  const b = dated.find((x) => x.BondName === bond.AcisBondName);
  if (!b) return { current: bond.CurrentBalance, factor: bond.Factor };
  return { current: b.CurrentBalance, factor: bond.OriginalBalance > 0 ? b.CurrentBalance / bond.OriginalBalance : 0 };
}

export function AcisStructureTable({ structure, failed, datedBonds, selected, onSelect, entries, onEntry, children }: {
  structure: AcisStructure | undefined; failed: boolean; datedBonds: DealDetail['Bonds']; selected: string; onSelect(bond: string): void;
  entries: BondEntries; onEntry(bond: string, entry: BondEntry): void; children?: ReactNode;
}) {
  return (
    <section className="crt-panel mt-3" data-testid="acis-structure">
      <h3 className="h6">ACIS Structure{structure ? ` — on ${structure.StacrDealName}` : ''}</h3>
      {failed && <div className="text-danger small">Failed to load deal structure.</div>}
      <table className="table table-sm small mb-0 align-middle">
        <thead>
          <tr>
            <th>ACIS Bond</th><th>STACR Bond</th><th className="text-end">Original Balance</th><th className="text-end">Current Balance</th>
            <th className="text-end">Factor</th><th className="text-end">Premium (%)</th><th>Owned Face Amt ($)</th><th>Margin (%)</th>
          </tr>
        </thead>
        <tbody>
          {structure?.Bonds.map((b) => {
            const at = balanceAt(b, datedBonds);
            const e = entryOf(entries, b.AcisBondName);
            return (
              <tr key={b.AcisBondName} className={b.AcisBondName === selected ? 'table-primary' : undefined} style={{ cursor: 'pointer' }}
                data-testid={`acis-bond-${b.AcisBondName}`} onClick={() => onSelect(b.AcisBondName)}>
                <td>
                  {/* The row is clickable with a mouse; the button makes it reachable by keyboard (a row holding inputs cannot be a button). */}
                  <button type="button" className="btn btn-link btn-sm p-0" aria-pressed={b.AcisBondName === selected}
                    onClick={(ev) => { ev.stopPropagation(); onSelect(b.AcisBondName); }}>{b.AcisBondName}</button>
                </td><td>{b.StacrBondName}</td><td className="text-end">{formatDollars(b.OriginalBalance)}</td>
                <td className="text-end" data-testid="current-balance">{formatDollars(at.current)}</td><td className="text-end">{formatDecimal(at.factor)}</td>
                <td className="text-end">{b.Premium}</td>
                <td onClick={(ev) => ev.stopPropagation()}>
                  <input className="form-control form-control-sm" style={{ minWidth: 130 }} aria-label={`${b.AcisBondName} owned face amount`}
                    value={e.owned} onChange={(ev) => onEntry(b.AcisBondName, { ...e, owned: ev.target.value })} />
                </td>
                <td onClick={(ev) => ev.stopPropagation()}>
                  <input className="form-control form-control-sm" style={{ maxWidth: 80 }} aria-label={`${b.AcisBondName} margin`}
                    value={e.margin} onChange={(ev) => onEntry(b.AcisBondName, { ...e, margin: ev.target.value })} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {children}
    </section>
  );
}
