import { useEffect } from 'react';

/**
 * While `unsaved` is true, reloading or closing the tab asks first (the browser's own "Leave
 * site?" dialog; issue 18 #10: Vectors lost edits silently). In-app navigation is guarded
 * separately with react-router's useBlocker, which can offer to save.
 */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium versions only ask when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
