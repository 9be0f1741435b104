/**
 * /deal_create?dealType&dealId (spec 001 §2.5, §4, §5.4–§5.7, §8): the custom deal editor. No id:
 * create mode (Create). With an id: update mode (Update, Clone, Delete, exports, Go-to links).
 * Any input sets 'Unsaved Changes', cleared by a successful create, update or clone.
 */
import type { CirtDeal, CustomDealPayload, FieldIssue, PythonDeal, PythonTemplate, StacrAcisDeal } from '@opencrt/contracts';
import { CUSTOM_DEAL_MESSAGES, validatePythonDeal } from '@opencrt/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api/errors.ts';
import { useApi, useSession } from '../../app/session-context.tsx';
import { useAlerts } from '../../components/alerts/alerts.tsx';
import { ModalFrame } from '../../components/modal-frame/modal-frame.tsx';
import { CirtEditor } from './cirt-editor.tsx';
import {
  createCustomDeal, deleteCustomDeal, exportOdf, getCustomDeal, getTemplate, listCustomDeals, updateCustomDeal,
} from './deal-editor.api.ts';
import {
  cirtDefaults, cloneName, issuesByPath, recomputeStack, stacrAcisDefaults, toForm, toPayload, validateCirtForm, validateStacrAcisForm,
  type CirtForm, type StacrAcisForm,
} from './editor-form.ts';
import { PythonEditor, droppedBonds, pythonBonds, pythonPayload, type PythonForm } from './python-editor.tsx';
import { saveBlob } from '../../components/cashflow-export/export-cashflows.ts';
import { exportQuickModel } from './quick-model.ts';
import { StacrAcisEditor } from './stacr-acis-editor.tsx';

type Kind = 'CIRT' | 'STACR_ACIS' | 'PYTHON';
type EditorState = { kind: 'CIRT'; form: CirtForm } | { kind: 'STACR_ACIS'; form: StacrAcisForm } | { kind: 'PYTHON'; form: PythonForm };

const kindOf = (dealType: string | null): Kind => (dealType === 'STACR_ACIS' ? 'STACR_ACIS' : dealType && ['NQM', 'REMIC', 'AOMT'].includes(dealType) ? 'PYTHON' : 'CIRT');
const today = (): string => new Date().toISOString().slice(0, 10);
/** The editor dealType of a stored deal (a Python save uses REMIC, spec 001 §2.5). */
export const editorTypeOf = (type: Kind): string => (type === 'PYTHON' ? 'REMIC' : type);

function defaults(kind: Kind, dealType: string | null): EditorState {
  if (kind === 'STACR_ACIS') return { kind, form: stacrAcisDefaults(today()) };
  if (kind === 'PYTHON') return { kind, form: { Name: '', DealName: 'FHLMC 5005', DealType: (dealType as PythonForm['DealType']) ?? 'REMIC', Bonds: [], Dropped: [] } };
  return { kind: 'CIRT', form: cirtDefaults(today()) };
}

function payloadOf(s: EditorState): CustomDealPayload {
  if (s.kind === 'CIRT') return toPayload<CirtDeal>(s.form);
  if (s.kind === 'STACR_ACIS') return toPayload<StacrAcisDeal>(s.form);
  return pythonPayload(s.form);
}

function issuesOf(s: EditorState): FieldIssue[] {
  if (s.kind === 'CIRT') return validateCirtForm(s.form);
  if (s.kind === 'STACR_ACIS') return validateStacrAcisForm(s.form);
  return validatePythonDeal(pythonPayload(s.form));
}

const nameOf = (s: EditorState): string => (s.kind === 'STACR_ACIS' ? s.form.STACR.Name : s.form.Name);
const KIND_LABEL: Record<Kind, string> = { CIRT: 'CIRT', STACR_ACIS: 'STACR/ACIS', PYTHON: 'Python' };

export function DealCreatePage() {
  const api = useApi();
  const alerts = useAlerts();
  const { hasRole } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const dealType = params.get('dealType');
  const idParam = params.get('dealId');
  const dealId = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const kind = kindOf(dealType);
  const [state, setState] = useState<EditorState>(() => defaults(kind, dealType));
  const [savedName, setSavedName] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [list, setList] = useState<{ Item1: string; Item2: { Id: number; LastModified: string; StructureAsObject: { Type: Kind } } }[]>([]);

  const fail = useCallback((action: string, error: unknown) => {
    alerts.show('danger', `${action}\n${messageOf(error)}`);
  }, [alerts]);

  const loadTemplate = useCallback(async (template: PythonTemplate, base: PythonForm, custom?: PythonDeal['CustomFields']) => {
    try {
      const t = await getTemplate(api, template);
      setState({ kind: 'PYTHON', form: { ...base, DealName: template, Bonds: pythonBonds(t, custom), Dropped: droppedBonds(t, custom) } });
    } catch (e) {
      fail('Failed to get template deal.', e);
    }
  }, [api, fail]);

  // Load the deal of the query, or the defaults of the editor type.
  useEffect(() => {
    let cancelled = false;
    setErrors({});
    setShowErrors(false);
    setUnsaved(false);
    if (dealId === null) {
      const d = defaults(kind, dealType);
      setState(d);
      setSavedName(null);
      if (d.kind === 'PYTHON') void loadTemplate('FHLMC 5005', d.form);
      return;
    }
    getCustomDeal(api, dealId).then((stored) => {
      if (cancelled) return;
      const p = stored.StructureAsObject;
      setSavedName(stored.Name);
      if (p.Type === 'CIRT') setState({ kind: 'CIRT', form: toForm<CirtDeal>(p) });
      else if (p.Type === 'STACR_ACIS') setState({ kind: 'STACR_ACIS', form: recomputeStack(toForm<StacrAcisDeal>(p)) });
      else void loadTemplate(p.DealName, { Name: p.Name, DealName: p.DealName, DealType: p.DealType, Bonds: [], Dropped: [] }, p.CustomFields);
    }).catch((e: unknown) => { if (!cancelled) fail(`Failed to get the deal structure. Id: ${dealId}.`, e); });
    return () => { cancelled = true; };
  }, [api, dealId, kind, dealType, loadTemplate, fail]);

  const change = (next: EditorState) => {
    setState(next);
    setUnsaved(true);
    if (showErrors) setErrors(issuesByPath(issuesOf(next)));
  };

  /** Validates on the client first: errors go under their fields. */
  const validate = (): boolean => {
    const issues = issuesOf(state);
    setErrors(issuesByPath(issues));
    setShowErrors(true);
    if (issues.length) {
      alerts.show('danger', CUSTOM_DEAL_MESSAGES.invalid);
      return false;
    }
    return true;
  };

  // Worded as every editor words it (issue 23 #4: not the spec's 'Saved deal succesfully.').
  const savedMessage = (verb: 'created' | 'updated') => `Custom ${KIND_LABEL[state.kind]} deal ${nameOf(state)} has been ${verb} successfully.`;

  const create = async () => {
    if (!validate()) return;
    try {
      const created = await createCustomDeal(api, payloadOf(state));
      setUnsaved(false);
      setSavedName(created.Name);
      alerts.success(savedMessage('created'));
      setParams({ dealType: editorTypeOf(state.kind), dealId: String(created.Id) });
    } catch (e) {
      fail(state.kind === 'PYTHON' ? 'Failed to save deal.' : `Failed to create the deal ${nameOf(state)}.`, e);
    }
  };

  const update = async () => {
    if (dealId === null || !validate()) return;
    try {
      const updated = await updateCustomDeal(api, dealId, payloadOf(state));
      setUnsaved(false);
      setSavedName(updated.Name);
      alerts.success(savedMessage('updated'));
    } catch (e) {
      fail(state.kind === 'PYTHON' ? 'Failed to save deal.' : `Failed to update the deal ${nameOf(state)}.`, e);
    }
  };

  const clone = async () => {
    const stamp = Date.now();
    let next: EditorState;
    if (state.kind === 'STACR_ACIS') {
      const f = state.form;
      const stacr = cloneName(f.STACR.Name, stamp);
      const acis = cloneName(f.ACIS.Name, stamp);
      next = { kind: 'STACR_ACIS', form: { ...f, Name: stacr, DependantNames: [acis], STACR: { ...f.STACR, Name: stacr }, ACIS: { ...f.ACIS, Name: acis } } };
    } else if (state.kind === 'CIRT') next = { kind: 'CIRT', form: { ...state.form, Name: cloneName(state.form.Name, stamp) } };
    else next = { kind: 'PYTHON', form: { ...state.form, Name: cloneName(state.form.Name, stamp) } };
    if (issuesOf(next).length) { setState(next); validate(); return; }
    try {
      const created = await createCustomDeal(api, payloadOf(next));
      setUnsaved(false);
      alerts.success(`Custom ${KIND_LABEL[next.kind]} deal ${created.Name} has been created successfully.`);
      navigate(`/deal_create?dealType=${editorTypeOf(next.kind)}&dealId=${created.Id}`);
    } catch (e) {
      fail(`Failed to create the deal ${nameOf(next)}.`, e);
    }
  };

  const remove = async () => {
    if (dealId === null) return;
    const name = savedName ?? nameOf(state);
    if (!window.confirm(`Do you want to delete deal: ${name}`)) return;
    try {
      await deleteCustomDeal(api, dealId);
      navigate('/deal_catalog');
    } catch (e) {
      fail(`Failed to delete the deal ${name}`, e);
    }
  };

  const odf = async () => {
    if (dealId === null) return;
    try {
      const { blob, fileName } = await exportOdf(api, dealId, savedName ?? nameOf(state));
      saveBlob(blob, fileName);
    } catch (e) {
      fail('Failed to export the deal.', e);
    }
  };

  const quickModel = async () => {
    if (state.kind !== 'STACR_ACIS') return;
    try {
      const deal = toPayload<StacrAcisDeal>(state.form);
      saveBlob(new Blob([await exportQuickModel(deal)]), `${deal.STACR.Name} QUICK MODEL.xlsx`);
    } catch (e) {
      fail('Failed to export the deal.', e);
    }
  };

  const openList = async () => {
    try {
      setList(await listCustomDeals(api));
      setListOpen(true);
    } catch (e) {
      fail('Failed to get deal details.', e);
    }
  };

  const editMode = dealId !== null;
  const title = editMode ? `Edit ${savedName ?? ''}` : 'Create New Deal';
  const stacrName = state.kind === 'STACR_ACIS' ? state.form.STACR.Name : '';
  const acisName = state.kind === 'STACR_ACIS' ? state.form.ACIS.Name : '';
  return (
    <div className="container-fluid py-3" data-testid="deal-create-page">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h4 className="mb-0 me-3">{title}</h4>
        {unsaved ? <span className="badge text-bg-warning" data-testid="unsaved-changes">Unsaved Changes</span> : null}
        <div className="ms-auto d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void openList()}>Custom Deals</button>
          {!editMode ? (
            <select className="form-select form-select-sm w-auto" aria-label="Deal type" value={dealType ?? 'CIRT'} onChange={(e) => setParams({ dealType: e.target.value })}>
              <option value="CIRT">CIRT</option>
              <option value="STACR_ACIS">STACR + ACIS</option>
              <option value="REMIC">REMIC</option>
              <option value="NQM">NQM</option>
              <option value="AOMT">AOMT</option>
            </select>
          ) : null}
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => { if (validate()) alerts.success(CUSTOM_DEAL_MESSAGES.valid); }}>Validate</button>
          {!editMode ? <button type="button" className="btn btn-sm btn-primary" onClick={() => void create()}>Create</button> : null}
          {editMode ? (
            <>
              <button type="button" className="btn btn-sm btn-primary" onClick={() => void update()}>Update</button>
              <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void clone()}>Clone</button>
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void remove()}>Delete</button>
              {state.kind === 'CIRT' ? <Link className="btn btn-sm btn-outline-success" to={`/cirt_analysis?dealName=${encodeURIComponent(savedName ?? '')}`}>Go to CIRT</Link> : null}
              {state.kind === 'STACR_ACIS' ? (
                <>
                  <Link className="btn btn-sm btn-outline-success" to={`/deal_analysis?dealName=${encodeURIComponent(stacrName)}`}>Go to STACR</Link>
                  <Link className="btn btn-sm btn-outline-success" to={`/acis_analysis?dealName=${encodeURIComponent(acisName)}`}>Go to ACIS</Link>
                  <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void quickModel()}>Export Quick Model</button>
                </>
              ) : null}
              {state.kind === 'PYTHON' ? <Link className="btn btn-sm btn-outline-success" to={`/deal_analysis?dealName=${encodeURIComponent(savedName ?? '')}`}>Go to Deal</Link> : null}
              {hasRole('Admin') ? <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void odf()}>Export to ODF</button> : null}
            </>
          ) : null}
        </div>
      </div>
      {state.kind === 'CIRT' ? <CirtEditor form={state.form} errors={errors} onChange={(form) => change({ kind: 'CIRT', form })} /> : null}
      {state.kind === 'STACR_ACIS' ? <StacrAcisEditor form={state.form} errors={errors} onChange={(form) => change({ kind: 'STACR_ACIS', form })} /> : null}
      {state.kind === 'PYTHON' ? (
        <PythonEditor form={state.form} errors={errors} onChange={(form) => change({ kind: 'PYTHON', form })}
          onTemplate={(t) => { setUnsaved(true); void loadTemplate(t, { ...state.form, DealType: t === 'NQM GENERIC' && state.form.DealType === 'REMIC' ? 'NQM' : state.form.DealType }); }} />
      ) : null}
      {listOpen ? (
        <ModalFrame title="Custom Deals" testId="custom-deal-list" onClose={() => setListOpen(false)} size="lg"
          footer={<button type="button" className="btn btn-secondary" onClick={() => setListOpen(false)}>Close</button>}>
          <table className="table table-sm">
            <thead><tr><th>#</th><th>Name</th><th>Last Modified</th></tr></thead>
            <tbody>
              {list.map((d, i) => (
                <tr key={d.Item2.Id}>
                  <td>{i + 1}</td>
                  <td><Link to={`/deal_create?dealType=${editorTypeOf(d.Item2.StructureAsObject.Type)}&dealId=${d.Item2.Id}`} onClick={() => setListOpen(false)}>{d.Item1}</Link></td>
                  <td>{new Date(d.Item2.LastModified).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ModalFrame>
      ) : null}
    </div>
  );
}
