/**
 * State and actions of the Saved Scenarios screen (spec 000 §4 "Scenario list state": not modified,
 * modified, local-file mode, changes not saved) with the spec's prompts and alert texts (§8).
 */
import { dealDoesNotExist, scenarioIssues, type SaveMode, type ScenarioInput, type ScenarioVectorKey } from '@opencrt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { logClientError } from '../../api/client.ts';
import { messageOf } from '../../api/errors.ts';
import { useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../alerts/alerts.tsx';
import { cloneScenario, getScenario, listDealNames, listScenarios, removeScenarios, saveScenarios, shareScenarios, updateScenario } from './scenario-list.api.ts';
import { fromScenario, fromSummary, newItem, parseCell, sameVectors, trimVector, type ScenarioItem, type ScenarioVectors } from './scenario-model.ts';
import { parseClRamp, parseScenarioXlsx } from './scenario-import.ts';

export const MODIFIED_PROMPT = 'Current scenario is modified. Discard changes?';
export const UNSAVED_PROMPT = 'You have unsaved changes! Do you want to save them?';

interface Detail { snapshot: ScenarioItem & { vectors: ScenarioVectors }; draft: ScenarioItem & { vectors: ScenarioVectors } }

const toInput = (s: ScenarioItem & { vectors: ScenarioVectors }): ScenarioInput => ({
  ScenarioName: s.ScenarioName, DealName: s.DealName, Vendor: s.Vendor, Shared: s.Shared, ...s.vectors,
});

function isEdited(d: Detail | null): boolean {
  if (!d) return false;
  const a = d.draft; const b = d.snapshot;
  return a.ScenarioName !== b.ScenarioName || a.DealName !== b.DealName || a.Vendor !== b.Vendor || a.Shared !== b.Shared || !sameVectors(a.vectors, b.vectors);
}

export function useScenarioList(options: { confirm?: (text: string) => boolean } = {}) {
  const confirm = options.confirm ?? ((text: string) => window.confirm(text));
  const { api } = useSession();
  const alerts = useAlerts();
  const [items, setItems] = useState<ScenarioItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [localMode, setLocalMode] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const [pendingRemoves, setPendingRemoves] = useState<number[]>([]);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [editing, setEditing] = useState(false);
  const [revision, setRevision] = useState(0);
  const dealNames = useQuery({ queryKey: ['deals', 'names'], queryFn: () => listDealNames(api), staleTime: 60_000 });
  const edited = isEdited(detail);
  const editedRef = useRef(edited);
  editedRef.current = edited;

  const show = useCallback((item: ScenarioItem & { vectors: ScenarioVectors }) => {
    setDetail({ snapshot: item, draft: item });
    setEditing(false);
    setRevision((r) => r + 1);
  }, []);

  /** Server mode: reload the list (keeps the shown scenario when it still exists). */
  const load = useCallback(async (keepKey?: string | null) => {
    setLoading(true);
    try {
      const list = (await listScenarios(api)).map(fromSummary);
      setItems(list);
      setLocalMode(false);
      setUnsaved(false);
      setPendingRemoves([]);
      const keep = keepKey ? list.find((s) => s.key === keepKey) : undefined;
      if (keep?.Id != null) show(fromScenario(await getScenario(api, keep.Id)) as Detail['draft']);
      else setDetail(null);
    } catch (error) {
      alerts.error(error);
    } finally {
      setLoading(false);
    }
  }, [api, alerts, show]);

  useEffect(() => { void load(); }, [load]);

  /** Checks before an update (spec 000 §5): name, vectors, and a known deal. */
  const updateIssues = (draft: Detail['draft']): string[] => {
    const issues = scenarioIssues({ ...draft, ...draft.vectors });
    if (draft.DealName && dealNames.data && !dealNames.data.some((d) => d.toLowerCase() === draft.DealName!.toLowerCase())) {
      issues.push(dealDoesNotExist(draft.DealName));
    }
    return issues;
  };

  const discardOk = () => !editedRef.current || confirm(MODIFIED_PROMPT);

  return {
    items, loading, localMode, unsaved, edited, editing, detail, pendingRemoves, revision,
    dealNames: useMemo(() => dealNames.data ?? [], [dealNames.data]),

    refresh: async () => { if (discardOk()) await load(detail?.draft.isNew ? null : detail?.draft.key); },

    select: async (item: ScenarioItem) => {
      if (detail?.draft.key === item.key || !discardOk()) return;
      if (item.vectors) { show(item as Detail['draft']); return; }
      try { show(fromScenario(await getScenario(api, item.Id!)) as Detail['draft']); } catch (error) { alerts.error(error); }
    },

    startEdit: () => setEditing(true),

    setField: (field: 'ScenarioName' | 'DealName' | 'Vendor', value: string) => setDetail((d) => d && ({
      ...d, draft: { ...d.draft, [field]: field === 'ScenarioName' ? value : (value.trim() === '' ? null : value) },
    })),

    setShared: (shared: boolean) => setDetail((d) => d && ({ ...d, draft: { ...d.draft, Shared: shared } })),

    setCell: (key: ScenarioVectorKey, index: number, text: string) => setDetail((d) => {
      if (!d) return d;
      const values = [...d.draft.vectors[key]];
      while (values.length <= index) values.push(Number.NaN);
      values[index] = parseCell(text);
      return { ...d, draft: { ...d.draft, vectors: { ...d.draft.vectors, [key]: trimVector(values) } } };
    }),

    /** Restores the snapshot taken when the scenario was shown. */
    discard: () => { setDetail((d) => d && { ...d, draft: d.snapshot }); setEditing(false); setRevision((r) => r + 1); },

    /** Detail Save: new scenarios are updated locally; stored ones are sent (PUT) at once. */
    saveDetail: async () => {
      if (!detail) return;
      const draft = detail.draft;
      const issues = updateIssues(draft);
      if (issues.length > 0) { alerts.error(new Error(issues.join('\n'))); return; }
      if (draft.isNew) {
        setItems((list) => list.map((s) => (s.key === draft.key ? draft : s)));
        setDetail({ snapshot: draft, draft });
        setEditing(false);
        setUnsaved(true);
        return;
      }
      try {
        const saved = fromScenario(await updateScenario(api, draft.Id!, toInput(draft))) as Detail['draft'];
        setItems((list) => list.map((s) => (s.key === saved.key ? { ...saved, vectors: undefined } : s)));
        show(saved);
        alerts.success('Successfully updated scenario');
      } catch (error) {
        alerts.error(error);
      }
    },

    /** Clone calls the server, then refreshes the list (spec 000 §4) and shows the copy. */
    clone: async () => {
      if (!detail?.draft.Id) return;
      try {
        const copy = await cloneScenario(api, detail.draft.Id);
        alerts.success('Successfully updated scenario');
        await load(`s${copy.Id}`);
      } catch (error) {
        alerts.error(error);
      }
    },

    /** Delete of a locally held scenario: new → dropped; stored → pending removal. */
    deleteLocal: () => {
      if (!detail) return;
      const item = detail.draft;
      setItems((list) => list.filter((s) => s.key !== item.key));
      if (!item.isNew && item.Id != null) setPendingRemoves((ids) => [...ids, item.Id!]);
      setDetail(null);
      setUnsaved(true);
    },

    /** Loads a file into local-file mode; a broken file changes nothing. */
    loadFile: async (kind: 'xlsx' | 'clramp', file: File) => {
      try {
        const data = await file.arrayBuffer();
        const loaded = kind === 'xlsx'
          ? await parseScenarioXlsx(data, file.name, dealNames.data ?? await listDealNames(api))
          : [await parseClRamp(data, file.name)];
        const list = loaded.map((s) => newItem(s));
        setItems(list);
        setLocalMode(true);
        setUnsaved(true);
        setPendingRemoves([]);
        if (list[0]) show(list[0] as Detail['draft']); else setDetail(null);
      } catch (error) {
        alerts.error(error);
      }
    },

    /**
     * Toolbar Save (and the leave prompt's "save"): validate pending adds and an edited stored
     * scenario, update that one, save the adds with the mode, then send pending removals; reload.
     */
    saveAll: async (mode: SaveMode): Promise<boolean> => {
      // The shown new scenario counts as the user sees it: typed fields not yet confirmed with the detail Save are included.
      const shown = detail?.draft;
      const adds = items.map((s) => (shown?.isNew && s.key === shown.key ? shown : s))
        .filter((s) => s.isNew) as (ScenarioItem & { vectors: ScenarioVectors })[];
      // A stored scenario being edited (the leave prompt's "save") is sent as an update.
      const storedEdit = shown && !shown.isNew && shown.Id != null && isEdited(detail) ? shown : null;
      const lines = adds.flatMap((s, i) => scenarioIssues({ ...s, ...s.vectors })
        .map((m) => (adds.length > 1 ? `Scenario ${i + 1}${s.ScenarioName ? ` (${s.ScenarioName})` : ''}: ${m}` : m)));
      if (storedEdit) lines.push(...updateIssues(storedEdit));
      if (adds.length === 0 && pendingRemoves.length === 0 && !storedEdit) lines.push('Empty or incorrect scenario.');
      if (lines.length > 0) {
        // Each save-failure line shows for 4 seconds (spec 000 §8).
        for (const line of lines) alerts.show('danger', line);
        return false;
      }
      try {
        if (storedEdit) await updateScenario(api, storedEdit.Id!, toInput(storedEdit));
        if (adds.length > 0) await saveScenarios(api, adds.map(toInput), mode);
        if (pendingRemoves.length > 0) await removeScenarios(api, pendingRemoves);
      } catch (error) {
        const text = messageOf(error) || 'Failed to save scenarios';
        for (const line of text.split('\n')) alerts.show('danger', line);
        void logClientError(text);
        return false;
      }
      alerts.success('Successfully saved scenarios');
      await load();
      return true;
    },

    removeMany: async (ids: number[]) => {
      try {
        await removeScenarios(api, ids);
        alerts.success('Successfully removed scenarios');
      } catch (error) {
        alerts.error(new Error(`Failed to remove scenarios. ${messageOf(error)}`));
      }
      await load(detail && !ids.includes(detail.draft.Id ?? -1) ? detail.draft.key : null);
    },

    share: async (scenarioIds: number[], userIds: number[]) => {
      try {
        await shareScenarios(api, scenarioIds, userIds);
        alerts.success('Successfully shared scenarios');
      } catch {
        alerts.error(new Error('Failed to share scenarios'));
      }
    },
  };
}

export type ScenarioListState = ReturnType<typeof useScenarioList>;
