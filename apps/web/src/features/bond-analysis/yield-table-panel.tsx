import { YieldTableResponse, exportToday, type ScenarioSummary, type YieldTableCell } from '@opencrt/contracts';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { messageOf } from '../../api/errors.ts';
import { saveXlsx } from '../../components/cashflow-export/export-cashflows.ts';
import { listScenarios } from '../../components/scenario-list/scenario-list.api.ts';
import { cellGrid, cellText, parseColumns, rowsProblem, yieldTableBody, type YieldTableAxis, type YieldTableRowInput } from './yield-table-model.ts';
import { yieldTableWorkbook } from './yield-table-xlsx.ts';

/** Column captions of the scenario rows: each input is named by its row and this caption. */
const ROW_HEADERS = { cpr: 'CPR (%)', cdr: 'CDR (%)', lossSeverity: 'Loss Severity (%)', delinquency: 'Delinquency (%)' } as const;

export interface YieldTablePanelProps {
  api: ApiClient;
  dealName: string;
  bondName: string;
  /** The bond floats: the columns may be discount margins. */
  floating: boolean;
  /** The bond inputs the table shares with the pricing panel (deal, bond, settlement, SOFR, cleanup call, convention). */
  baseBody(): Record<string, unknown>;
  /** The pricing panel's scenario, the first row's default (percent text). */
  current: Omit<YieldTableRowInput, 'name' | 'scenarioId'>;
  settlement: number | null;
}

const blankRow = (n: number, current: YieldTablePanelProps['current']): YieldTableRowInput => ({ name: n === 1 ? 'Base' : `Scenario ${n}`, ...current, scenarioId: null });

/** Yield table (issue 25 #4): scenarios typed or saved (rows) × prices or DMs (columns), with XLSX export. */
export function YieldTablePanel(p: YieldTablePanelProps) {
  const [rows, setRows] = useState<YieldTableRowInput[]>(() => [blankRow(1, p.current)]);
  const [axis, setAxis] = useState<YieldTableAxis>('price');
  const [columnsText, setColumnsText] = useState('97, 98, 99, 100, 101');
  const [saved, setSaved] = useState<ScenarioSummary[]>([]);
  const [answer, setAnswer] = useState<{ cells: YieldTableCell[]; names: string[]; columns: number[]; axis: YieldTableAxis } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { api, dealName } = p;
  useEffect(() => {
    let live = true;
    listScenarios(api).then((list) => { if (live) setSaved(list.filter((s) => !s.DealName || s.DealName === dealName)); }).catch(() => { if (live) setSaved([]); });
    return () => { live = false; };
  }, [api, dealName]);
  const shownAxis: YieldTableAxis = p.floating ? axis : 'price';
  const setRow = (i: number, patch: Partial<YieldTableRowInput>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function run() {
    const parsed = parseColumns(columnsText, shownAxis);
    const problem = rowsProblem(rows) ?? ('problem' in parsed ? parsed.problem : null);
    setError(problem);
    if (problem || !('values' in parsed)) return;
    setBusy(true);
    try {
      const res = await p.api.post('/simulate/yield-table', yieldTableBody(p.baseBody(), rows, shownAxis, parsed.values), YieldTableResponse);
      setAnswer({ cells: res.Cells, names: rows.map((r) => r.name.trim()), columns: parsed.values, axis: shownAxis });
    } catch (e) {
      setAnswer(null);
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  async function exportXlsx() {
    if (!answer) return;
    const data = await yieldTableWorkbook({ dealName: p.dealName, bondName: p.bondName, settlement: String(p.settlement ?? ''), runDate: exportToday(new Date()) },
      answer.names, answer.axis, answer.columns, answer.cells);
    saveXlsx(data, `${`${p.dealName}_${p.bondName}_yield_table`.replace(/[^\w.-]+/g, '_')}.xlsx`);
  }

  const grid = answer ? cellGrid(answer.cells, answer.names.length, answer.columns.length) : null;
  return (
    <section className="crt-panel mt-3" data-testid="yield-table-panel">
      <h3 className="h6">Yield Table</h3>
      <div className="d-flex flex-wrap gap-2 align-items-end small">
        {p.floating && (
          <label className="form-label mb-0">Columns
            <select className="form-select form-select-sm" value={shownAxis} data-testid="yield-table-axis" onChange={(e) => setAxis(e.target.value as YieldTableAxis)}>
              <option value="price">Prices</option>
              <option value="dm">Discount Margins (bp)</option>
            </select>
          </label>
        )}
        <label className="form-label mb-0 flex-grow-1">{shownAxis === 'price' ? 'Prices (comma-separated, up to 20)' : 'Discount Margins in bp (comma-separated, up to 20)'}
          <input className="form-control form-control-sm" value={columnsText} data-testid="yield-table-columns" onChange={(e) => setColumnsText(e.target.value)} />
        </label>
      </div>
      <div className="table-responsive mt-2">
        <table className="table table-sm small mb-1" data-testid="yield-table-rows">
          <thead><tr><th>Scenario</th><th>CPR (%)</th><th>CDR (%)</th><th>Loss Severity (%)</th><th>Delinquency (%)</th><th /></tr></thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} data-testid={`yield-table-row-${i}`}>
                <td><input className="form-control form-control-sm" aria-label={`Scenario ${i + 1} name`} value={r.name} data-testid={`yt-name-${i}`} onChange={(e) => setRow(i, { name: e.target.value })} /></td>
                {r.scenarioId !== null
                  ? <td colSpan={4} className="text-secondary align-middle">Saved scenario</td>
                  : (['cpr', 'cdr', 'lossSeverity', 'delinquency'] as const).map((k) => (
                    <td key={k}><input className="form-control form-control-sm" aria-label={`Scenario ${i + 1} ${ROW_HEADERS[k]}`} value={r[k]} data-testid={`yt-${k}-${i}`} onChange={(e) => setRow(i, { [k]: e.target.value })} /></td>
                  ))}
                <td><button type="button" className="btn btn-sm btn-link" disabled={rows.length === 1} data-testid={`yt-remove-${i}`} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>Remove</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-center small">
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={rows.length >= 20} data-testid="yt-add-row"
          onClick={() => setRows((rs) => [...rs, blankRow(rs.length + 1, p.current)])}>Add scenario</button>
        <select className="form-select form-select-sm w-auto" value="" disabled={rows.length >= 20 || saved.length === 0} data-testid="yt-add-saved" aria-label="Add a saved scenario"
          onChange={(e) => {
            const s = saved.find((x) => x.Id === Number(e.target.value));
            if (s) setRows((rs) => [...rs, { name: s.ScenarioName, cpr: '', cdr: '', lossSeverity: '', delinquency: '', scenarioId: s.Id }]);
          }}>
          <option value="">Add saved scenario…</option>
          {saved.map((s) => <option key={s.Id} value={s.Id}>{s.ScenarioName}{s.Vendor ? ` (${s.Vendor})` : ''}</option>)}
        </select>
        <button type="button" className="btn btn-sm btn-primary" disabled={busy} data-testid="yt-run" onClick={() => void run()}>Run Yield Table</button>
        <button type="button" className="btn btn-sm btn-outline-success" disabled={!answer} data-testid="yt-export" onClick={() => void exportXlsx().catch((e: unknown) => setError(messageOf(e)))}>Export to Excel</button>
      </div>
      {error && <div className="text-danger small mt-2 text-pre-line" data-testid="yt-error">{error}</div>}
      {answer && grid && (
        <div className="table-responsive mt-2">
          <table className="table table-sm table-bordered small font-monospace mb-0" data-testid="yt-result">
            <caption className="caption-top small">{answer.axis === 'price' ? 'Yield by scenario and price; hover a cell for DM, WAL, window and losses' : 'Price by scenario and discount margin (bp)'}</caption>
            <thead><tr><th>Scenario</th>{answer.columns.map((c, j) => <th key={j} className="text-end">{answer.axis === 'price' ? c : `${c} bp`}</th>)}</tr></thead>
            <tbody>
              {answer.names.map((name, r) => (
                <tr key={r}>
                  <th>{name}</th>
                  {(grid[r] ?? []).map((cell, c) => (
                    <td key={c} className="text-end" data-testid={`yt-cell-${r}-${c}`}
                      title={cell ? `DM ${cell.DiscountMargin === null ? '-----' : `${cell.DiscountMargin.toFixed(2)} bp`} · WAL ${cell.Wal.toFixed(2)} · Window ${cell.PrincipalWindow || '-----'} · Write Down ${cell.WritedownPct.toFixed(2)}% · Loss $${cell.PrincipalLoss.toFixed(2)}` : undefined}>
                      {cellText(cell, answer.axis)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
