import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../components/alerts/alerts.tsx';

const get = vi.fn();
const post = vi.fn();
vi.mock('../../app/session-context.tsx', () => ({
  useSession: () => ({ api: { get, post, request: vi.fn() }, session: { username: 'analyst', roles: ['Analyst'] }, hasRole: () => false }),
}));
const { AcisAnalysisPage } = await import('./acis-analysis-page.tsx');

const deal = {
  DealName: 'ACIS 2020-DNA3', DealType: 'ACIS', SettlementDate: 20200624, IssueDate: 20200624, FirstPaymentDate: 20200725, FactorDate: 20261025,
  MaturityDate: 20300625, EarlyRedemptionDate: 101, OptionalCancellationDate: 20250625, Cancellation: false, DatesOfAvailableUpdates: [20200725],
  CollateralInfo: { OriginalBalance: 48.3e9, CurrentBalance: 20e9, DealFactor: 0.4, WAC: 3.78, WAM: 300, WALA: 60, ProjectedLosses: 0 }, Bonds: [],
};
const structure = {
  DealName: 'ACIS 2020-DNA3', StacrDealName: 'STACR 2020-DNA3',
  Bonds: [
    { StacrBondName: 'M-1H', AcisBondName: 'M-1', OriginalBalance: 80_902_499.68, CurrentBalance: 0, Factor: 0, Premium: 1 },
    { StacrBondName: 'M-2AH', AcisBondName: 'M-2A', OriginalBalance: 66_412_499.73, CurrentBalance: 10e6, Factor: 0.15, Premium: 2.5 },
  ],
};
const answer = (roi: number) => ({
  AcisCashflow: [], MiscVariables: {}, Wal: 3.1, ReductionInLiabilityWindow: '1-60', InsurerPaidLosses: 0, FirstLossPeriod: null,
  AcisCashflowTotals: { ReductionInLiability: 1e6, InsurerPaidLosses: 0, InsurancePremium: 70_000, CollateralAccountChange: 0, NetInsuranceCashflow: 70_000, CollateralLosses: 0 },
  LineMetrics: { RateOnLine: 0.025, LossOnLine: 0, ReturnOnLine: 0.025 }, Yield: { IsSuccessful: true, Value: roi, ErrorMessage: null },
});

function renderPage() {
  return render(
    <AlertsProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/acis_analysis?dealName=ACIS+2020-DNA3']}>
          <Routes><Route path="/acis_analysis" element={<AcisAnalysisPage />} /></Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </AlertsProvider>,
  );
}

afterEach(() => { cleanup(); get.mockReset(); post.mockReset(); });

describe('AcisAnalysisPage', () => {
  it('runs the first bond with a balance, then all bonds with a balance, with per-bond tabs', async () => {
    get.mockImplementation((path: string) => Promise.resolve(path.endsWith('/acis') ? structure : deal));
    post.mockResolvedValue(answer(0.135));
    renderPage();
    await screen.findByText('M-2AH');
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(screen.getByTestId('metric-value').textContent).toBe('13.50%'));
    const [path, body] = post.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/simulate/acis');
    expect(body).toMatchObject({ DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Margin: 0.2, Cancellation: false });
    fireEvent.click(screen.getByTestId('tab-rol'));
    expect(screen.getByTestId('metric-value').textContent).toBe('2.50%');
    // Paid-off M-1 is skipped by Run All Bonds Scenario.
    fireEvent.click(screen.getByTestId('run-all'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect((post.mock.calls[1] as [string, Record<string, unknown>])[1]).toMatchObject({ BondName: 'M-2A' });
  });
});
