import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCatalogRows } from '../deal-catalog/catalog-fixtures.ts';

const get = vi.fn();
vi.mock('../../app/session-context.tsx', () => ({ useSession: () => ({ api: { get }, hasRole: () => false }) }));
const { DealCatalogPicker } = await import('./deal-catalog-picker.tsx');

afterEach(() => { cleanup(); get.mockReset(); });

describe('DealCatalogPicker', () => {
  it('loads the catalog when shown and returns the chosen deal name', async () => {
    get.mockResolvedValue(makeCatalogRows(16));
    const onSelect = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter><DealCatalogPicker show onSelect={onSelect} onClose={vi.fn()} /></MemoryRouter>
      </QueryClientProvider>,
    );
    const links = await screen.findAllByTestId('catalog-deal-link');
    expect(links.length).toBeGreaterThan(0);
    fireEvent.click(links[0] as HTMLElement);
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    expect(onSelect.mock.calls[0]?.[0]).toBe(links[0]?.textContent);
  });

  it('does not load while hidden', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter><DealCatalogPicker show={false} onSelect={vi.fn()} onClose={vi.fn()} /></MemoryRouter>
      </QueryClientProvider>,
    );
    expect(get).not.toHaveBeenCalled();
  });
});
