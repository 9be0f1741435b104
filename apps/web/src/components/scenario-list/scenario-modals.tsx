/** Remove, Share and Save-options dialogs of the Saved Scenarios toolbar (spec 000). */
import type { SaveMode, UserDirectoryEntry } from '@opencrt/contracts';
import { useState } from 'react';
import { CheckList, ModalFrame, toggled } from '../modal-frame/modal-frame.tsx';
import type { ScenarioItem } from './scenario-model.ts';

const label = (s: ScenarioItem) => [s.ScenarioName, s.DealName, s.Vendor].filter(Boolean).join(' · ');

/** Checklist of the user's own scenarios with Select All; Ok removes the checked ones. */
export function RemoveModal({ items, onOk, onClose }: { items: readonly ScenarioItem[]; onOk(ids: number[]): void; onClose(): void }) {
  const owned = items.filter((s) => s.Owned && s.Id != null);
  const [checked, setChecked] = useState<Set<string | number>>(new Set());
  const all = owned.length > 0 && checked.size === owned.length;
  return (
    <ModalFrame title="Remove scenarios" testId="remove-modal" onClose={onClose} footer={<>
      <button type="button" className="btn btn-secondary" onClick={onClose}>Cancel</button>
      <button type="button" className="btn btn-danger" data-testid="remove-ok" disabled={checked.size === 0}
        onClick={() => onOk([...checked].map(Number))}>Ok</button>
    </>}>
      <div className="form-check mb-2">
        <input className="form-check-input" type="checkbox" id="remove-all" data-testid="remove-select-all" checked={all}
          onChange={() => setChecked(all ? new Set() : new Set(owned.map((s) => s.Id!)))} />
        <label className="form-check-label" htmlFor="remove-all">Select All</label>
      </div>
      <CheckList items={owned} label={label} keyOf={(s) => s.Id!} checked={checked} testId="remove-list"
        onToggle={(k) => setChecked((c) => toggled(c, k))} />
    </ModalFrame>
  );
}

/** Scenario checklist and user checklist; Ok disabled with no scenario chosen. */
export function ShareModal({ items, users, onOk, onClose }: {
  items: readonly ScenarioItem[]; users: readonly UserDirectoryEntry[]; onOk(scenarioIds: number[], userIds: number[]): void; onClose(): void;
}) {
  const stored = items.filter((s) => s.Id != null);
  const [scenarios, setScenarios] = useState<Set<string | number>>(new Set());
  const [chosen, setChosen] = useState<Set<string | number>>(new Set());
  return (
    <ModalFrame title="Share scenarios" testId="share-modal" size="lg" onClose={onClose} footer={<>
      <button type="button" className="btn btn-secondary" onClick={onClose}>Cancel</button>
      <button type="button" className="btn btn-primary" data-testid="share-ok" disabled={scenarios.size === 0}
        onClick={() => onOk([...scenarios].map(Number), [...chosen].map(Number))}>Ok</button>
    </>}>
      <div className="row">
        <div className="col-6"><h6>Scenarios</h6>
          <CheckList items={stored} label={label} keyOf={(s) => s.Id!} checked={scenarios} testId="share-scenarios" onToggle={(k) => setScenarios((c) => toggled(c, k))} />
        </div>
        <div className="col-6"><h6>Users</h6>
          <CheckList items={users} label={(u) => u.Username} keyOf={(u) => u.Id} checked={chosen} testId="share-users" onToggle={(k) => setChosen((c) => toggled(c, k))} />
        </div>
      </div>
    </ModalFrame>
  );
}

/** Radio 'Skip new' or 'Override existing'; Save disabled until one is chosen. */
export function SaveOptionsModal({ onSave, onClose }: { onSave(mode: SaveMode): void; onClose(): void }) {
  const [mode, setMode] = useState<SaveMode | null>(null);
  return (
    <ModalFrame title="Save options" testId="save-options-modal" onClose={onClose} footer={<>
      <button type="button" className="btn btn-secondary" onClick={onClose}>Cancel</button>
      <button type="button" className="btn btn-primary" data-testid="save-options-save" disabled={mode === null} onClick={() => mode && onSave(mode)}>Save</button>
    </>}>
      {([['skip', 'Skip new'], ['override', 'Override existing']] as const).map(([value, text]) => (
        <div className="form-check" key={value}>
          <input className="form-check-input" type="radio" name="save-mode" id={`save-mode-${value}`} data-testid={`save-mode-${value}`}
            checked={mode === value} onChange={() => setMode(value)} />
          <label className="form-check-label" htmlFor={`save-mode-${value}`}>{text}</label>
        </div>
      ))}
      <div className="form-text">A scenario with the same name, deal and vendor as one of yours is either kept as it is (skip) or replaced (override).</div>
    </ModalFrame>
  );
}
