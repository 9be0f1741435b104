/**
 * /admin_reports (spec 002 "Report management", Admin): the report list on the left, the editor on
 * the right. Any edit freezes the list; switching, Refresh or resetting a filter while modified
 * asks 'Current Model is modified. Discard changes?'. Test Query extracts the @parameters, runs the
 * report as edited with the test values and, when it ran, saves it and derives the columns from the result.
 */
import {
  formatReportIssue, REPORT_EXECUTED, REPORT_EXECUTED_NO_ROWS, REPORT_MODIFIED_DISCARD, REPORT_NOT_EXECUTED, reportIssues,
  type Report, type ReportIssue, type ReportListItem, type ReportRunResponse,
} from '@opencrt/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { messageOf } from '../../api/errors.ts';
import { copyReport, markedRows, missingTestValues, newReport, sameReport, syncColumns, syncParameters } from './report-editor-model.ts';
import { ReportEditorTabs, type EditorTab } from './report-editor-tabs.tsx';
import { ReportListPanel } from './report-list-panel.tsx';
import { deleteReport, listAllReports, loadReport, saveReport, testReport } from '../../api/reports.api.ts';
import { ReportSourceStatusNote } from './report-source-status.tsx';

export function AdminReportsPage() {
  const { api } = useSession();
  const alerts = useAlerts();
  const [reports, setReports] = useState<ReportListItem[]>([]);
  const [original, setOriginal] = useState<Report | null>(null);
  const [draft, setDraft] = useState<Report | null>(null);
  const [tab, setTab] = useState<EditorTab>('report');
  const [issues, setIssues] = useState<ReportIssue[]>([]);
  const [preview, setPreview] = useState<ReportRunResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const modified = draft !== null && !sameReport(draft, original);
  const marked = useMemo(() => markedRows(issues), [issues]);

  const refreshList = useCallback(async () => {
    try { setReports(await listAllReports(api)); } catch (error) { alerts.error(error); }
  }, [api, alerts]);
  useEffect(() => { void refreshList(); }, [refreshList]);

  const confirmDiscard = () => window.confirm(REPORT_MODIFIED_DISCARD);
  const open = (report: Report | null, isNew = false) => {
    setOriginal(isNew ? null : report);
    setDraft(report);
    setIssues([]);
    setPreview(null);
    setTab('report');
  };

  const select = async (id: number) => {
    if (draft?.Id === id && !modified) return;
    if (modified && !confirmDiscard()) return;
    try { open(await loadReport(api, id)); } catch (error) { alerts.error(error); }
  };
  const refresh = async () => {
    if (modified && !confirmDiscard()) return;
    await refreshList();
    if (draft && draft.Id !== 0) {
      try { open(await loadReport(api, draft.Id)); } catch { open(null); }
    } else open(null);
  };

  /** Validation shown as 'Error in "{model}", field "{field}": {message}' with the rows marked. */
  const showIssues = (found: ReportIssue[]): boolean => {
    setIssues(found);
    if (found.length === 0) return true;
    alerts.show('danger', found.map(formatReportIssue).join('\n'), 8000);
    const first = found[0]!;
    setTab(first.model === 'Report' ? 'report' : first.model === 'Parameter' ? 'parameters' : 'columns');
    return false;
  };

  const persist = async (report: Report): Promise<Report | null> => {
    try {
      const saved = await saveReport(api, report);
      setOriginal(saved);
      setDraft(saved);
      await refreshList();
      return saved;
    } catch (error) { alerts.error(error); return null; }
  };

  const save = async () => {
    if (!draft || !showIssues(reportIssues(draft))) return;
    setBusy(true);
    const saved = await persist(draft);
    setBusy(false);
    if (saved) alerts.success(`Report "${saved.Name}" saved.`);
  };

  /** Test Query: runs the report as edited; only a run that succeeds is saved (a broken query never reaches consumers). */
  const testQuery = async () => {
    if (!draft) return;
    const synced = syncParameters(draft);
    setDraft(synced);
    if (!showIssues([...reportIssues(synced), ...missingTestValues(synced)])) return;
    setBusy(true);
    try {
      let result: ReportRunResponse;
      try {
        result = await testReport(api, synced, synced.Parameters.map((p) => ({ DbName: p.DbName, Name: p.Name, Value: p.Value ?? '' })));
      } catch (error) {
        setPreview(null);
        alerts.show('danger', `${REPORT_NOT_EXECUTED}\n${messageOf(error)}`, 10_000);
        return;
      }
      const saved = await persist(synced);
      if (!saved) return;
      setPreview(result);
      if (result.Columns.length > 0) setDraft(syncColumns(saved, result.Columns));
      setTab('results');
      if (result.Rows.length === 0) alerts.show('warning', REPORT_EXECUTED_NO_ROWS);
      else alerts.show('info', REPORT_EXECUTED);
    } finally { setBusy(false); }
  };

  const remove = async () => {
    if (!draft) return;
    if (draft.Id === 0) { open(null); return; }
    if (!window.confirm(`Delete the report "${original?.Name ?? draft.Name}"?`)) return;
    try {
      await deleteReport(api, draft.Id);
      alerts.success(`Report "${original?.Name ?? draft.Name}" deleted.`);
      open(null);
      await refreshList();
    } catch (error) { alerts.error(error); }
  };

  const revert = () => {
    if (!draft) return;
    if (draft.Id === 0 && original === null) { open(null); return; }
    setDraft(original);
    setIssues([]);
  };

  return (
    <div data-testid="admin-reports">
      <h4 className="mb-3">Report Management</h4>
      <ReportSourceStatusNote />
      <div className="row g-3">
        <div className="col-lg-4">
          <ReportListPanel reports={reports} selectedId={draft && draft.Id !== 0 ? draft.Id : null} hasNew={draft?.Id === 0} modified={modified}
            onSelect={(id) => void select(id)} onRefresh={() => void refresh()} confirmDiscard={confirmDiscard}
            onAdd={() => open(newReport(), true)}
            onCopy={() => { if (draft) open(copyReport(draft), true); }} />
        </div>
        <div className="col-lg-8">
          {draft === null ? <div className="text-body-secondary" data-testid="report-editor-empty">Select a report, or Add one.</div> : (
            <div data-testid="report-editor">
              <div className="d-flex gap-2 mb-2 align-items-center">
                <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => void testQuery()} data-testid="report-test">Test Query</button>
                <button type="button" className="btn btn-sm btn-success" disabled={busy} onClick={() => void save()} data-testid="report-save">Save</button>
                <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy} onClick={() => void remove()} data-testid="report-delete">Delete</button>
                <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy || !modified} onClick={revert} data-testid="report-revert">Revert</button>
                {modified && <span className="badge text-bg-warning" data-testid="report-modified">Modified</span>}
                <span className="ms-auto small text-body-secondary">{draft.Id === 0 ? 'New report' : `Report #${draft.Id}`}</span>
              </div>
              {issues.length > 0 && (
                <div className="alert alert-danger py-2 small" data-testid="report-issues" style={{ whiteSpace: 'pre-line' }}>
                  {issues.map(formatReportIssue).join('\n')}
                </div>
              )}
              <ReportEditorTabs draft={draft} tab={tab} onTab={setTab} onChange={(r) => setDraft(r)} marked={marked} preview={preview} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
