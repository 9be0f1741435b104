import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
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

export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);
  const show = useCallback((kind: AlertKind, message: string, timeoutMs = ALERT_TIMEOUT_MS) => {
    const id = nextId.current++;
    // The newest alert of a kind replaces the older one: stacked failures covered the screen's
    // sub-tabs (issue 18 #10). At most one alert per kind stays on screen; all are still logged.
    setAlerts((list) => [...list.filter((a) => a.kind !== kind), { id, kind, message }]);
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

  return (
    <AlertsContext.Provider value={api}>
      {children}
      <div className="crt-alerts" aria-live="polite">
        {alerts.map((a) => (
          <div key={a.id} role="alert" className={`alert alert-${a.kind} alert-dismissible shadow-sm`} data-testid={`alert-${a.kind}`}>
            <span style={{ whiteSpace: 'pre-line' }}>{a.message}</span>
            <button type="button" className="btn-close" aria-label="Close" onClick={() => dismiss(a.id)} />
          </div>
        ))}
      </div>
    </AlertsContext.Provider>
  );
}

export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error('useAlerts must be used inside AlertsProvider');
  return api;
}
