import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../api/client.ts', () => ({ logClientError: vi.fn(() => Promise.resolve()) }));
const { AlertsProvider, useAlerts } = await import('./alerts.tsx');

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
    act(() => api?.success('saved'));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });
});
