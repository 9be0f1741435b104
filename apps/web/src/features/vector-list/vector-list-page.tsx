/**
 * /vector_list (spec 001 §2.6): the user's vectors as columns with Add vector and Save; values by
 * typing, pasting, ranges or a spreadsheet (first row names). Shared vectors of others are shown
 * read-only; admins see the Shared checkbox. Leaving with unsaved changes offers to save.
 */
import { NEW_VECTOR_PERIODS, VECTOR_NAME_EMPTY, VECTOR_NAME_TAKEN, VECTORS_SAVED, vectorListIssues } from '@opencrt/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLeavePrompt } from '../../app/use-leave-prompt.ts';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { RangeModal } from './range-modal.tsx';
import { loadVectors, saveVectors } from './vector-list.api.ts';
import { applyRanges, fillBlanks, parsePasted, parseValue, parseVectorSheet, pasteAt, type Cell } from './vector-values.ts';
import { ScrollRegion } from '../../components/scroll-region/scroll-region.tsx';

interface Column { key: number; Name: string; Value: Cell[]; Shared: boolean; Owned: boolean }
let nextKey = 1;

export function VectorListPage() {
  const { api, hasRole } = useSession();
  const alerts = useAlerts();
  const isAdmin = hasRole('Admin');
  const [columns, setColumns] = useState<Column[]>([]);
  const [loading, setLoading] = useState(true);
  const [unsaved, setUnsaved] = useState(false);
  const [newName, setNewName] = useState('');
  const [newShared, setNewShared] = useState(false);
  const [ranges, setRanges] = useState(false);
  const [revision, setRevision] = useState(0);
  const columnsRef = useRef(columns);
  columnsRef.current = columns;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const list = await loadVectors(api);
      setColumns(list.map((v) => ({ key: nextKey++, ...v, Value: v.Value })));
      setUnsaved(false);
      setRevision((r) => r + 1);
    } catch (error) { alerts.error(error); } finally { setLoading(false); }
  }, [api, alerts]);
  useEffect(() => { void reload(); }, [reload]);

  const edit = (key: number, change: (c: Column) => Column) => {
    setColumns((cols) => cols.map((c) => (c.key === key ? change(c) : c)));
    setUnsaved(true);
  };

  const save = useCallback(async (): Promise<boolean> => {
    const owned = columnsRef.current.filter((c) => c.Owned).map((c) => ({ Name: c.Name, Value: fillBlanks(c.Value), Shared: c.Shared }));
    const issues = vectorListIssues(owned);
    if (issues.length > 0) { alerts.error(new Error(issues.join('\n'))); return false; }
    try {
      await saveVectors(api, owned);
      alerts.success(VECTORS_SAVED);
      await reload();
      return true;
    } catch (error) { alerts.error(error); return false; }
  }, [api, alerts, reload]);

  useLeavePrompt(unsaved, save);

  const addVector = () => {
    const name = newName.trim();
    if (!name) { alerts.error(new Error(VECTOR_NAME_EMPTY)); return; }
    if (columns.some((c) => c.Name.toLowerCase() === name.toLowerCase())) { alerts.error(new Error(VECTOR_NAME_TAKEN)); return; }
    setColumns((cols) => [...cols, { key: nextKey++, Name: name, Value: Array<Cell>(NEW_VECTOR_PERIODS).fill(null), Shared: isAdmin && newShared, Owned: true }]);
    setNewName('');
    setUnsaved(true);
  };

  const onPaste = (key: number, index: number) => (e: React.ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!/[\n\t, ]/.test(text.trim())) return; // one value: let the input take it
    e.preventDefault();
    try {
      const cells = parsePasted(text);
      edit(key, (c) => ({ ...c, Value: pasteAt(c.Value, index, cells) }));
      setRevision((r) => r + 1);
    } catch (error) { alerts.error(error); }
  };

  const loadSheet = async (file: File) => {
    try {
      const loaded = await parseVectorSheet(await file.arrayBuffer(), file.name);
      setColumns((cols) => {
        const next = [...cols];
        for (const v of loaded) {
          const i = next.findIndex((c) => c.Owned && c.Name.toLowerCase() === v.Name.toLowerCase());
          if (i >= 0) next[i] = { ...next[i]!, Value: v.Value };
          else next.push({ key: nextKey++, Name: v.Name, Value: v.Value, Shared: false, Owned: true });
        }
        return next;
      });
      setUnsaved(true);
      setRevision((r) => r + 1);
    } catch (error) { alerts.error(error); }
  };

  const rows = Math.max(0, ...columns.map((c) => c.Value.length));
  const owned = columns.filter((c) => c.Owned);
  return (
    <div data-testid="vector-list">
      <h4 className="mb-3">Vectors</h4>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <label className="small mb-0" htmlFor="vector-new-name">New vector name</label>
        <input id="vector-new-name" className="form-control form-control-sm" style={{ width: '14rem' }} data-testid="vector-new-name"
          value={newName} onChange={(e) => setNewName(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') addVector(); }} />
        {isAdmin && (
          <div className="form-check">
            <input className="form-check-input" type="checkbox" id="vector-new-shared" data-testid="vector-new-shared" checked={newShared} onChange={(e) => setNewShared(e.target.checked)} />
            <label className="form-check-label" htmlFor="vector-new-shared">Shared</label>
          </div>
        )}
        <button type="button" className="btn btn-sm btn-outline-primary" data-testid="vector-add" onClick={addVector}>Add vector</button>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="vector-ranges" disabled={owned.length === 0} onClick={() => setRanges(true)}>Create from ranges</button>
        <label className="btn btn-sm btn-outline-secondary mb-0" data-testid="vector-load">Load from spreadsheet
          <input type="file" accept=".xlsx" hidden data-testid="vector-file" onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void loadSheet(f); }} />
        </label>
        <button type="button" className="btn btn-sm btn-primary" data-testid="vector-save" onClick={() => void save()}>Save</button>
        {unsaved && <span className="badge text-bg-warning" data-testid="vector-unsaved">Unsaved changes</span>}
        <a className="ms-auto small" href="/samples/vectors-sample.xlsx" download data-testid="vector-sample">Sample spreadsheet</a>
      </div>
      {loading ? <div className="text-body-secondary">Loading vectors...</div> : columns.length === 0
        ? <div className="text-body-secondary" data-testid="vector-empty">No vectors yet. Add one, or load a spreadsheet.</div>
        : (
          <ScrollRegion label="Vectors" className="border rounded bg-white" style={{ maxHeight: '70vh' }}>
            <table className="table table-sm mb-0 small" data-testid="vector-table" key={revision}>
              <thead className="table-light sticky-top">
                <tr>
                  <th>Period</th>
                  {columns.map((c) => (
                    <th key={c.key} data-testid="vector-column" data-name={c.Name} style={{ minWidth: '7rem' }}>
                      {c.Name}{!c.Owned && <span className="badge text-bg-info ms-1">shared</span>}
                      {c.Owned && <button type="button" className="btn btn-link btn-sm p-0 ms-1 text-danger" title="Remove vector" data-testid={`vector-remove-${c.Name}`}
                        onClick={() => { setColumns((cols) => cols.filter((x) => x.key !== c.key)); setUnsaved(true); }}>✕</button>}
                      {isAdmin && c.Owned && (
                        <div className="form-check small fw-normal">
                          <input className="form-check-input" type="checkbox" id={`shared-${c.key}`} data-testid={`vector-shared-${c.Name}`} checked={c.Shared}
                            onChange={(e) => edit(c.key, (x) => ({ ...x, Shared: e.target.checked }))} />
                          <label className="form-check-label" htmlFor={`shared-${c.key}`}>Shared</label>
                        </div>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: rows }, (_, i) => (
                  <tr key={i}>
                    <td>{i + 1}</td>
                    {columns.map((c) => {
                      const v = c.Value[i];
                      const text = v === null || v === undefined ? '' : String(v);
                      return (
                        <td key={c.key}>
                          {c.Owned
                            ? <input className="form-control form-control-sm py-0" data-testid={`vcell-${c.Name}-${i + 1}`} defaultValue={text}
                              onPaste={onPaste(c.key, i)}
                              onChange={(e) => {
                                const parsed = parseValue(e.target.value);
                                e.target.classList.toggle('is-invalid', parsed === undefined);
                                edit(c.key, (x) => ({ ...x, Value: pasteAt(x.Value, i, [parsed === undefined ? Number.NaN : parsed]) }));
                              }} />
                            : text}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      {ranges && <RangeModal targets={owned.map((c) => c.Name)} onClose={() => setRanges(false)} onApply={(target, list) => {
        const col = owned.find((c) => c.Name === target);
        if (col) edit(col.key, (c) => ({ ...c, Value: applyRanges(c.Value, list) }));
        setRanges(false);
        setRevision((r) => r + 1);
      }} />}
    </div>
  );
}
