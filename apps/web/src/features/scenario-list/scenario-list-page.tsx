/**
 * /scenario_list (spec 000 "Saved Scenarios"). Leaving with unsaved changes asks
 * 'You have unsaved changes! Do you want to save them?' and opens the save options on yes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ScenarioListView } from '../../components/scenario-list/scenario-list-view.tsx';
import { UNSAVED_PROMPT, useScenarioList } from '../../components/scenario-list/use-scenario-list.ts';

export function ScenarioListPage() {
  const state = useScenarioList();
  const dirty = state.unsaved || state.edited;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const [saveRequest, setSaveRequest] = useState(0);

  // The blocker object changes on every render: answer each blocked navigation once.
  const asked = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') { asked.current = false; return; }
    if (asked.current) return;
    asked.current = true;
    if (window.confirm(UNSAVED_PROMPT)) setSaveRequest((n) => n + 1);
    else blocker.proceed();
  }, [blocker]);

  // Closing the tab or reloading with unsaved changes gets the browser's own prompt.
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const onSaved = useCallback(() => { if (blocker.state === 'blocked') blocker.proceed(); }, [blocker]);
  const onCancelled = useCallback(() => { if (blocker.state === 'blocked') blocker.reset(); }, [blocker]);

  return (
    <div>
      <h4 className="mb-3">Saved Scenarios</h4>
      <ScenarioListView state={state} saveRequest={{ count: saveRequest, onSaved, onCancelled }} />
    </div>
  );
}
