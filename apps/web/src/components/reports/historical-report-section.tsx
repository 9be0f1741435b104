/**
 * The historical-report section of the deal and bond screens (spec 000 §2 deal information panel,
 * §7 "A historical report named 'Deal Historical' is run with the deal parameter"; spec 001 bond
 * screen's historical bond report). Lists the reports marked for that screen, runs the chosen one
 * with the screen's deal, shows the rows under their formats and exports them.
 */
import { REPORT_EXECUTED_NO_ROWS, REPORT_NOT_EXECUTED, type Report, type ReportListItem, type ReportRunResponse } from '@opencrt/contracts';
import { useEffect, useState } from 'react';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../alerts/alerts.tsx';
import { messageOf } from '../../api/errors.ts';
import { saveXlsx } from '../cashflow-export/export-cashflows.ts';
import { reportFileName, reportWorkbook } from './report-export.ts';
import { displayColumns } from './report-format.ts';
import { parameterMessages, initialValues, ReportParameterInputs, runValues, type ParameterValues } from './report-parameter-inputs.tsx';
import { ReportResultsTable } from './report-results-table.tsx';
import { listHistoricalReports, loadHistoricalReport, runHistoricalReport } from '../../api/reports.api.ts';

/** The report each screen opens with when it exists (spec 000 names 'Deal Historical'). */
const PREFERRED = { Deal: 'Deal Historical', Bond: 'Bond Historical' } as const;

export function HistoricalReportSection({ kind, dealName }: { kind: 'Deal' | 'Bond'; dealName: string }) {
  const { api } = useSession();
  const alerts = useAlerts();
  const [reports, setReports] = useState<ReportListItem[]>([]);
  const [report, setReport] = useState<Report | null>(null);
  const [values, setValues] = useState<ParameterValues>({});
  const [result, setResult] = useState<ReportRunResponse | null>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    let live = true;
    listHistoricalReports(api, kind).then(async (list) => {
      if (!live) return;
      setReports(list);
      const first = list.find((r) => r.Name === PREFERRED[kind]) ?? list[0];
      if (first) {
        const loaded = await loadHistoricalReport(api, first.Id);
        if (!live) return;
        setReport(loaded);
        setValues(initialValues(loaded.Parameters));
      }
    }).catch((e: unknown) => alerts.error(e));
    return () => { live = false; };
  }, [api, alerts, kind]);
  useEffect(() => { setResult(null); }, [dealName]);

  const choose = async (id: number) => {
    setResult(null);
    try {
      const loaded = await loadHistoricalReport(api, id);
      setReport(loaded);
      setValues(initialValues(loaded.Parameters));
    } catch (error) { alerts.error(error); }
  };

  // The deal parameter comes from the screen; any other parameter is filled here.
  const withDeal = (r: Report): ParameterValues => ({
    ...values, ...Object.fromEntries(r.Parameters.filter((p) => p.Type === 'select' && p.SubType === 'deals').map((p) => [p.DbName, dealName])),
  });

  const run = async () => {
    if (!report || !dealName) return;
    const filled = withDeal(report);
    const empty = parameterMessages(report.Parameters, filled);
    if (empty.length > 0) { alerts.show('danger', empty.join('\n')); return; }
    setRunning(true);
    try {
      const answer = await runHistoricalReport(api, report.Id, runValues(report.Parameters, filled));
      setResult(answer);
      if (answer.Rows.length === 0) alerts.show('warning', REPORT_EXECUTED_NO_ROWS);
    } catch (error) {
      setResult(null);
      alerts.show('danger', `${REPORT_NOT_EXECUTED}\n${messageOf(error)}`, 10_000);
    } finally { setRunning(false); }
  };

  if (reports.length === 0) return null;
  const columns = report && result ? displayColumns(report.Columns, result.Columns) : [];
  const otherParameters = report?.Parameters.filter((p) => !(p.Type === 'select' && p.SubType === 'deals')) ?? [];
  return (
    <div className="card mb-3" data-testid={`historical-report-${kind.toLowerCase()}`}>
      <div className="card-header py-2 d-flex flex-wrap gap-2 align-items-center">
        <label className="fw-semibold mb-0" htmlFor={`historical-report-select-${kind.toLowerCase()}`}>Historical Report</label>
        <select id={`historical-report-select-${kind.toLowerCase()}`} className="form-select form-select-sm" style={{ width: '16rem' }} value={report?.Id ?? ''} onChange={(e) => void choose(Number(e.target.value))}
          data-testid="historical-report-select">
          {reports.map((r) => <option key={r.Id} value={r.Id}>{r.Name}</option>)}
        </select>
        <button type="button" className="btn btn-sm btn-primary" disabled={!report || !dealName || running} onClick={() => void run()} data-testid="historical-report-run">
          {running ? 'Running...' : 'Run Historical Report'}
        </button>
        <button type="button" className="btn btn-sm btn-outline-success" disabled={!result || result.Rows.length === 0}
          onClick={() => { if (report && result) void reportWorkbook(`${report.Name} ${dealName}`, columns, result.Rows).then((b) => saveXlsx(b, reportFileName(`${report.Name}_${dealName}`, new Date())), (e: unknown) => alerts.error(e)); }}
          data-testid="historical-report-export">Export to Excel</button>
      </div>
      {(otherParameters.length > 0 || result) && (
        <div className="card-body py-2">
          {otherParameters.length > 0 && <div className="mb-2"><ReportParameterInputs parameters={otherParameters} values={values} onChange={setValues} /></div>}
          {result && <ReportResultsTable columns={columns} rows={result.Rows} testId="historical-report-results" maxHeight="40vh" />}
        </div>
      )}
    </div>
  );
}
