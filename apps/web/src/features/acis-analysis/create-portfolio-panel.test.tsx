import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client.ts';
import { CreatePortfolioPanel, portfolioBody, type PortfolioRow } from './create-portfolio-panel.tsx';

const post = vi.fn();
const api = { post } as unknown as ApiClient;

const onOpen = vi.fn();

function renderPanel(rows: PortfolioRow[], open = true) {
  return render(
    <MemoryRouter initialEntries={['/acis_analysis']}>
      <Routes>
        <Route path="/acis_analysis" element={<CreatePortfolioPanel api={api} dealName="ACIS 2020-DNA3" rows={rows} open={open} onOpen={onOpen} />} />
        <Route path="/portfolio" element={<div data-testid="portfolio-page">portfolio</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => { cleanup(); post.mockReset(); onOpen.mockReset(); });

describe('create portfolio from ACIS', () => {
  it('builds the spec 001 §3.4 body: separators stripped, empty amounts skipped, 1-based ordinals, zero vectors', () => {
    const body = portfolioBody(' P ', 'ACIS X', [{ bond: 'M-1', owned: '', margin: '20' }, { bond: 'M-2A', owned: '1,250,000.5', margin: '15' }, { bond: 'M-2B', owned: '5', margin: '0' }]);
    expect(body).toEqual({
      Name: 'P', PortfolioType: 'Reinsurance',
      PortfolioEntries: [{ OrdinalNumber: 1, DealName: 'ACIS X', BondName: 'M-2A', OwnedFaceAmt: 1_250_000.5, Margin: 15, AnnualPremium: 0, Cpr: [0], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0] }],
    });
  });

  it('refuses an empty name and a table without a qualifying bond, then creates and opens /portfolio', async () => {
    post.mockResolvedValue({});
    const { rerender } = renderPanel([{ bond: 'M-1', owned: '80902499.68', margin: '0' }, { bond: 'M-2A', owned: '', margin: '20' }]);
    fireEvent.click(screen.getByTestId('create-portfolio-button'));
    expect(screen.getByTestId('portfolio-error').textContent).toBe("Portfolio name mustn't be empty.");
    fireEvent.change(screen.getByTestId('portfolio-name'), { target: { value: 'Mine' } });
    // M-1 has a 0 margin and M-2A no amount: no bond qualifies, refused locally.
    fireEvent.click(screen.getByTestId('create-portfolio-button'));
    expect(screen.getByTestId('portfolio-error').textContent).toBe('Provide contract amount and collateral for at least one bond.');
    expect(post).not.toHaveBeenCalled();
    rerender(
      <MemoryRouter initialEntries={['/acis_analysis']}>
        <Routes>
          <Route path="/acis_analysis" element={<CreatePortfolioPanel api={api} dealName="ACIS 2020-DNA3" open onOpen={onOpen}
            rows={[{ bond: 'M-1', owned: '80902499.68', margin: '20' }, { bond: 'M-2A', owned: '66,412,499.73', margin: '20' }]} />} />
          <Route path="/portfolio" element={<div data-testid="portfolio-page">portfolio</div>} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('create-portfolio-button'));
    await screen.findByTestId('portfolio-page');
    const [path, body] = post.mock.calls[0] as [string, { PortfolioEntries: { BondName: string; OwnedFaceAmt: number; Margin: number }[] }];
    expect(path).toBe('/portfolios/');
    expect(body.PortfolioEntries.map((e) => [e.BondName, e.OwnedFaceAmt, e.Margin])).toEqual([['M-1', 80_902_499.68, 20], ['M-2A', 66_412_499.73, 20]]);
  });

  it('shows the name field only when ticked, and asks the parent to fill the defaults', () => {
    renderPanel([], false);
    expect(screen.queryByTestId('portfolio-name')).toBeNull();
    fireEvent.click(screen.getByLabelText('Create portfolio from ACIS 2020-DNA3'));
    expect(onOpen).toHaveBeenCalledWith(true);
  });

  it('shows the server message when creation fails', async () => {
    post.mockRejectedValue(new Error('Portfolio named Mine already exists.'));
    renderPanel([{ bond: 'M-2A', owned: '1,000,000', margin: '20' }]);
    fireEvent.change(screen.getByTestId('portfolio-name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByTestId('create-portfolio-button'));
    await waitFor(() => expect(screen.getByTestId('portfolio-error').textContent).toBe('Portfolio named Mine already exists.'));
  });
});
