/**
 * The settings column of the ACIS and CIRT screens (spec 001 §2.2–§2.4): assumptions with the
 * saved-scenario picker (a chosen scenario disables the inputs), Run Scenario, the settings box,
 * the cancellation / early-call month, and the screen's other run buttons (children).
 */
import type { ReactNode } from 'react';
import { ScenarioPickerModal } from '../scenario-picker/scenario-picker.tsx';
import { AssumptionsPanel } from '../run-inputs/assumptions-panel.tsx';
import { CancellationInput, SettingsPanel } from './reinsurance-panels.tsx';
import type { ReinsuranceScreen } from './use-reinsurance-screen.ts';

const NO_OPTIONS = { cleanupCall: false, loanLevel: false };

export function ReinsuranceControls({ screen, title, cancelLabel, showCancel, scenarioDeals, onRun, onClearResults, children }: {
  screen: ReinsuranceScreen; title: string; cancelLabel: string; showCancel: boolean; onRun(): void;
  /** Deals whose saved scenarios fit (the picker's deal filter starts at the first). */
  scenarioDeals: readonly string[];
  /** Choosing or clearing a scenario clears the results (spec 001 §4). */
  onClearResults(): void; children: ReactNode;
}) {
  const s = screen;
  return (
    <>
      <ScenarioPickerModal show={s.scenarioPickerOpen} dealName={scenarioDeals}
        onChoose={(chosen) => { s.setScenario(chosen); s.setUserCashflow(null); s.setModel({ ...s.model, model: 'None' }); s.setScenarioPickerOpen(false); onClearResults(); }}
        onCancel={() => s.setScenarioPickerOpen(false)} />
      {/* No loan level for these screens and no Cleanup Call (spec 001 §2.4): the options stay off. */}
      <AssumptionsPanel inputs={s.inputs} onInputs={s.setInputs} agency={false} options={NO_OPTIONS} onOptions={() => undefined} canLoanLevel={false}
        running={s.running} onRun={onRun} error={s.error} roles={s.session?.roles ?? []} reinsurance model={s.model} onModel={s.setModel}
        scenarioName={s.scenario?.ScenarioName ?? null} onPickScenario={() => s.setScenarioPickerOpen(true)}
        onClearScenario={() => { s.setScenario(null); onClearResults(); }}
        userCashflow={{
          dealName: s.deal?.DealName ?? '', value: s.userCashflow,
          // Like a saved scenario: it replaces the inputs and the model, and clears the results.
          // (setModel clears the cashflow when the model changes, so the cashflow is set last.)
          onChange: (c) => { if (c) { s.setScenario(null); s.setModel({ ...s.model, model: 'None' }); } s.setUserCashflow(c); onClearResults(); },
        }} />
      <SettingsPanel title={title} settings={s.settings} onSettings={s.setSettings} />
      {showCancel && (
        <CancellationInput label={cancelLabel} on={s.cancel.on} month={s.cancelMonth} minMonth={s.firstMonth || null}
          onChange={(on, month) => s.setCancel({ on, month })} />
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">{children}</div>
    </>
  );
}
