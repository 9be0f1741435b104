import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../alerts/alerts.tsx';

const summary = (Id: number, ScenarioName: string, DealName: string | null) => ({
  Id, ScenarioName, DealName, Vendor: 'V', Shared: false, Owned: true, Owner: 'analyst', LastModified: '2026-05-01T00:00:00.000Z',
});
const SUMMARIES = [summary(1, 'Base', 'STACR 2026-DNA2'), summary(2, 'Other deal', 'STACR 2026-DNA1'), summary(3, 'Generic', null)];
const get = vi.fn(async (path: string) => {
  if (path === '/scenarios/list') return SUMMARIES;
  if (path === '/deals/names') return ['STACR 2026-DNA1', 'STACR 2026-DNA2'];
  const id = Number(/\/scenarios\/(\d+)/.exec(path)?.[1]);
  const s = SUMMARIES.find((x) => x.Id === id);
  if (!s) throw new Error(`unexpected ${path}`);
  return { ...s, Cpr: [5, 6], Cdr: [0.5, 0.5], LossSeverity: [25, 25], Delinquency: [1, 1] };
});
// One session object, as the real provider memoises it (the list reloads when the client changes).
const session = { api: { get }, hasRole: () => true };
vi.mock('../../app/session-context.tsx', () => ({ useSession: () => session }));
const { ScenarioPickerModal } = await import('./scenario-picker.tsx');

afterEach(() => { cleanup(); get.mockClear(); });

function renderPicker(props: { dealName?: string | string[]; onChoose?: () => void; onCancel?: () => void; show?: boolean }) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AlertsProvider>
          <ScenarioPickerModal show={props.show ?? true} dealName={props.dealName} onChoose={props.onChoose ?? vi.fn()} onCancel={props.onCancel ?? vi.fn()} />
        </AlertsProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ScenarioPickerModal', () => {
  it('hides the toolbar, presets and limits the deal filter, and chooses only once a scenario is shown', async () => {
    const onChoose = vi.fn();
    renderPicker({ dealName: ['STACR 2026-DNA2', 'STACR 2026-DNA2 ACIS'], onChoose });
    await screen.findAllByTestId('scenario-row');
    expect(screen.queryByTestId('scenario-toolbar')).toBeNull();
    const dealFilter = screen.getByTestId('filter-deal') as HTMLSelectElement;
    expect(dealFilter.value).toBe('STACR 2026-DNA2');
    expect([...dealFilter.options].map((o) => o.text)).toEqual(['All', 'Not deal specific', 'STACR 2026-DNA2', 'STACR 2026-DNA2 ACIS']);
    expect(screen.getAllByTestId('scenario-row').map((r) => r.getAttribute('data-name'))).toEqual(['Base']);
    const choose = screen.getByTestId('picker-choose') as HTMLButtonElement;
    expect(choose.disabled).toBe(true);
    fireEvent.click(screen.getAllByTestId('scenario-row')[0]!);
    await waitFor(() => expect(choose.disabled).toBe(false));
    // Picker mode: read-only detail, no edit buttons, no Shared checkbox even for admins.
    const detail = screen.getByTestId('scenario-detail');
    expect(within(detail).queryByTestId('detail-edit')).toBeNull();
    expect(within(detail).queryByTestId('detail-shared')).toBeNull();
    expect(within(detail).getByTestId('cell-Cpr-2').textContent).toBe('6.00');
    fireEvent.click(choose);
    expect(onChoose).toHaveBeenCalledWith({ Id: 1, ScenarioName: 'Base', DealName: 'STACR 2026-DNA2', Vendor: 'V', Cpr: [5, 6], Cdr: [0.5, 0.5], LossSeverity: [25, 25], Delinquency: [1, 1] });
  });

  it('takes a single deal name as a string; Not deal specific shows generic scenarios; Cancel calls back', async () => {
    const onCancel = vi.fn();
    renderPicker({ dealName: 'STACR 2026-DNA1', onCancel });
    await screen.findAllByTestId('scenario-row');
    expect(screen.getAllByTestId('scenario-row').map((r) => r.getAttribute('data-name'))).toEqual(['Other deal']);
    fireEvent.change(screen.getByTestId('filter-deal'), { target: { value: '__no_deal__' } });
    expect(screen.getAllByTestId('scenario-row').map((r) => r.getAttribute('data-name'))).toEqual(['Generic']);
    fireEvent.click(screen.getByTestId('picker-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('loads nothing while hidden', () => {
    renderPicker({ show: false });
    expect(get).not.toHaveBeenCalled();
  });
});
