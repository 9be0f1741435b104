import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCatalogRows } from './catalog-fixtures.ts';
import { DealCatalogView } from './deal-catalog-view.tsx';

afterEach(cleanup);

describe('DealCatalogView', () => {
  it('filters, clears and collapses groups', async () => {
    const rows = makeCatalogRows(40);
    render(<MemoryRouter><DealCatalogView rows={rows} /></MemoryRouter>);
    expect(screen.getByTestId('catalog-count').textContent).toBe('40 of 40 deals');
    fireEvent.change(screen.getByTestId('catalog-filter'), { target: { value: 'STACR' } });
    await waitFor(() => expect(screen.getByTestId('catalog-count').textContent).toBe('5 of 40 deals'));
    await waitFor(() => expect(screen.getAllByTestId('catalog-deal-link').every((a) => a.textContent?.startsWith('STACR'))).toBe(true));
    fireEvent.click(screen.getByTestId('catalog-group-STACR'));
    await waitFor(() => expect(screen.queryAllByTestId('catalog-deal-link')).toHaveLength(0));
    fireEvent.click(screen.getByTestId('catalog-filter-clear'));
    expect((screen.getByTestId('catalog-filter') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.getByTestId('catalog-count').textContent).toBe('40 of 40 deals'));
    expect(screen.getByTestId('catalog-group-STACR').getAttribute('aria-expanded')).toBe('false');
  });
});
