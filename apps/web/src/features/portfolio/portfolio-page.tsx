/**
 * /portfolio (spec 002 "Portfolio screen", §4 states, §5, §8 messages). A portfolio is new
 * (unsaved: created in the modal or loaded from a spreadsheet) or existing; an existing one is
 * read-only until Edit, Update saves it, Cancel reloads it. The last run is kept while the app
 * runs and restored on return (portfolio-model keptRun).
 */
import {
  PORTFOLIO_MESSAGES, PORTFOLIOS_UNSAVED, portfolioNameTaken, userCashflowLabel,
  type PortfolioList, type PortfolioRunEntryResult, type PortfolioRunResponse, type PortfolioType, type ScenarioSummary,
} from '@opencrt/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { saveXlsx } from '../../components/cashflow-export/export-cashflows.ts';
import { loadUserCashflows } from '../../api/cashflows.api.ts';
import { ModalFrame } from '../../components/modal-frame/modal-frame.tsx';
import {
  dealBonds, dealLookup, deletePortfolios, getPortfolio, listPortfolios, runPortfolio, savePortfolios, scenarioChoices, updatePortfolio, userDealNames,
  type DealChoices,
} from '../../api/portfolio.api.ts';
import { PortfolioEntriesTable, type UserCashflowChoice } from './portfolio-entries-table.tsx';
import { PortfolioManageModal } from './portfolio-manage-modal.tsx';
import {
  amount, cutBondRows, draftOf, keptRun, newEntry, runInputIssues, runIssues, runPayload, saveIssues, savePayload, todayIso, ymdOfPicker, type EntryDraft,
} from './portfolio-model.ts';
import { PortfolioResults } from '../../components/portfolio-results/portfolio-results.tsx';
import { exportPortfolio, importPortfolios } from './portfolio-xlsx.ts';
import { useLeavePrompt } from '../../app/use-leave-prompt.ts';
import { HelpLink } from '../../components/guide/help-link.tsx';

interface Draft { id: number | null; name: string; type: PortfolioType; entries: EntryDraft[] }
const draftOfSaved = (p: PortfolioList[string]): Draft => ({ id: p.Id, name: p.Name, type: p.PortfolioType, entries: p.PortfolioEntries.map(draftOf) });
/** Switching portfolio waits 1 s (spec 002 §9). */
const SWITCH_DELAY_MS = 1000;
const FAILURE_MS = 10_000;

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
  const [saveAsName, setSaveAsName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [running, setRunning] = useState(false);
  const [deals, setDeals] = useState<string[]>([]);
  const [scenarios, setScenarios] = useState<ScenarioSummary[]>([]);
  const [cashflows, setCashflows] = useState<UserCashflowChoice[]>([]);
  const choices = useRef(new Map<string, Promise<DealChoices>>());
  const unsaved = news.length > 0 || dirty;

  /** A deal's bonds and cancellation date, fetched once per deal while the screen is open. */
  const dealChoices = useCallback((deal: string): Promise<DealChoices> => {
    const key = deal.trim().toLowerCase();
    let hit = choices.current.get(key);
    if (!hit) {
      hit = dealBonds(api, deal.trim());
      choices.current.set(key, hit);
      hit.catch(() => choices.current.delete(key));
    }
    return hit;
  }, [api]);

  /** Fills the bond choices of every entry of an opened portfolio (so its bond lists are complete when edited). */
  const fillChoices = useCallback((d: Draft) => {
    for (const deal of new Set(d.entries.map((e) => e.DealName).filter(Boolean))) {
      dealChoices(deal).then((c) => {
        const patch = (e: EntryDraft) => (e.DealName === deal ? { ...e, AvailableBonds: c.bonds, OptionalCancellationDate: c.optionalCancellation } : e);
        setCurrent((cur) => (cur && cur.name === d.name ? { ...cur, entries: cur.entries.map(patch) } : cur));
      }, () => alerts.show('danger', PORTFOLIO_MESSAGES.dealLoadFailed(deal)));
    }
  }, [dealChoices, alerts]);

  const open = useCallback((d: Draft | null) => {
    setCurrent(d); setEditing(d !== null && d.id === null); setDirty(false);
    const kept = d ? keptRun.get(d.name) : null;
    setResult(kept?.result ?? null);
    if (kept) { setSettlement(kept.settlement); setRate(kept.rate); }
    keptRun.remember(d?.name ?? '');
    if (d) fillChoices(d);
  }, [fillChoices]);

  /** Reload: the saved list from the server; new (unsaved) portfolios are dropped. */
  const load = useCallback(async (select?: string) => {
    let list: PortfolioList = {};
    try {
      list = await listPortfolios(api);
    } catch (e) {
      // A failed list is 'No portfolios found.' plus what the server answered.
      alerts.show('danger', `${PORTFOLIO_MESSAGES.noneFound}\n${messageOf(e)}`);
      setSaved({}); setNews([]); open(null);
      return;
    }
    setSaved(list); setNews([]);
    if (Object.keys(list).length === 0) alerts.show('info', PORTFOLIO_MESSAGES.noneFound);
    const name = (select ?? '').toLowerCase();
    const key = Object.keys(list).find((k) => k.toLowerCase() === name) ?? Object.keys(list).find((k) => list[k]?.Name.toLowerCase() === name);
    const p = key ? list[key] : undefined;
    open(p ? draftOfSaved(p) : null);
  }, [api, alerts, open]);

  useEffect(() => {
    // Once on entry: the query name (or the portfolio open when the user left) is preselected.
    void load(params.get('name') ?? keptRun.lastPortfolio());
    userDealNames(api).then(setDeals, (e: unknown) => alerts.show('danger', messageOf(e)));
    scenarioChoices(api).then(setScenarios, () => setScenarios([]));
    loadUserCashflows(api).then((list) => setCashflows(list.map((c) => ({ DealName: c.DealName, Label: userCashflowLabel(c) }))), () => setCashflows([]));
  }, []);

  const choose = (key: string) => {
    const p = saved[key];
    const n = news.find((x) => x.name === key);
    keptRun.clear(); setResult(null);
    setBusy(true);
    setTimeout(() => {
      setBusy(false);
      open(p ? draftOfSaved(p) : (n ?? null));
      setParams(key ? { name: p?.Name ?? key } : {}, { replace: true });
    }, SWITCH_DELAY_MS);
  };

  /** Applies an edit to the open portfolio (and to its copy in the unsaved list when it is new); sets the unsaved flag. */
  const change = (edit: (d: Draft) => Draft) => {
    const name = current?.name;
    setCurrent((cur) => (cur ? edit(cur) : cur)); setDirty(true);
    if (current?.id === null) setNews((list) => list.map((d) => (d.name === name ? edit(d) : d)));
  };
  const editEntries = (f: (entries: EntryDraft[]) => EntryDraft[]) => change((d) => ({ ...d, entries: f(d.entries) }));
  const setEntry = (i: number, patch: Partial<EntryDraft>) => editEntries((es) => es.map((e, k) => (k === i ? { ...e, ...patch } : e)));
  const clearResults = () => { keptRun.clear(); setResult(null); };

  /** A deal was chosen: its bonds load now (GET /deals/{deal}), the first becomes the entry's bond. */
  const chooseDeal = async (i: number, deal: string) => {
    if (!current) return;
    const scenario = current.entries[i]?.ScenarioId ?? null;
    const stillValid = scenarios.some((s) => s.Id === scenario && (!s.DealName || s.DealName.toLowerCase() === deal.toLowerCase()));
    // A user cashflow belongs to one deal: another deal drops it.
    setEntry(i, { DealName: deal, BondName: '', AvailableBonds: [], OptionalCancellationDate: null, ScenarioId: stillValid ? scenario : null, UserCashflowLabel: null });
    if (!deal) return;
    try {
      const c = await dealChoices(deal);
      editEntries((es) => es.map((e, k) => (k === i && e.DealName === deal
        ? { ...e, DealName: c.dealName, AvailableBonds: c.bonds, BondName: c.bonds[0] ?? '', OptionalCancellationDate: c.optionalCancellation } : e)));
    } catch { alerts.show('danger', PORTFOLIO_MESSAGES.dealLoadFailed(deal)); }
  };
  const addEntry = () => { if (current) { clearResults(); editEntries((es) => [...es, newEntry(current.type)]); } };
  const removeEntry = (i: number) => { clearResults(); editEntries((es) => es.filter((_, k) => k !== i)); };

  const linesFail = (issues: string[]) => { if (issues.length) alerts.show('danger', issues.join('\n'), FAILURE_MS); return issues.length > 0; };

  /** Save: every new portfolio (POST /portfolios/bulk) and the open one's edits; false when nothing was saved. */
  const saveAll = async (): Promise<boolean> => {
    const edited = current && current.id !== null && dirty ? current : null;
    if (linesFail([...news, ...(edited ? [edited] : [])].flatMap((d) => saveIssues(d.entries, d.type)))) return false;
    try {
      if (news.length) await savePortfolios(api, news.map((d) => ({ Name: d.name, PortfolioType: d.type, PortfolioEntries: savePayload(d.entries) })));
      if (edited?.id) await updatePortfolio(api, edited.id, savePayload(edited.entries));
      alerts.success(PORTFOLIO_MESSAGES.bulkSaved);
      clearResults();
      await load(current?.name);
      return true;
    } catch (e) { alerts.show('danger', `${PORTFOLIO_MESSAGES.bulkFailed} ${messageOf(e)}`, FAILURE_MS); return false; }
  };
  const update = async () => {
    if (!current?.id || linesFail(saveIssues(current.entries, current.type))) return;
    try {
      const p = await updatePortfolio(api, current.id, savePayload(current.entries));
      alerts.success(PORTFOLIO_MESSAGES.updated);
      setSaved((list) => Object.fromEntries(Object.entries(list).map(([k, v]) => [k, v.Id === p.Id ? p : v])));
      open(draftOfSaved(p));
    } catch (e) { alerts.show('danger', `${PORTFOLIO_MESSAGES.failed} ${messageOf(e)}`, FAILURE_MS); }
  };
  /** Cancel: the open portfolio again from the server (other unsaved portfolios stay). */
  const cancelEdit = async () => {
    if (!current) return;
    try {
      const p = await getPortfolio(api, current.name);
      setSaved((list) => Object.fromEntries(Object.entries(list).map(([k, v]) => [k, v.Id === p.Id ? p : v])));
      open(draftOfSaved(p));
    } catch (e) { alerts.show('danger', messageOf(e)); }
  };
  const saveAs = async (name: string) => {
    if (!current || linesFail(saveIssues(current.entries, current.type))) return;
    if (allNames().some((n) => n.toLowerCase() === name.toLowerCase())) { alerts.show('danger', portfolioNameTaken(name)); return; }
    try {
      await savePortfolios(api, [{ Name: name, PortfolioType: current.type, PortfolioEntries: savePayload(current.entries) }]);
      alerts.success(PORTFOLIO_MESSAGES.saved(name));
      setSaveAsName(null);
      clearResults();
      const others = news.filter((d) => d.name !== current.name);
      await load(name);
      setNews(others);
    } catch (e) { alerts.show('danger', `${PORTFOLIO_MESSAGES.bulkFailed} ${messageOf(e)}`, FAILURE_MS); }
  };

  const analyze = async () => {
    if (!current || linesFail([...runInputIssues(settlement, rate, current.type), ...runIssues(current.entries, current.type)])) return;
    setRunning(true);
    try {
      const r = cutBondRows(await runPortfolio(api, { SettlementDate: ymdOfPicker(settlement), PortfolioType: current.type, Entries: runPayload(current.entries, current.type, rate) }));
      keptRun.set({ portfolio: current.name, result: r, settlement, rate }); setResult(r);
    } catch (e) {
      // Commas in the server's message become line breaks (spec 002 §8).
      alerts.show('danger', `${PORTFOLIO_MESSAGES.failed}\n${messageOf(e).replace(/,\s*/g, '\n')}`, FAILURE_MS);
    } finally { setRunning(false); }
  };

  const exportXlsx = async () => {
    if (!current) return;
    const n = (s: string) => amount(s) || 0;
    const { fileName, data } = await exportPortfolio(current.name, current.type, current.entries.map((e) => ({
      DealName: e.DealName, BondName: e.BondName, OwnedFaceAmt: n(e.OwnedFaceAmt), Margin: n(e.Margin), Cpr: n(e.Cpr), Cdr: n(e.Cdr), LossSeverity: n(e.LossSeverity), Delinquency: n(e.Delinquency),
    })));
    saveXlsx(data, fileName);
  };
  const allNames = () => [...Object.values(saved).map((p) => p.Name), ...news.map((d) => d.name)];
  const importXlsx = async (file: File) => {
    try {
      const outcome = await importPortfolios(await file.arrayBuffer(), allNames(), await dealLookup(api));
      if (outcome.errors.length) { alerts.show('danger', outcome.errors.join('\n'), FAILURE_MS); return; }
      const drafts: Draft[] = outcome.portfolios.map((p) => ({
        id: null, name: p.Name ?? '', type: p.PortfolioType,
        entries: p.PortfolioEntries.map((e) => draftOf({
          ...e, DealName: e.DealName ?? '', BondName: e.BondName ?? '', AnnualPremium: 0, Cpr: e.Cpr ?? [0], Cdr: e.Cdr ?? [0], LossSeverity: e.LossSeverity ?? [0],
          Delinquency: e.Delinquency ?? [0], Libor: [0], InterestRate: null, CancellationDate: null, CleanupCall: null, ScenarioId: null,
        })),
      }));
      setNews((list) => [...list, ...drafts]);
      clearResults();
      open(drafts[0] ?? null);
      setManage(false);
    } catch (e) { alerts.show('danger', `${PORTFOLIO_MESSAGES.reviewXlsx}\n${messageOf(e)}`, FAILURE_MS); }
  };

  const createNew = (name: string, type: PortfolioType) => {
    if (allNames().some((n) => n.toLowerCase() === name.toLowerCase())) { alerts.show('danger', portfolioNameTaken(name)); return; }
    const d: Draft = { id: null, name, type, entries: [] };
    setNews((list) => [...list, d]); clearResults(); open(d); setManage(false);
  };
  const remove = async (ids: number[]) => {
    if (news.length > 0) { alerts.show('danger', PORTFOLIOS_UNSAVED); return; }
    try {
      await deletePortfolios(api, ids);
      alerts.success(PORTFOLIO_MESSAGES.removed);
      const stays = current?.id && !ids.includes(current.id) ? current.name : '';
      if (!stays) clearResults();
      await load(stays);
    } catch (e) { alerts.show('danger', messageOf(e)); }
  };

  useLeavePrompt(unsaved, saveAll);

  const lineResults = useMemo(() => new Map<number, PortfolioRunEntryResult>((result?.TotalPortfolio.PortfolioEntries ?? []).map((e) => [e.OrdinalNumber, e])), [result]);
  const existing = current !== null && current.id !== null;
  const readOnly = !current || (existing && !editing);
  const keys = [...Object.keys(saved), ...news.map((d) => d.name)];
  const selected = current ? (Object.keys(saved).find((k) => saved[k]?.Id === current.id) ?? current.name) : '';
  return (
    <div className="container-fluid py-3" data-testid="portfolio-page">
      <h2 className="h4">Portfolio<HelpLink slug="portfolio-vendor-grid" /></h2>
      <div className="d-flex flex-wrap gap-3 align-items-end mb-2">
        <div>
          <label className="form-label mb-0 small" htmlFor="portfolio-select">Portfolio</label>
          <select id="portfolio-select" className="form-select" style={{ minWidth: 240 }} data-testid="portfolio-select" value={selected}
            disabled={busy || (editing && existing)} onChange={(e) => choose(e.target.value)}>
            <option value="">-- choose --</option>
            {keys.map((k) => <option key={k} value={k}>{k}{saved[k] ? '' : ' (unsaved)'}</option>)}
          </select>
        </div>
        <div>
          <div className="small">Type</div>
          <div className="form-control-plaintext fw-semibold" data-testid="portfolio-type">{current?.type ?? '—'}</div>
        </div>
        <div>
          <label className="form-label mb-0 small" htmlFor="portfolio-settlement">Settlement Date</label>
          <input id="portfolio-settlement" type="date" className="form-control" data-testid="settlement-date" value={settlement} onChange={(e) => setSettlement(e.target.value)} />
        </div>
        <div>
          <label className="form-label mb-0 small" htmlFor="portfolio-rate">{current?.type === 'Bonds' ? 'Index (%)' : 'Interest Rate (%)'}</label>
          <input id="portfolio-rate" className="form-control" style={{ width: 120 }} data-testid="portfolio-rate" value={rate} onChange={(e) => setRate(e.target.value)} />
        </div>
        {busy ? <span className="text-body-secondary small align-self-center">Loading portfolio…</span> : null}
      </div>
      <div className="d-flex flex-wrap gap-2 mb-2 align-items-center">
        <button type="button" className="btn btn-primary" data-testid="analyze" disabled={!current || current.entries.length === 0 || running} onClick={() => void analyze()}>
          {running ? 'Analyzing…' : 'Analyze portfolio'}
        </button>
        <button type="button" className="btn btn-outline-secondary" data-testid="manage" onClick={() => setManage(true)}>Manage portfolios</button>
        <button type="button" className="btn btn-outline-primary" data-testid="save" disabled={!unsaved} onClick={() => void saveAll()}>Save</button>
        <button type="button" className="btn btn-outline-primary" data-testid="save-as" disabled={!current} onClick={() => setSaveAsName(`${current?.name ?? ''} copy`)}>Save As</button>
        <button type="button" className="btn btn-outline-secondary" data-testid="export-xlsx" disabled={!current} onClick={() => void exportXlsx()}>Export to XLSX</button>
        <button type="button" className="btn btn-outline-secondary" data-testid="reload" onClick={() => { clearResults(); void load(current?.name); }}>Reload</button>
        {existing ? (editing
          ? <button type="button" className="btn btn-outline-warning" data-testid="cancel-edit" onClick={() => void cancelEdit()}>Cancel</button>
          : <button type="button" className="btn btn-outline-warning" data-testid="edit" onClick={() => setEditing(true)}>Edit</button>) : null}
        <button type="button" className="btn btn-outline-success" data-testid="add-entry" disabled={readOnly} onClick={addEntry}>Add portfolio entry</button>
        {existing && editing ? <button type="button" className="btn btn-success" data-testid="update" onClick={() => void update()}>Update</button> : null}
        {unsaved ? <span className="badge text-bg-warning" data-testid="unsaved">Unsaved changes</span> : null}
      </div>
      {current ? (
        <PortfolioEntriesTable type={current.type} entries={current.entries} readOnly={readOnly} deals={deals} scenarios={scenarios} cashflows={cashflows} results={lineResults}
          onChange={setEntry} onDeal={(i, d) => void chooseDeal(i, d)} onRemove={removeEntry} />
      ) : <p className="text-body-secondary">Choose a portfolio, or create one in Manage portfolios.</p>}
      {result ? <PortfolioResults result={result} /> : null}
      {manage ? <PortfolioManageModal saved={saved} onCreate={createNew} onImport={(f) => void importXlsx(f)} onDelete={(ids) => void remove(ids)} onClose={() => setManage(false)} /> : null}
      {saveAsName !== null ? (
        <ModalFrame title="Save As" testId="save-as-modal" onClose={() => setSaveAsName(null)} footer={(
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setSaveAsName(null)}>Cancel</button>
            <button type="button" className="btn btn-primary" data-testid="save-as-ok" disabled={saveAsName.trim() === ''} onClick={() => void saveAs(saveAsName.trim())}>Save</button>
          </>
        )}>
          <label className="form-label" htmlFor="save-as-name">New portfolio name</label>
          <input id="save-as-name" className="form-control" data-testid="save-as-name" value={saveAsName} onChange={(e) => setSaveAsName(e.target.value)} />
        </ModalFrame>
      ) : null}
    </div>
  );
}
