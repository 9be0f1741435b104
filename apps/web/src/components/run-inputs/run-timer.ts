import { useCallback, useEffect, useRef, useState } from 'react';

/** h:mm:ss from an hour on, else m:ss (spec 000 §2). */
export function formatElapsed(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A ticking timer for a run in progress. */
export function useRunTimer() {
  const [running, setRunning] = useState(false);
  const [elapsedMs, setElapsed] = useState(0);
  const startedAt = useRef(0);
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setElapsed(performance.now() - startedAt.current), 250);
    return () => clearInterval(id);
  }, [running]);
  const start = useCallback(() => { startedAt.current = performance.now(); setElapsed(0); setRunning(true); }, []);
  const stop = useCallback(() => { setElapsed(performance.now() - startedAt.current); setRunning(false); }, []);
  /** Forget the last run's time (another deal is on screen). */
  const reset = useCallback(() => { setElapsed(0); setRunning(false); }, []);
  return { running, elapsedMs, start, stop, reset };
}
