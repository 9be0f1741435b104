/**
 * /cashflows (spec 002 "User collateral cashflows"): the user's uploaded collateral cashflows. A
 * Cashflows selector shows one in the table; 'Manage cashflows' loads XLSX files (several at once)
 * and deletes cashflows; Save replaces the saved list. Saved cashflows run as the collateral of
 * deal, bond, ACIS, CIRT and portfolio runs (the "User cashflow" select next to the scenario picker).
 */
import {
  duplicateCashflow, userCashflowLabel, USER_CASHFLOWS_SAVE_FAILED, USER_CASHFLOWS_SAVED,
  type UserCollateralCashflow,
} from '@opencrt/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLeavePrompt } from '../../app/use-leave-prompt.ts';
import { ApiError, UNEXPECTED_REST_ERROR } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { saveXlsx } from '../../components/cashflow-export/export-cashflows.ts';
import { cashflowWorkbook, parseCashflowFile, sampleCashflowLists } from './cashflow-file.ts';
import { loadUserCashflows, saveUserCashflows } from '../../api/cashflows.api.ts';
import { CollateralRowsTable } from './collateral-rows-table.tsx';
import { ManageCashflowsModal } from './manage-cashflows-modal.tsx';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();


export function CashflowsPage() {
  const { api } = useSession();
  const alerts = useAlerts();
  const [cashflows, setCashflows] = useState<UserCollateralCashflow[]>([]);
  const [selected, setSelected] = useState('');
  const [loading, setLoading] = useState(true);
  const [unsaved, setUnsaved] = useState(false);
  const [manage, setManage] = useState(false);
  const listRef = useRef(cashflows);
  listRef.current = cashflows;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const list = await loadUserCashflows(api);
      setCashflows(list);
      setSelected((s) => (list.some((c) => same(userCashflowLabel(c), s)) ? s : list[0] ? userCashflowLabel(list[0]) : ''));
      setUnsaved(false);
    } catch (error) { alerts.error(error); } finally { setLoading(false); }
  }, [api, alerts]);
  useEffect(() => { void reload(); }, [reload]);

  const save = useCallback(async (): Promise<boolean> => {
    try {
      await saveUserCashflows(api, listRef.current);
      alerts.success(USER_CASHFLOWS_SAVED);
      await reload();
      return true;
    } catch (error) {
      // The server's message when it gave one (e.g. an unknown deal), else the spec's fallback.
      const serverSaid = error instanceof ApiError && error.message && error.message !== UNEXPECTED_REST_ERROR;
      alerts.error(new Error(serverSaid ? error.message : USER_CASHFLOWS_SAVE_FAILED));
      return false;
    }
  }, [api, alerts, reload]);

  // Leaving with unsaved changes asks whether to save (as the vector and scenario lists do).
  useLeavePrompt(unsaved, save);

  /** Parses every file; good ones are added, each problem (malformed file, duplicate label) is listed. */
  const loadFiles = async (files: File[]) => {
    const problems: string[] = [];
    const added: UserCollateralCashflow[] = [];
    for (const file of files) {
      try {
        const c = await parseCashflowFile(await file.arrayBuffer(), file.name);
        const label = userCashflowLabel(c);
        if ([...listRef.current, ...added].some((x) => same(userCashflowLabel(x), label))) { problems.push(duplicateCashflow(label)); continue; }
        added.push(c);
      } catch (error) { problems.push(error instanceof Error ? error.message : String(error)); }
    }
    if (added.length) {
      setCashflows((list) => [...list, ...added]);
      setSelected(userCashflowLabel(added[0]!));
      setUnsaved(true);
    }
    if (problems.length) alerts.show('danger', problems.join('\n'), 15_000);
  };

  const deleteLabels = (labels: string[]) => {
    const gone = new Set(labels.map((l) => l.toLowerCase()));
    const rest = cashflows.filter((c) => !gone.has(userCashflowLabel(c).toLowerCase()));
    setCashflows(rest);
    if (gone.has(selected.toLowerCase())) setSelected(rest[0] ? userCashflowLabel(rest[0]) : '');
    setUnsaved(true);
  };

  const shown = cashflows.find((c) => same(userCashflowLabel(c), selected)) ?? null;
  return (
    <div data-testid="cashflows-page">
      <h4 className="mb-3">Cashflows</h4>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <label className="form-label mb-0" htmlFor="cashflows-select">Cashflows</label>
        <select id="cashflows-select" className="form-select form-select-sm" style={{ width: 'auto', minWidth: '18rem', maxWidth: '100%' }} data-testid="cashflows-select"
          value={shown ? userCashflowLabel(shown) : ''} disabled={cashflows.length === 0} onChange={(e) => setSelected(e.target.value)}>
          {cashflows.length === 0 && <option value="">No cashflows</option>}
          {cashflows.map((c) => { const l = userCashflowLabel(c); return <option key={l} value={l}>{l}</option>; })}
        </select>
        <button type="button" className="btn btn-sm btn-outline-primary" data-testid="cashflows-manage" onClick={() => setManage(true)}>Manage cashflows</button>
        <button type="button" className="btn btn-sm btn-primary" data-testid="cashflows-save" onClick={() => void save()}>Save</button>
        {unsaved && <span className="badge text-bg-warning" data-testid="cashflows-unsaved">Unsaved changes</span>}
        <button type="button" className="btn btn-sm btn-link ms-auto" data-testid="cashflows-sample"
          onClick={() => void cashflowWorkbook(sampleCashflowLists()).then((d) => saveXlsx(d, 'STACR 2026-DNA1.202602.Sample.xlsx'))}>Download sample file</button>
        {shown && (
          <button type="button" className="btn btn-sm btn-link" data-testid="cashflows-download"
            onClick={() => void cashflowWorkbook(shown.CollateralCashflow).then((d) => saveXlsx(d, `${[shown.DealName, shown.CollateralMonth, shown.ScenarioName, ...(shown.Vendor ? [shown.Vendor] : [])].join('.')}.xlsx`))}>
            Download this cashflow
          </button>
        )}
      </div>
      <p className="small text-body-secondary mb-2">
        One XLSX file per cashflow, named <code>deal.month.scenario[.vendor].xlsx</code>. First row: Period, Balance, Gross Interest, Net Interest,
        Scheduled Principal, Prepaid Principal, Defaults, Losses, Recoveries, Delinquency, Libor; then period 0 (only Balance) and one row per month.
        Amounts in dollars; Delinquency and Libor as fractions (1 % = 0.01). A run on a cashflow scales it to the deal's balance at settlement.
      </p>
      {loading ? <div className="text-body-secondary">Loading cashflows...</div>
        : shown ? <CollateralRowsTable lists={shown.CollateralCashflow} />
          : <div className="text-body-secondary" data-testid="cashflows-empty">No cashflows yet. Load XLSX files with Manage cashflows.</div>}
      {manage && <ManageCashflowsModal cashflows={cashflows} onLoad={(f) => void loadFiles(f)} onDelete={deleteLabels} onClose={() => setManage(false)} />}
    </div>
  );
}
