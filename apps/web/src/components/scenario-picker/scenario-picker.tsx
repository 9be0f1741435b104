/**
 * Scenario picker for deal, bond, ACIS and CIRT analysis (spec 000 "Saved Scenarios … also
 * embedded as a picker"): the Saved Scenarios list without its toolbar, with Choose (enabled once
 * a scenario is displayed) and Cancel. The deal filter starts at the passed deal (a string or the
 * first of a list) and offers only those deals.
 *
 * Usage:
 *   <ScenarioPickerModal show={open} dealName={dealName} onChoose={(s) => { setScenario(s); setOpen(false); }} onCancel={() => setOpen(false)} />
 * `s` carries Id, ScenarioName, DealName, Vendor and the four vectors (percent per period).
 */
import { ScenarioListView, type ChosenScenario } from '../scenario-list/scenario-list-view.tsx';
import { useScenarioList } from '../scenario-list/use-scenario-list.ts';

export type { ChosenScenario };

export interface ScenarioPickerProps {
  /** The analysed deal, or several (e.g. a deal and its family); the first is preset in the filter. */
  dealName?: string | readonly string[];
  onChoose(scenario: ChosenScenario): void;
  onCancel(): void;
}

/** The picker inline (no modal frame). */
export function ScenarioPicker({ dealName, onChoose, onCancel }: ScenarioPickerProps) {
  const state = useScenarioList();
  return <ScenarioListView state={state} picker={{ dealName, onChoose, onCancel }} />;
}

/** The picker in a modal; renders nothing while `show` is false (the list loads when shown). */
export function ScenarioPickerModal({ show, title = 'Choose a scenario', ...props }: ScenarioPickerProps & { show: boolean; title?: string }) {
  if (!show) return null;
  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-label={title} data-testid="scenario-picker-modal" tabIndex={-1}
        onKeyDown={(e) => { if (e.key === 'Escape') props.onCancel(); }}>
        <div className="modal-dialog modal-xl modal-dialog-scrollable">
          <div className="modal-content">
            <div className="modal-header">
              <h5 className="modal-title">{title}</h5>
              <button type="button" className="btn-close" aria-label="Close" onClick={props.onCancel} />
            </div>
            <div className="modal-body"><ScenarioPicker {...props} /></div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
