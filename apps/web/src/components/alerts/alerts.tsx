import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { logClientError } from '../../api/client.ts';
import { messageOf } from '../../api/errors.ts';

export type AlertKind = 'success' | 'danger' | 'warning' | 'info';

interface Alert { id: number; kind: AlertKind; message: string }

interface AlertsApi {
  /** Shows a dismissible alert; multi-line text keeps its lines. Default display 4 s (spec 000 §9). */
  show(kind: AlertKind, message: string, timeoutMs?: number): void;
  success(message: string): void;
  /** A danger alert for a failure, also sent to the server's error log at level 4. */
  error(error: unknown): void;
}

/** Default alert display time (spec 000 §9). */
export const ALERT_TIMEOUT_MS = 4000;

const AlertsContext = createContext<AlertsApi | null>(null);
/** The shown alerts and the outlet's registration (AlertsOutlet). */
const AlertListContext = createContext<{ alerts: Alert[]; dismiss(id: number): void; register(): () => void } | null>(null);

/** A success and a failure are never on screen together (issue 23 #4): the newer one wins. */
const EXCLUSIVE: Partial<Record<AlertKind, AlertKind[]>> = { success: ['danger', 'warning'], danger: ['success'], warning: ['success'] };

function AlertList({ alerts, dismiss, className }: { alerts: readonly Alert[]; dismiss(id: number): void; className: string }) {
  return (
    <div className={className} aria-live="polite">
      {alerts.map((a) => (
        <div key={a.id} role="alert" className={`alert alert-${a.kind} alert-dismissible shadow-sm`} data-testid={`alert-${a.kind}`}>
          <span style={{ whiteSpace: 'pre-line' }}>{a.message}</span>
          <button type="button" className="btn-close" aria-label="Close" onClick={() => dismiss(a.id)} />
        </div>
      ))}
    </div>
  );
}

/**
 * Where the shell shows alerts: in the page's flow above the screen, so an alert pushes the screen
 * down instead of lying over its controls (issue 23 #4: a failure hid the DM (bp) and surface tabs).
 * Without an outlet (a screen rendered alone) the provider shows them itself.
 */
export function AlertsOutlet() {
  const list = useContext(AlertListContext);
  if (!list) throw new Error('AlertsOutlet must be used inside AlertsProvider');
  const { register } = list;
  useEffect(() => register(), [register]);
  return <AlertList alerts={list.alerts} dismiss={list.dismiss} className="crt-alerts-inline" />;
}

export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);
  const show = useCallback((kind: AlertKind, message: string, timeoutMs = ALERT_TIMEOUT_MS) => {
    const id = nextId.current++;
    // The newest alert of a kind replaces the older one: stacked failures covered the screen's
    // sub-tabs (issue 18 #10). At most one alert per kind stays on screen; all are still logged.
    const replaced = new Set<AlertKind>([kind, ...(EXCLUSIVE[kind] ?? [])]);
    setAlerts((list) => [...list.filter((a) => !replaced.has(a.kind)), { id, kind, message }]);
    if (timeoutMs > 0) setTimeout(() => dismiss(id), timeoutMs);
  }, [dismiss]);

  const api = useMemo<AlertsApi>(() => ({
    show,
    success: (message) => show('success', message),
    error: (error) => {
      const message = messageOf(error);
      show('danger', message);
      void logClientError(message, error instanceof Error ? error.stack : undefined);
    },
  }), [show]);

  const [outlets, setOutlets] = useState(0);
  const register = useCallback(() => { setOutlets((n) => n + 1); return () => setOutlets((n) => n - 1); }, []);
  const list = useMemo(() => ({ alerts, dismiss, register }), [alerts, dismiss, register]);
  return (
    <AlertsContext.Provider value={api}>
      <AlertListContext.Provider value={list}>
        {children}
        {outlets === 0 && <AlertList alerts={alerts} dismiss={dismiss} className="crt-alerts" />}
      </AlertListContext.Provider>
    </AlertsContext.Provider>
  );
}

export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error('useAlerts must be used inside AlertsProvider');
  return api;
}
