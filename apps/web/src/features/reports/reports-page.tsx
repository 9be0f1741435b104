/**
 * /reports (spec 002 "Reports", Reports_Consumer or Admin): pick a report, fill its parameters,
 * Run Report, read the rows under the report's column formats with totals, Export to Excel.
 */
import {
  REPORT_EXECUTED, REPORT_EXECUTED_NO_ROWS, REPORT_NOT_EXECUTED,
  type Report, type ReportListItem, type ReportRunResponse,
} from '@opencrt/contracts';
import { useEffect, useState } from 'react';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { messageOf } from '../../api/errors.ts';
import { saveXlsx } from '../../components/cashflow-export/export-cashflows.ts';
import { reportFileName, reportWorkbook } from '../../components/reports/report-export.ts';
import { displayColumns } from '../../components/reports/report-format.ts';
import { parameterMessages, initialValues, ReportParameterInputs, runValues, type ParameterValues } from '../../components/reports/report-parameter-inputs.tsx';
import { ReportResultsTable } from '../../components/reports/report-results-table.tsx';
import { listRunnableReports, loadReport, runReport } from '../../api/reports.api.ts';
import { HelpLink } from '../../components/guide/help-link.tsx';

export function ReportsPage() {
  const { api } = useSession();
  const alerts = useAlerts();
  const [reports, setReports] = useState<ReportListItem[]>([]);
  const [report, setReport] = useState<Report | null>(null);
  const [values, setValues] = useState<ParameterValues>({});
  const [result, setResult] = useState<ReportRunResponse | null>(null);
  const [running, setRunning] = useState(false);
  const [expanded, setExpanded] = useState(true);

  useEffect(() => { listRunnableReports(api).then(setReports, (e: unknown) => alerts.error(e)); }, [api, alerts]);

  const choose = async (id: string) => {
    setResult(null);
    if (id === '') { setReport(null); return; }
    try {
      const loaded = await loadReport(api, Number(id));
      setReport(loaded);
      setValues(initialValues(loaded.Parameters));
    } catch (error) { alerts.error(error); }
  };

  const run = async () => {
    if (!report) return;
    const empty = parameterMessages(report.Parameters, values);
    if (empty.length > 0) { alerts.show('danger', empty.join('\n')); return; }
    setRunning(true);
    try {
      const answer = await runReport(api, report.Id, runValues(report.Parameters, values));
      setResult(answer);
      setExpanded(true);
      if (answer.Rows.length === 0) alerts.show('warning', REPORT_EXECUTED_NO_ROWS);
      else alerts.show('info', answer.Truncated ? `${REPORT_EXECUTED} ${answer.Notice ?? `(first ${answer.RowCap} rows)`}` : REPORT_EXECUTED);
    } catch (error) {
      setResult(null);
      alerts.show('danger', `${REPORT_NOT_EXECUTED}\n${messageOf(error)}`, 10_000);
    } finally { setRunning(false); }
  };

  const columns = report && result ? displayColumns(report.Columns, result.Columns) : [];
  const exportExcel = async () => {
    if (!report || !result) return;
    try {
      saveXlsx(await reportWorkbook(report.Name, columns, result.Rows), reportFileName(report.Name, new Date()));
    } catch (error) { alerts.error(error); }
  };

  return (
    <div data-testid="reports-page">
      <h4 className="mb-3">Reports<HelpLink slug="reports" /></h4>
      <div className="card mb-3">
        <div className="card-body">
          <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
            <div style={{ minWidth: '20rem' }}>
              <label className="form-label small mb-1" htmlFor="report-select">Report</label>
              <select id="report-select" className="form-select form-select-sm" value={report?.Id ?? ''} onChange={(e) => void choose(e.target.value)} data-testid="report-select">
                <option value="">-- select a report --</option>
                {reports.map((r) => <option key={r.Id} value={r.Id}>{r.Name}</option>)}
              </select>
            </div>
            <button type="button" className="btn btn-sm btn-primary" disabled={!report || running} onClick={() => void run()} data-testid="report-run">
              {running ? 'Running...' : 'Run Report'}
            </button>
            <button type="button" className="btn btn-sm btn-outline-success" disabled={!result || result.Rows.length === 0} onClick={() => void exportExcel()} data-testid="report-export">
              Export to Excel
            </button>
          </div>
          {report && <ReportParameterInputs parameters={report.Parameters} values={values} onChange={setValues} />}
        </div>
      </div>
      {result && report && (
        <div data-testid="report-result">
          <div className="d-flex align-items-center gap-2 mb-2">
            <button type="button" className="btn btn-sm btn-link p-0" onClick={() => setExpanded((e) => !e)} data-testid="report-toggle">
              {expanded ? '▾ Collapse' : '▸ Expand'}
            </button>
            <span className="small text-body-secondary" data-testid="report-row-count">
              {result.Rows.length} row{result.Rows.length === 1 ? '' : 's'}{result.Truncated ? ` (${result.Notice ?? `capped at ${result.RowCap}`})` : ''}
            </span>
          </div>
          {expanded && <ReportResultsTable columns={columns} rows={result.Rows} maxHeight="65vh" />}
        </div>
      )}
    </div>
  );
}
