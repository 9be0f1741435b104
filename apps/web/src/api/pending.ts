/** Counts API calls in flight; the global spinner subscribes to it. */
type Listener = (pending: number) => void;
let pending = 0;
const listeners = new Set<Listener>();

export function trackPending<T>(work: Promise<T>): Promise<T> {
  pending += 1;
  listeners.forEach((l) => l(pending));
  return work.finally(() => {
    pending -= 1;
    listeners.forEach((l) => l(pending));
  });
}

export function subscribePending(listener: Listener): () => void {
  listeners.add(listener);
  listener(pending);
  return () => listeners.delete(listener);
}
