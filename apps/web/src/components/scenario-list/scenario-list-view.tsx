/**
 * The Saved Scenarios screen body, used by /scenario_list and, in picker mode, by the analysis
 * screens' scenario picker (toolbar hidden; Choose and Cancel instead).
 */
import type { UserDirectoryEntry } from '@opencrt/contracts';
import { useMemo, useRef, useState } from 'react';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../alerts/alerts.tsx';
import { ChartModal } from './scenario-chart-modal.tsx';
import { ScenarioDetail } from './scenario-detail.tsx';
import { getScenario, listUsers } from './scenario-list.api.ts';
import { RemoveModal, SaveOptionsModal, ShareModal } from './scenario-modals.tsx';
import { ALL, applyFilters, fromScenario, nextSort, pickerDeals, sortItems, type ScenarioFilters, type ScenarioItem, type ScenarioVectors, type SortState } from './scenario-model.ts';
import { ScenarioFiltersBar, ScenarioTable } from './scenario-table.tsx';
import type { ScenarioListState } from './use-scenario-list.ts';
import './scenario-list.css';

/** What the picker hands back: the shown scenario with its vectors (percent per period). */
export interface ChosenScenario extends ScenarioVectors {
  Id: number | null;
  ScenarioName: string;
  DealName: string | null;
  Vendor: string | null;
}

export interface PickerOptions {
  /** Deal name(s) of the analysis: the deal filter is preset to the first, and its list limited to these. */
  dealName?: string | readonly string[] | undefined;
  onChoose(scenario: ChosenScenario): void;
  onCancel(): void;
}

type Dialog = 'remove' | 'share' | 'chart' | 'save' | null;

export function ScenarioListView({ state, picker, saveRequest }: {
  state: ScenarioListState;
  picker?: PickerOptions;
  /** Bumped by the page when leaving with unsaved changes was answered "save": opens the save options. */
  saveRequest?: { count: number; onSaved(): void; onCancelled(): void };
}) {
  const { hasRole, api } = useSession();
  const alerts = useAlerts();
  const isAdmin = hasRole('Admin');
  const deals = useMemo(() => pickerDeals(picker?.dealName), [picker?.dealName]);
  const [filters, setFilters] = useState<ScenarioFilters>(() => ({ scenario: ALL, deal: deals[0] ?? ALL, vendor: ALL }));
  const [sort, setSort] = useState<SortState>({ key: 'ScenarioName', ascending: true });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [users, setUsers] = useState<UserDirectoryEntry[]>([]);
  const seenSaveRequest = useRef(saveRequest?.count ?? 0);
  if (saveRequest && saveRequest.count !== seenSaveRequest.current) {
    seenSaveRequest.current = saveRequest.count;
    if (dialog !== 'save') queueMicrotask(() => setDialog('save'));
  }

  const rows = useMemo(() => sortItems(applyFilters(state.items, filters), sort), [state.items, filters, sort]);
  const toolsVisible = !state.unsaved && !state.edited && !state.localMode;
  const detail = state.detail;

  const pickFile = (kind: 'xlsx' | 'clramp') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void state.loadFile(kind, file);
  };
  const openShare = async () => {
    try { setUsers(await listUsers(api)); setDialog('share'); } catch (error) { alerts.error(error); }
  };
  const closeSave = () => { setDialog(null); saveRequest?.onCancelled(); };

  return (
    <div data-testid={picker ? 'scenario-picker' : 'scenario-list'}>
      {!picker && (
        <div className="scenario-toolbar d-flex flex-wrap gap-2 mb-3" data-testid="scenario-toolbar">
          {toolsVisible && <button type="button" className="btn btn-sm btn-outline-danger" data-testid="tool-remove" onClick={() => setDialog('remove')}>Remove</button>}
          {toolsVisible && isAdmin && <button type="button" className="btn btn-sm btn-outline-primary" data-testid="tool-share" onClick={() => void openShare()}>Share</button>}
          {toolsVisible && isAdmin && <button type="button" className="btn btn-sm btn-outline-primary" data-testid="tool-chart" onClick={() => setDialog('chart')}>Chart</button>}
          {toolsVisible && (
            <label className="btn btn-sm btn-outline-secondary" data-testid="tool-load-clramp">Load from CL-RAMP
              <input type="file" accept=".xlsx" hidden data-testid="file-clramp" onChange={pickFile('clramp')} />
            </label>
          )}
          {toolsVisible && (
            <label className="btn btn-sm btn-outline-secondary" data-testid="tool-load-xlsx">Load from XLSX
              <input type="file" accept=".xlsx" hidden data-testid="file-xlsx" onChange={pickFile('xlsx')} />
            </label>
          )}
          <button type="button" className="btn btn-sm btn-primary" data-testid="tool-save" disabled={!state.unsaved} onClick={() => setDialog('save')}>Save</button>
          <button type="button" className="btn btn-sm btn-outline-secondary" data-testid="tool-refresh" onClick={() => void state.refresh()}>Refresh</button>
          <span className="ms-auto small text-body-secondary align-self-center">
            Samples: <a href="/samples/scenarios-sample.xlsx" download data-testid="sample-xlsx">XLSX scenarios</a>
            {' · '}<a href="/samples/cl-ramp-sample.xlsx" download data-testid="sample-clramp">CL-RAMP</a>
          </span>
          {state.localMode && <span className="badge text-bg-warning align-self-center" data-testid="local-mode">Local file: not saved</span>}
        </div>
      )}
      <div className="scenario-screen">
        <div className="scenario-list-panel">
          <ScenarioFiltersBar items={state.items} filters={filters} onChange={setFilters} {...(deals.length > 0 ? { dealOptions: deals } : {})} />
          <ScenarioTable rows={rows} loading={state.loading} sort={sort} onSort={(k) => setSort((s) => nextSort(s, k))}
            selectedKey={detail?.draft.key ?? null} onSelect={(s) => void state.select(s)} />
        </div>
        <div className="scenario-detail-panel">
          {picker && (
            <div className="d-flex gap-2 mb-2">
              <button type="button" className="btn btn-primary btn-sm" data-testid="picker-choose" disabled={!detail}
                onClick={() => detail && picker.onChoose({ Id: detail.draft.Id, ScenarioName: detail.draft.ScenarioName, DealName: detail.draft.DealName, Vendor: detail.draft.Vendor, ...detail.draft.vectors })}>Choose</button>
              <button type="button" className="btn btn-secondary btn-sm" data-testid="picker-cancel" onClick={picker.onCancel}>Cancel</button>
            </div>
          )}
          {detail
            ? <ScenarioDetail draft={detail.draft} snapshot={detail.snapshot} editing={state.editing} edited={state.edited} localMode={state.localMode}
              revision={state.revision} isAdmin={isAdmin} readOnly={!!picker} dealNames={state.dealNames}
              onEdit={state.startEdit} onClone={() => void state.clone()} onDiscard={state.discard} onSave={() => void state.saveDetail()}
              onDelete={state.deleteLocal} onField={state.setField} onShared={state.setShared} onCell={state.setCell} />
            : <div className="crt-panel text-body-secondary" data-testid="scenario-detail-empty">Choose a scenario to see its vectors.</div>}
        </div>
      </div>
      {dialog === 'remove' && <RemoveModal items={state.items} onClose={() => setDialog(null)} onOk={(ids) => { setDialog(null); void state.removeMany(ids); }} />}
      {dialog === 'share' && <ShareModal items={state.items} users={users} onClose={() => setDialog(null)} onOk={(s, u) => { setDialog(null); void state.share(s, u); }} />}
      {dialog === 'chart' && <ChartModal items={rows} onClose={() => setDialog(null)}
        loadVectors={async (s) => fromScenario(await getScenario(api, s.Id!)).vectors!} />}
      {dialog === 'save' && <SaveOptionsModal onClose={closeSave} onSave={(mode) => {
        setDialog(null);
        void state.saveAll(mode).then((ok) => (ok ? saveRequest?.onSaved() : saveRequest?.onCancelled()));
      }} />}
    </div>
  );
}

export type { ScenarioItem };
