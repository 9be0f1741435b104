import { describe, expect, it } from 'vitest';
import { addPin, compareRows, compareSheet, MAX_PINNED_RUNS, removePin, TOO_MANY_PINS, type PinnedRun } from './compare-runs.ts';
import type { SummaryRow } from './tranche-summary-rows.ts';

const row = (bondName: string, wal: number, loss: number): SummaryRow => ({
  bondName, balance: 1000, coupon: 0.05, wal, window: '1-10', writedownPct: loss / 10, firstLossPeriod: loss > 0 ? 30 : null, principal: 1000 - loss, interest: 50, loss,
});
const run = (label: string, wal: number, loss: number): Omit<PinnedRun, 'id'> => ({
  label, rows: [row('M-1', wal, loss), row('M-2', wal + 1, 0)],
  figures: new Map([['M-1', { price: 99.5, yieldPct: 5.04316, dmBp: 131.8123, breakevenFirst: '2.35', breakevenFull: '5.10 *' }]]),
});

describe('compare runs (issue 25 #8)', () => {
  it('pins up to six runs and removes one by id', () => {
    let pins: PinnedRun[] = [];
    for (let i = 0; i < MAX_PINNED_RUNS; i++) pins = addPin(pins, run(`run ${i}`, 3 + i, 0)).pins;
    expect(pins.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(addPin(pins, run('seventh', 1, 0))).toEqual({ pins, problem: TOO_MANY_PINS });
    pins = removePin(pins, 2);
    expect(pins.map((p) => p.label)).toEqual(['run 0', 'run 2', 'run 3', 'run 4', 'run 5']);
    expect(addPin(pins, run('again', 1, 0)).pins.at(-1)?.id).toBe(7);
  });
  it('puts each run in a column, class by class, figure by figure; figures no run has are left out', () => {
    const pins = [addPin([], run('CDR 1', 4.123, 100)).pins[0]!, { ...run('CDR 3', 3.5, 300), id: 9, figures: new Map() }];
    const rows = compareRows(pins);
    const wal = rows.find((r) => r.bondName === 'M-1' && r.figure === 'WAL (yrs)');
    expect(wal?.values).toEqual([4.12, 3.5]);
    expect(rows.find((r) => r.bondName === 'M-1' && r.figure === 'DM (bp)')?.values).toEqual([131.81, null]);
    expect(rows.find((r) => r.bondName === 'M-1' && r.figure === 'Breakeven full loss')?.values).toEqual([5.1, null]);
    expect(rows.some((r) => r.bondName === 'M-2' && r.figure === 'Yield (%)')).toBe(false);
    const sheet = compareSheet(pins);
    expect(sheet?.name).toBe('Compare');
    expect(sheet?.columns.map((c) => c.header)).toEqual(['Class', 'Figure', 'Run 1: CDR 1', 'Run 2: CDR 3']);
    expect(compareSheet([])).toBeNull();
  });
});
