/**
 * The save prompt on leaving a screen with unsaved changes (spec 002 §4): refusing lets the
 * navigation go on; agreeing saves first, and a failed save cancels the navigation. Closing or
 * reloading the tab gets the browser's own question (useLeaveWarning).
 */
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useLeaveWarning } from './use-leave-warning.ts';

export const UNSAVED_PROMPT = 'You have unsaved changes! Do you want to save them?';

export function useLeavePrompt(unsaved: boolean, save: () => Promise<boolean>, prompt: string = UNSAVED_PROMPT): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  const asked = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (blocker.state !== 'blocked') { asked.current = false; return; }
    // Answer each blocked navigation once (the blocker changes on every render; the save may be pending).
    if (asked.current) return;
    asked.current = true;
    if (!window.confirm(prompt)) { blocker.proceed(); return; }
    void saveRef.current().then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, prompt]);
  useLeaveWarning(unsaved);
}
