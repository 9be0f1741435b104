import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../api/client.ts', () => ({ logClientError: vi.fn(() => Promise.resolve()) }));
const { AlertsOutlet, AlertsProvider, useAlerts } = await import('./alerts.tsx');

afterEach(cleanup);

describe('alerts', () => {
  it('a new failure replaces the shown one instead of stacking over the screen (issue 18 #10)', () => {
    let api: ReturnType<typeof useAlerts> | null = null;
    function Grab() { api = useAlerts(); return null; }
    render(<AlertsProvider><Grab /></AlertsProvider>);
    act(() => { api?.error(new Error('first')); api?.error(new Error('second')); api?.error(new Error('third')); });
    const shown = screen.getAllByTestId('alert-danger');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.textContent).toBe('third');
    // Never a success and a failure together (issue 23 #4): the newer one replaces the other.
    act(() => api?.success('saved'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['saved']);
    act(() => { api?.success('saved'); api?.error(new Error('failed after all')); });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['failed after all']);
    act(() => api?.show('info', 'note'));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('shows alerts in the flow where the shell puts its outlet, not over the screen (issue 23 #4)', () => {
    let api: ReturnType<typeof useAlerts> | null = null;
    function Grab() { api = useAlerts(); return null; }
    const { container } = render(<AlertsProvider><header>nav</header><main><AlertsOutlet /><p>screen</p></main><Grab /></AlertsProvider>);
    act(() => api?.error(new Error('refused')));
    const alert = screen.getByTestId('alert-danger');
    expect(alert.closest('.crt-alerts-inline')?.parentElement?.tagName).toBe('MAIN');
    expect(container.querySelector('.crt-alerts')).toBeNull();
  });
});
