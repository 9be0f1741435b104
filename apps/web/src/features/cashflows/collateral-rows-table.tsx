/** The table of one user cashflow (spec 002 §3 columns); the first period row is blank except Balance. */
import type { CollateralCashflowLists } from '@opencrt/contracts';
import { CASHFLOW_COLUMNS } from './cashflow-file.ts';
import { ScrollRegion } from '../../components/scroll-region/scroll-region.tsx';

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 4 });

export function CollateralRowsTable({ lists }: { lists: CollateralCashflowLists }) {
  return (
    <ScrollRegion label="Cashflow rows" className="border rounded bg-white" style={{ maxHeight: '65vh' }}>
      <table className="table table-sm table-striped mb-0 small text-end" data-testid="cashflow-table">
        <thead className="table-light sticky-top">
          <tr>
            <th className="text-start">Period</th>
            {CASHFLOW_COLUMNS.map((c) => <th key={c.key}>{c.title}</th>)}
          </tr>
        </thead>
        <tbody>
          {lists.Balance.map((_, k) => (
            <tr key={k} data-testid="cashflow-row">
              <td className="text-start">{k}</td>
              {CASHFLOW_COLUMNS.map((c) => {
                const value = lists[c.key][k] ?? 0;
                const shown = k === 0 && c.key !== 'Balance' ? '' : c.fraction ? percent.format(value) : money.format(value);
                return <td key={c.key} data-col={c.key}>{shown}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
