/**
 * /portfolio (spec 002 "Portfolio screen", §4 states, §5, §8 messages). A portfolio is new
 * (unsaved: created in the modal or loaded from a spreadsheet) or existing; an existing one is
 * read-only until Edit, Update saves it, Cancel reloads it. Results are kept per portfolio while
 * the app runs and restored on return.
 */
import { PORTFOLIO_MESSAGES, PORTFOLIOS_UNSAVED, portfolioNameTaken, type PortfolioList, type PortfolioRunResponse, type PortfolioType } from '@opencrt/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { ModalFrame } from '../scenario-list/modal-frame.tsx';
import { dealBonds, dealLookup, deletePortfolios, listPortfolios, runPortfolio, savePortfolios, updatePortfolio } from './portfolio.api.ts';
import { amount, draftOf, keptResults, newEntry, runIssues, runPayload, saveIssues, savePayload, todayIso, ymdOfPicker, type EntryDraft } from './portfolio-model.ts';
import { PortfolioResults } from './portfolio-results.tsx';
import { exportPortfolio, importPortfolios } from './portfolio-xlsx.ts';

const UNSAVED_PROMPT = 'You have unsaved changes! Do you want to save them?';
interface Draft { id: number | null; name: string; type: PortfolioType; entries: EntryDraft[] }

export function PortfolioPage() {
  const { api } = useSession();
  const alerts = useAlerts();
  const [params, setParams] = useSearchParams();
  const [saved, setSaved] = useState<PortfolioList>({});
  const [news, setNews] = useState<Draft[]>([]);
  const [current, setCurrent] = useState<Draft | null>(null);
  const [editing, setEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [settlement, setSettlement] = useState(todayIso());
  const [rate, setRate] = useState('0');
  const [result, setResult] = useState<PortfolioRunResponse | null>(null);
  const [manage, setManage] = useState(false);
  const [newName, setNewName] = useState('');
  const [newType, setNewType] = useState<PortfolioType>('Reinsurance');
  const [busy, setBusy] = useState(false);
  const unsaved = news.length > 0 || dirty;

  const open = useCallback((d: Draft | null) => {
    setCurrent(d); setEditing(d !== null && d.id === null); setDirty(false);
    setResult(d ? keptResults.get(d.name) : null);
  }, []);

  const load = useCallback(async (select?: string) => {
    try {
      const list = await listPortfolios(api);
      setSaved(list);
      setNews([]);
      if (Object.keys(list).length === 0) alerts.show('info', PORTFOLIO_MESSAGES.noneFound);
      const name = select ?? params.get('name') ?? '';
      const p = Object.values(list).find((x) => x.Name.toLowerCase() === name.toLowerCase());
      open(p ? { id: p.Id, name: p.Name, type: p.PortfolioType, entries: p.PortfolioEntries.map(draftOf) } : null);
    } catch (e) { alerts.show('danger', messageOf(e)); }
  }, [api, alerts, params, open]);
  useEffect(() => { void load(); }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once on entry; the query name is read then

  const choose = (key: string) => {
    const p = saved[key];
    const n = news.find((x) => x.name === key);
    // Switching portfolio waits 1 s (spec 002 §9).
    setBusy(true);
    setTimeout(() => {
      setBusy(false);
      if (p) { open({ id: p.Id, name: p.Name, type: p.PortfolioType, entries: p.PortfolioEntries.map(draftOf) }); setParams({ name: p.Name }); }
      else open(n ?? null);
    }, 1000);
  };

  const setEntry = (i: number, patch: Partial<EntryDraft>) => {
    if (!current) return;
    const entries = current.entries.map((e, k) => (k === i ? { ...e, ...patch } : e));
    const next = { ...current, entries };
    setCurrent(next); setDirty(true);
    if (current.id === null) setNews((list) => list.map((d) => (d.name === current.name ? next : d)));
  };
  const chooseDeal = async (i: number, deal: string) => {
    setEntry(i, { DealName: deal });
    if (!deal.trim()) return;
    try {
      const d = await dealBonds(api, deal.trim());
      setEntry(i, { DealName: d.dealName, AvailableBonds: d.bonds, BondName: d.bonds[0] ?? '' });
    } catch { alerts.show('danger', PORTFOLIO_MESSAGES.dealLoadFailed(deal)); }
  };
  const addEntry = () => {
    if (!current) return;
    keptResults.clear(current.name); setResult(null);
    setCurrent({ ...current, entries: [...current.entries, newEntry(current.type)] }); setDirty(true);
  };

  const saveAll = async (): Promise<boolean> => {
    const issues = news.flatMap((d) => saveIssues(d.entries));
    if (issues.length) { alerts.show('danger', issues.join('\n')); return false; }
    try {
      if (news.length) await savePortfolios(api, news.map((d) => ({ Name: d.name, PortfolioType: d.type, PortfolioEntries: savePayload(d.entries) })));
      if (current?.id !== null && current && dirty) await updatePortfolio(api, current.id, savePayload(current.entries));
      alerts.success(PORTFOLIO_MESSAGES.bulkSaved);
      if (current) keptResults.clear(current.name);
      await load(current?.name);
      return true;
    } catch (e) { alerts.show('danger', `${PORTFOLIO_MESSAGES.bulkFailed} ${messageOf(e)}`); return false; }
  };
  const update = async () => {
    if (!current || current.id === null) return;
    const issues = saveIssues(current.entries);
    if (issues.length) { alerts.show('danger', issues.join('\n')); return; }
    try {
      await updatePortfolio(api, current.id, savePayload(current.entries));
      alerts.success(PORTFOLIO_MESSAGES.updated);
      keptResults.clear(current.name);
      await load(current.name);
    } catch (e) { alerts.show('danger', `${PORTFOLIO_MESSAGES.failed} ${messageOf(e)}`, 10_000); }
  };
  const saveAs = async () => {
    if (!current) return;
    const name = window.prompt('Save portfolio as', `${current.name} (copy)`)?.trim();
    if (!name) return;
    const issues = saveIssues(current.entries);
    if (issues.length) { alerts.show('danger', issues.join('\n')); return; }
    try {
      await savePortfolios(api, [{ Name: name, PortfolioType: current.type, PortfolioEntries: savePayload(current.entries) }]);
      alerts.success(PORTFOLIO_MESSAGES.saved(name));
      await load(name);
    } catch (e) { alerts.show('danger', `${PORTFOLIO_MESSAGES.bulkFailed} ${messageOf(e)}`); }
  };

  const analyze = async () => {
    if (!current) return;
    const issues = runIssues(current.entries);
    if (issues.length) { alerts.show('danger', issues.join('\n')); return; }
    try {
      const r = await runPortfolio(api, { SettlementDate: ymdOfPicker(settlement), PortfolioType: current.type, Entries: runPayload(current.entries, current.type, rate) });
      keptResults.set(current.name, r); setResult(r);
    } catch (e) { alerts.show('danger', `${PORTFOLIO_MESSAGES.failed}\n${messageOf(e).replace(/,/g, '\n')}`, 10_000); }
  };

  const exportXlsx = async () => {
    if (!current) return;
    const { fileName, data } = await exportPortfolio(current.name, current.type, current.entries.map((e) => ({
      DealName: e.DealName, BondName: e.BondName, OwnedFaceAmt: amount(e.OwnedFaceAmt) || 0, Margin: amount(e.Margin) || 0,
      Cpr: amount(e.Cpr) || 0, Cdr: amount(e.Cdr) || 0, LossSeverity: amount(e.LossSeverity) || 0, Delinquency: amount(e.Delinquency) || 0,
    })));
    const url = URL.createObjectURL(new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    const a = document.createElement('a'); a.href = url; a.download = fileName; a.click(); URL.revokeObjectURL(url);
  };
  const importXlsx = async (file: File) => {
    const names = [...Object.values(saved).map((p) => p.Name), ...news.map((d) => d.name)];
    const outcome = await importPortfolios(await file.arrayBuffer(), names, await dealLookup(api));
    if (outcome.errors.length) { alerts.show('danger', outcome.errors.join('\n'), 15_000); return; }
    const drafts = outcome.portfolios.map((p) => ({
      id: null, name: p.Name ?? '', type: p.PortfolioType,
      entries: p.PortfolioEntries.map((e) => ({ ...draftOf({ ...e, DealName: e.DealName ?? '', BondName: e.BondName ?? '', AnnualPremium: 0, Cpr: e.Cpr ?? [0], Cdr: e.Cdr ?? [0], LossSeverity: e.LossSeverity ?? [0], Delinquency: e.Delinquency ?? [0], Libor: [0], InterestRate: null, CancellationDate: null, CleanupCall: null, ScenarioId: null }) })),
    }));
    setNews((list) => [...list, ...drafts]);
    open(drafts[0] ?? null);
    setManage(false);
  };

  const createNew = () => {
    const name = newName.trim();
    const taken = [...Object.values(saved).map((p) => p.Name), ...news.map((d) => d.name)].some((n) => n.toLowerCase() === name.toLowerCase());
    if (taken) { alerts.show('danger', portfolioNameTaken(name)); return; }
    const d: Draft = { id: null, name, type: newType, entries: [] };
    setNews((list) => [...list, d]); open(d); setManage(false); setNewName('');
  };
  const remove = async (ids: number[]) => {
    if (news.length > 0) { alerts.show('danger', PORTFOLIOS_UNSAVED); return; }
    try { await deletePortfolios(api, ids); alerts.success(PORTFOLIO_MESSAGES.removed); await load(''); } catch (e) { alerts.show('danger', messageOf(e)); }
  };

  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  const asked = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') { asked.current = false; return; }
    if (asked.current) return;
    asked.current = true;
    if (!window.confirm(UNSAVED_PROMPT)) { blocker.proceed(); return; }
    void saveAll().then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker]); // eslint-disable-line react-hooks/exhaustive-deps -- answer each blocked navigation once

  const readOnly = !current || (current.id !== null && !editing);
  const keys = [...Object.keys(saved), ...news.map((d) => d.name)];
  return (
    <div className="container-fluid py-3" data-testid="portfolio-page">
      <h2>Portfolio</h2>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        <label className="form-label">Portfolio
          <select className="form-select" data-testid="portfolio-select" value={current?.name ?? ''} disabled={busy || (editing && current?.id !== null)} onChange={(e) => choose(e.target.value)}>
            <option value="">-- choose --</option>
            {keys.map((k) => <option key={k} value={saved[k]?.Name ?? k}>{k}</option>)}
          </select>
        </label>
        <span className="badge text-bg-secondary" data-testid="portfolio-type">{current?.type ?? ''}</span>
        <label className="form-label">Settlement Date
          <input type="date" className="form-control" data-testid="settlement-date" value={settlement} onChange={(e) => setSettlement(e.target.value)} />
        </label>
        <label className="form-label">{current?.type === 'Bonds' ? 'Index (%)' : 'Interest Rate (%)'}
          <input className="form-control" data-testid="portfolio-rate" value={rate} onChange={(e) => setRate(e.target.value)} />
        </label>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <button type="button" className="btn btn-primary" disabled={!current || current.entries.length === 0} onClick={() => void analyze()}>Analyze portfolio</button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => setManage(true)}>Manage portfolios</button>
        <button type="button" className="btn btn-outline-primary" disabled={!unsaved} onClick={() => void saveAll()}>Save</button>
        <button type="button" className="btn btn-outline-primary" disabled={!current} onClick={() => void saveAs()}>Save As</button>
        <button type="button" className="btn btn-outline-secondary" disabled={!current} onClick={() => void exportXlsx()}>Export to XLSX</button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => void load(current?.name)}>Reload</button>
        {current?.id !== null && current ? (editing
          ? <button type="button" className="btn btn-outline-warning" onClick={() => void load(current.name)}>Cancel</button>
          : <button type="button" className="btn btn-outline-warning" onClick={() => setEditing(true)}>Edit</button>) : null}
        <button type="button" className="btn btn-outline-success" disabled={readOnly} onClick={addEntry}>Add portfolio entry</button>
        {current?.id !== null && editing ? <button type="button" className="btn btn-success" onClick={() => void update()}>Update</button> : null}
        {unsaved ? <span className="badge text-bg-warning align-self-center" data-testid="unsaved">Unsaved changes</span> : null}
      </div>
      {current ? <EntriesTable draft={current} readOnly={readOnly} onChange={setEntry} onDeal={(i, d) => void chooseDeal(i, d)} /> : null}
      {result ? <PortfolioResults result={result} /> : null}
      {manage ? (
        <ModalFrame title="Manage portfolios" testId="manage-portfolios" onClose={() => setManage(false)} footer={<button type="button" className="btn btn-secondary" onClick={() => setManage(false)}>Close</button>}>
          <div className="mb-3 d-flex gap-2">
            <input className="form-control" placeholder="Portfolio name" data-testid="new-portfolio-name" value={newName} onChange={(e) => setNewName(e.target.value)} />
            <select className="form-select" data-testid="new-portfolio-type" value={newType} onChange={(e) => setNewType(e.target.value as PortfolioType)}>
              <option>Reinsurance</option><option>Bonds</option>
            </select>
            <button type="button" className="btn btn-primary" disabled={newName.trim() === ''} onClick={createNew}>Create</button>
          </div>
          <label className="form-label">Create from XLSX
            <input type="file" accept=".xlsx" className="form-control" data-testid="import-xlsx" onChange={(e) => { const f = e.target.files?.[0]; if (f) void importXlsx(f); }} />
          </label>
          <ul className="list-group mt-3">
            {Object.entries(saved).map(([k, p]) => (
              <li key={k} className="list-group-item d-flex justify-content-between">{k}
                <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void remove([p.Id])}>Delete</button></li>
            ))}
          </ul>
        </ModalFrame>
      ) : null}
    </div>
  );
}

function EntriesTable({ draft, readOnly, onChange, onDeal }: { draft: Draft; readOnly: boolean; onChange(i: number, patch: Partial<EntryDraft>): void; onDeal(i: number, deal: string): void }) {
  const reins = draft.type === 'Reinsurance';
  const field = (i: number, e: EntryDraft, k: keyof EntryDraft, disabled = false) => (
    <input className="form-control form-control-sm" value={String(e[k] ?? '')} disabled={readOnly || disabled} onChange={(ev) => onChange(i, { [k]: ev.target.value } as Partial<EntryDraft>)} />
  );
  return (
    <table className="table table-sm" data-testid="portfolio-entries">
      <thead><tr><th>#</th><th>Deal</th><th>Bond</th><th>{reins ? 'Initial Limit ($)' : 'Balance ($)'}</th><th>{reins ? 'Collateral (%)' : 'Price'}</th>
        <th>CPR</th><th>CDR</th><th>Severity</th><th>Delinquency</th><th>Cancellation (YYYYMMDD)</th><th>Cleanup Call</th></tr></thead>
      <tbody>
        {draft.entries.map((e, i) => {
          const scenario = e.ScenarioId !== null;
          return (
            <tr key={i}>
              <td>{i + 1}</td>
              <td><input className="form-control form-control-sm" value={e.DealName} disabled={readOnly} onChange={(ev) => onChange(i, { DealName: ev.target.value })} onBlur={(ev) => onDeal(i, ev.target.value)} /></td>
              <td>
                <select className="form-select form-select-sm" value={e.BondName} disabled={readOnly} onChange={(ev) => onChange(i, { BondName: ev.target.value })}>
                  <option value="" />
                  {[...new Set([e.BondName, ...e.AvailableBonds])].filter(Boolean).map((b) => <option key={b}>{b}</option>)}
                </select>
              </td>
              <td>{field(i, e, 'OwnedFaceAmt')}</td><td>{field(i, e, 'Margin')}</td>
              <td>{field(i, e, 'Cpr', scenario)}</td><td>{field(i, e, 'Cdr', scenario)}</td><td>{field(i, e, 'LossSeverity', scenario)}</td><td>{field(i, e, 'Delinquency', scenario)}</td>
              <td>{field(i, e, 'CancellationDate')}</td>
              <td><input type="checkbox" className="form-check-input" checked={e.CleanupCall} disabled={readOnly} onChange={(ev) => onChange(i, { CleanupCall: ev.target.checked })} /></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
