/**
 * The save prompt on leaving a screen with unsaved changes (spec 002 §4): refusing lets the
 * navigation go on; agreeing saves first, and a failed save cancels the navigation. Closing or
 * reloading the tab gets the browser's own question.
 */
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_PROMPT = 'You have unsaved changes! Do you want to save them?';

export function useLeavePrompt(unsaved: boolean, save: () => Promise<boolean>): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  const asked = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (blocker.state !== 'blocked') { asked.current = false; return; }
    // Answer each blocked navigation once (the effect may run again while the save is pending).
    if (asked.current) return;
    asked.current = true;
    if (!window.confirm(UNSAVED_PROMPT)) { blocker.proceed(); return; }
    void saveRef.current().then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    if (!unsaved) return undefined;
    const onUnload = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [unsaved]);
}
