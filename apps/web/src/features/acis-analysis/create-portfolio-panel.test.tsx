import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client.ts';
import { CreatePortfolioPanel, portfolioBody } from './create-portfolio-panel.tsx';

const structure = {
  DealName: 'ACIS 2020-DNA3', StacrDealName: 'STACR 2020-DNA3',
  Bonds: [
    { StacrBondName: 'M-1H', AcisBondName: 'M-1', OriginalBalance: 80_902_499.68, CurrentBalance: 0, Factor: 0, Premium: 1 },
    { StacrBondName: 'M-2AH', AcisBondName: 'M-2A', OriginalBalance: 66_412_499.73, CurrentBalance: 10e6, Factor: 0.15, Premium: 2.5 },
  ],
};
const post = vi.fn();
const api = { post } as unknown as ApiClient;

function renderPanel() {
  return render(
    <MemoryRouter initialEntries={['/acis_analysis']}>
      <Routes>
        <Route path="/acis_analysis" element={<CreatePortfolioPanel api={api} dealName="ACIS 2020-DNA3" structure={structure} />} />
        <Route path="/portfolio" element={<div data-testid="portfolio-page">portfolio</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => { cleanup(); post.mockReset(); });

describe('create portfolio from ACIS', () => {
  it('builds the spec 001 §3.4 body: separators stripped, empty amounts skipped, 1-based ordinals, zero vectors', () => {
    const body = portfolioBody(' P ', 'ACIS X', [{ bond: 'M-1', owned: '', margin: '20' }, { bond: 'M-2A', owned: '1,250,000.5', margin: '15' }, { bond: 'M-2B', owned: '5', margin: '0' }]);
    expect(body).toEqual({
      Name: 'P', PortfolioType: 'Reinsurance',
      PortfolioEntries: [{ OrdinalNumber: 1, DealName: 'ACIS X', BondName: 'M-2A', OwnedFaceAmt: 1_250_000.5, Margin: 15, AnnualPremium: 0, Cpr: [0], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0] }],
    });
  });

  it('defaults owned face to the original balance and margin 20, refuses an empty name, then creates and opens /portfolio', async () => {
    post.mockResolvedValue({});
    renderPanel();
    fireEvent.click(screen.getByLabelText('Create portfolio from ACIS 2020-DNA3'));
    expect((screen.getByLabelText('M-2A owned face amount') as HTMLInputElement).value).toBe('66412499.73');
    expect((screen.getByLabelText('M-2A margin') as HTMLInputElement).value).toBe('20');
    fireEvent.click(screen.getByTestId('create-portfolio-button'));
    expect(screen.getByTestId('portfolio-error').textContent).toBe("Portfolio name mustn't be empty.");
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('portfolio-name'), { target: { value: 'Mine' } });
    // No bond with both amounts above 0: refused locally.
    fireEvent.change(screen.getByLabelText('M-1 margin'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('M-2A owned face amount'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('create-portfolio-button'));
    expect(screen.getByTestId('portfolio-error').textContent).toBe('Provide contract amount and collateral for at least one bond.');
    fireEvent.change(screen.getByLabelText('M-1 margin'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('M-2A owned face amount'), { target: { value: '66,412,499.73' } });
    fireEvent.click(screen.getByTestId('create-portfolio-button'));
    await screen.findByTestId('portfolio-page');
    const [path, body] = post.mock.calls[0] as [string, { PortfolioEntries: { BondName: string; OwnedFaceAmt: number; Margin: number }[] }];
    expect(path).toBe('/portfolios/');
    expect(body.PortfolioEntries.map((e) => [e.BondName, e.OwnedFaceAmt, e.Margin])).toEqual([['M-1', 80_902_499.68, 20], ['M-2A', 66_412_499.73, 20]]);
  });

  it('shows the server message when creation fails', async () => {
    post.mockRejectedValue(new Error('Portfolio "Mine" already exists.'));
    renderPanel();
    fireEvent.click(screen.getByLabelText('Create portfolio from ACIS 2020-DNA3'));
    fireEvent.change(screen.getByTestId('portfolio-name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByTestId('create-portfolio-button'));
    await waitFor(() => expect(screen.getByTestId('portfolio-error').textContent).toBe('Portfolio "Mine" already exists.'));
  });
});
