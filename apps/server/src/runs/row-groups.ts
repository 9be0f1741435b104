/**
 * Splitting a CPR × CDR grid into groups of CDR rows, so one matrix spreads over the workers
 * (each group is one task of a batch) and a cancelled request drops the groups not yet run.
 */
import type { BatchOutcome } from './run-service.ts';

/** Cells one task should at least carry: below it the per-task cost (message, deal lookup) shows. */
const MIN_CELLS_PER_GROUP = 64;

/**
 * The rows in consecutive groups: enough groups to keep `parallelism` workers busy (up to eight
 * per worker: the last group is the tail a finished worker waits out; with four per worker a
 * 50×50 matrix left one of two workers idle for a fifth of its time), none smaller than ~64 cells.
 */
export function splitRows<T>(rows: readonly T[], columns: number, parallelism: number): T[][] {
  const byCells = Math.ceil((rows.length * Math.max(1, columns)) / MIN_CELLS_PER_GROUP);
  const count = Math.max(1, Math.min(rows.length, Math.max(1, parallelism) * 8, byCells));
  const size = Math.ceil(rows.length / count);
  const groups: T[][] = [];
  for (let i = 0; i < rows.length; i += size) groups.push(rows.slice(i, i + size));
  return groups;
}

/**
 * The grids (`keys`, each rows or null) of each group's result stacked back in row order. A
 * failed group fails the whole matrix with its message (the caller maps engine messages to HTTP
 * errors).
 */
export function mergeRowGroups<T, K extends keyof T>(outcomes: BatchOutcome<T>[], keys: readonly K[]): Pick<T, K> {
  const merged = new Map<K, unknown[] | null>(keys.map((k) => [k, []]));
  for (const outcome of outcomes) {
    if (!outcome.ok) throw new Error(outcome.message);
    for (const key of keys) {
      const rows = outcome.value[key] as unknown[] | null;
      const into = merged.get(key);
      if (rows === null || into === null || into === undefined) merged.set(key, null);
      else into.push(...rows);
    }
  }
  return Object.fromEntries(merged) as Pick<T, K>;
}
