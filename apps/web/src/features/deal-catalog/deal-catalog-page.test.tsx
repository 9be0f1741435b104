import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { AlertsProvider } from '../../components/alerts/alerts.tsx';

const get = vi.fn();
vi.mock('../../app/session-context.tsx', () => ({
  useSession: () => ({ api: { get, request: vi.fn() }, hasRole: (...roles: string[]) => roles.includes('Admin') }),
}));
const { DealCatalogPage } = await import('./deal-catalog-page.tsx');

function ErrorProbe() {
  const location = useLocation();
  return <div data-testid="error-route">{location.search}</div>;
}

function renderPage() {
  const client = new QueryClient();
  return render(
    <AlertsProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/deal_catalog']}>
          <Routes>
            <Route path="/deal_catalog" element={<DealCatalogPage />} />
            <Route path="/error" element={<ErrorProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </AlertsProvider>,
  );
}

afterEach(() => { cleanup(); get.mockReset(); });

describe('DealCatalogPage', () => {
  it('goes to /error with status, reason and message when the catalog cannot be loaded', async () => {
    get.mockRejectedValue(new ApiError(503, 'Service Unavailable', 'Database is down'));
    renderPage();
    const probe = await screen.findByTestId('error-route');
    const query = new URLSearchParams(probe.textContent ?? '');
    expect(Object.fromEntries(query)).toEqual({ status: '503', reason: 'Service Unavailable', msg: 'Database is down' });
    expect(get).toHaveBeenCalledWith('/deals', expect.anything());
  });

  it('shows Export to admins once the catalog is loaded', async () => {
    get.mockResolvedValue([]);
    renderPage();
    expect((await screen.findByTestId('catalog-count')).textContent).toBe('0 of 0 deals');
    await waitFor(() => expect((screen.getByTestId('catalog-export') as HTMLButtonElement).disabled).toBe(false));
  });
});
