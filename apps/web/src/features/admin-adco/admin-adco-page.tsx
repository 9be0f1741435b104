/**
 * /admin_adco — Model management (spec 002 §5, checklist §7): load the scenario-vector
 * spreadsheet, pick deals and a settlement date, 'Run ADco vectors' → one shallow LDM run per
 * deal × scenario that stores the scenario, with a progress table of each server answer.
 */
import { useState } from 'react';
import { messageOf } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';
import { DealCatalogPicker } from '../../components/deal-catalog-modal/deal-catalog-picker.tsx';
import { inputToYmd } from '../../components/run-inputs/analysis-inputs.ts';
import { adcoRunBody, adcoRunPath, readAdcoWorkbook, type AdcoScenario } from './adco-sheet.ts';

interface ProgressRow { deal: string; scenario: string; response: string; state: 'waiting' | 'running' | 'ok' | 'failed' }

/** Deal names typed in the box: comma or newline separated, blanks and repeats dropped. */
export function dealNamesOf(text: string): string[] {
  return [...new Set(text.split(/[,\n]/).map((d) => d.trim()).filter(Boolean))];
}

export function AdminAdcoPage() {
  const { api } = useSession();
  const [scenarios, setScenarios] = useState<AdcoScenario[]>([]);
  const [fileName, setFileName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [dealsText, setDealsText] = useState('');
  const [settlement, setSettlement] = useState('');
  const [picker, setPicker] = useState(false);
  const [rows, setRows] = useState<ProgressRow[]>([]);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function load(file: File | undefined) {
    setFileError(null);
    setScenarios([]);
    if (!file) return;
    setFileName(file.name);
    try {
      setScenarios(await readAdcoWorkbook(await file.arrayBuffer()));
    } catch (e) {
      setFileError(e instanceof Error ? e.message : String(e));
    }
  }

  async function runAll() {
    const deals = dealNamesOf(dealsText);
    const ymd = inputToYmd(settlement);
    const missing = [scenarios.length ? null : 'Scenario vectors', deals.length ? null : 'Deal Name', ymd ? null : 'Settlement Date'].filter(Boolean);
    setProblem(missing.length ? `Missing required: ${missing.join(', ')}` : null);
    if (missing.length || ymd === null) return;
    const plan: ProgressRow[] = deals.flatMap((deal) => scenarios.map((s) => ({ deal, scenario: s.Name, response: '', state: 'waiting' as const })));
    setRows(plan);
    setRunning(true);
    const update = (i: number, row: Partial<ProgressRow>) => setRows((current) => current.map((r, j) => (j === i ? { ...r, ...row } : r)));
    // One run at a time: each answer lands in its row as it comes (the server's run service queues the engine work).
    let i = 0;
    for (const deal of deals) {
      for (const s of scenarios) {
        update(i, { state: 'running', response: 'Running…' });
        try {
          const result = await api.post<{ ProjectedLosses: number }>(adcoRunPath(s), adcoRunBody(deal, ymd, s));
          update(i, { state: 'ok', response: `Stored. Projected losses ${result.ProjectedLosses.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}` });
        } catch (e) {
          update(i, { state: 'failed', response: messageOf(e) });
        }
        i += 1;
      }
    }
    setRunning(false);
  }

  return (
    <div className="container-fluid" data-testid="admin-adco">
      <h1 className="h4">Model management</h1>
      <DealCatalogPicker show={picker} title="Choose deals"
        onSelect={(name) => { setDealsText((t) => dealNamesOf(`${t},${name}`).join(', ')); setPicker(false); }} onClose={() => setPicker(false)} />
      <div className="row g-3">
        <div className="col-lg-4">
          <label className="form-label small mb-0" htmlFor="adco-file">Scenario vectors (XLSX)</label>
          <input id="adco-file" type="file" accept=".xlsx" className="form-control form-control-sm" data-testid="adco-file"
            onChange={(e) => void load(e.target.files?.[0])} />
          <div className="form-text">Sheets Tsy2Year, Tsy10Year, Hpi (percent by month, scenario names in row 1 from column B) and Tunes (TuneCpr, TuneCdr, TuneSeverity).</div>
          {fileError && <div className="text-danger small" data-testid="adco-file-error">{fileError}</div>}
          {scenarios.length > 0 && (
            <div className="small mt-1" data-testid="adco-scenarios">
              {fileName}: {scenarios.length} scenario{scenarios.length === 1 ? '' : 's'} — {scenarios.map((s) => s.Name).join(', ')}
            </div>
          )}
        </div>
        <div className="col-lg-4">
          <label className="form-label small mb-0" htmlFor="adco-deals">Deal Name</label>
          <div className="input-group input-group-sm">
            <input id="adco-deals" className="form-control" data-testid="adco-deals" placeholder="Deal names, comma separated" value={dealsText}
              onChange={(e) => setDealsText(e.target.value)} />
            <button type="button" className="btn btn-outline-secondary" data-testid="adco-pick-deal" onClick={() => setPicker(true)}>Choose…</button>
          </div>
        </div>
        <div className="col-lg-2">
          <label className="form-label small mb-0" htmlFor="adco-settlement">Settlement Date</label>
          <input id="adco-settlement" type="date" className="form-control form-control-sm" data-testid="adco-settlement" value={settlement}
            onChange={(e) => setSettlement(e.target.value)} />
        </div>
        <div className="col-lg-2 d-flex align-items-end">
          <button type="button" className="btn btn-primary btn-sm" data-testid="adco-run" disabled={running} onClick={() => void runAll()}>Run ADco vectors</button>
        </div>
      </div>
      {problem && <div className="text-danger small mt-2" data-testid="adco-problem">{problem}</div>}
      {rows.length > 0 && (
        <table className="table table-sm table-striped mt-3" data-testid="adco-progress">
          <thead><tr><th>Deal Name</th><th>Scenario Name</th><th>Server Response</th></tr></thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} data-state={r.state}>
                <td>{r.deal}</td><td>{r.scenario}</td>
                <td className={r.state === 'failed' ? 'text-danger' : r.state === 'ok' ? 'text-success' : 'text-secondary'}>{r.response}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
