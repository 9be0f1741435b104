import { describe, expect, it } from 'vitest';
import { changedRows, toggleRow } from './admin-model.ts';

describe('admin modals', () => {
  const deals = [{ DealName: 'A', IsAssigned: true }, { DealName: 'B', IsAssigned: false }, { DealName: 'C', IsAssigned: false }];

  it('send only the rows whose assignment changed', () => {
    const edited = toggleRow(toggleRow(deals, 0), 1);
    expect(changedRows(deals, edited, (r) => r.DealName)).toEqual([{ DealName: 'A', IsAssigned: false }, { DealName: 'B', IsAssigned: true }]);
    // Toggling twice is no change at all.
    expect(changedRows(deals, toggleRow(toggleRow(deals, 2), 2), (r) => r.DealName)).toEqual([]);
  });

  it('never unassign an owned scenario, but allow assigning others', () => {
    const scenarios = [{ Id: 1, Owned: true, IsAssigned: true }, { Id: 2, Owned: false, IsAssigned: true }];
    expect(toggleRow(scenarios, 0)).toEqual(scenarios);
    expect(toggleRow(scenarios, 1)[1]).toEqual({ Id: 2, Owned: false, IsAssigned: false });
  });
});
