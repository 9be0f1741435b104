import type { BondRemitHistoryRow } from '@opencrt/contracts';
import { useState } from 'react';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { CashflowTable, type CashflowColumn } from '../../components/cashflow-table/cashflow-table.tsx';
import { useApi } from '../../app/session-context.tsx';
import { formatDate, formatDecimal, formatDollars, formatPercent } from '../../components/format/catalog-format.ts';
import { fetchBondHistory } from './bond-analysis.api.ts';

const money = (v: unknown) => formatDollars(typeof v === 'number' ? v : null);
const COLUMNS: CashflowColumn<BondRemitHistoryRow>[] = [
  { header: 'Date', value: (r) => r.Date, format: (v) => formatDate(v as number), width: 110 },
  { header: 'Starting Balance', value: (r) => r.StartingBalance, format: money, width: 160 },
  { header: 'Principal', value: (r) => r.Principal, format: money, width: 150 },
  { header: 'WriteDown', value: (r) => r.WriteDown, format: money, width: 140 },
  { header: 'Current Balance', value: (r) => r.CurrentBalance, format: money, width: 160 },
  { header: 'Factor', value: (r) => r.Factor, format: (v) => formatDecimal(v as number), width: 100 },
  { header: 'Interest', value: (r) => r.Interest, format: money, width: 140 },
  { header: 'Coupon', value: (r) => r.Coupon, format: (v) => formatPercent(v as number, 4), width: 110 },
];

/** Bond History with its Load Bond History button (spec 001 §2.1, §3.3). */
export function BondHistoryPanel({ dealName, bondName }: { dealName: string; bondName: string }) {
  const api = useApi();
  const alerts = useAlerts();
  const [rows, setRows] = useState<BondRemitHistoryRow[] | null>(null);
  async function load() {
    try { setRows(await fetchBondHistory(api, dealName, bondName)); } catch (e) { alerts.error(e); }
  }
  return (
    <section className="crt-panel mt-3" data-testid="bond-history">
      <div className="d-flex align-items-center gap-3 mb-2">
        <h2 className="h5 mb-0">Bond History</h2>
        <button type="button" className="btn btn-sm btn-outline-primary" data-testid="load-bond-history" onClick={() => void load()}>Load Bond History</button>
      </div>
      {rows && <CashflowTable rows={rows} columns={COLUMNS} height={300} testId="bond-history-table" />}
    </section>
  );
}
