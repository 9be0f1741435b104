import type { DealRemitHistoryRow } from '@opencrt/contracts';
import { useState } from 'react';
import { useAlerts } from '../alerts/alerts.tsx';
import { CashflowTable, type CashflowColumn } from '../cashflow-table/cashflow-table.tsx';
import { useApi } from '../../app/session-context.tsx';
import { formatDate, formatDecimal, formatDollars, formatPercent } from '../format/catalog-format.ts';
import { fetchDealHistory } from '../../api/deal-analysis.api.ts';

const pct = (v: unknown) => formatPercent(typeof v === 'number' ? v : null, 4);
const COLUMNS: CashflowColumn<DealRemitHistoryRow>[] = [
  { header: 'Date', value: (r) => r.Date, format: (v) => formatDate(v as number), width: 110 },
  { header: 'Current Balance', value: (r) => r.CurrentBalance, format: (v) => formatDollars(v as number), width: 170 },
  { header: 'Factor', value: (r) => r.Factor, format: (v) => formatDecimal(v as number), width: 100 },
  { header: 'Cpr 1 Month', value: (r) => r.Cpr1Mo, format: pct },
  { header: 'Current Loss Pct', value: (r) => r.CurrentLossPct, format: pct },
  { header: 'Cumulated Loss Pct', value: (r) => r.CumulatedLossPct, format: pct, width: 150 },
  { header: 'Delinquency 30 Pct', value: (r) => r.Delinquency30Pct, format: pct, width: 150 },
  { header: 'Delinquency 60 Pct', value: (r) => r.Delinquency60Pct, format: pct, width: 150 },
  { header: 'Delinquency 90Plus Pct', value: (r) => r.Delinquency90PlusPct, format: pct, width: 170 },
  { header: 'Modified Balance Pct', value: (r) => r.ModifiedBalancePct, format: pct, width: 160 },
];

/** Deal History with its Load Deal History button (spec 000 §2). */
export function DealHistoryPanel({ dealName }: { dealName: string }) {
  const api = useApi();
  const alerts = useAlerts();
  const [rows, setRows] = useState<DealRemitHistoryRow[] | null>(null);
  async function load() {
    try { setRows(await fetchDealHistory(api, dealName)); } catch (e) { alerts.error(e); }
  }
  return (
    <section className="crt-panel mt-3" data-testid="deal-history">
      <div className="d-flex align-items-center gap-3 mb-2">
        <h2 className="h5 mb-0">Deal History</h2>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void load()}>Load Deal History</button>
      </div>
      {rows && <CashflowTable rows={rows} columns={COLUMNS} height={300} testId="deal-history-table" />}
    </section>
  );
}
