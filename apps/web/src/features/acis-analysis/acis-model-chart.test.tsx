import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../components/alerts/alerts.tsx';

const get = vi.fn();
const post = vi.fn();
vi.mock('../../api/cashflows.api.ts', async (original) => ({ ...(await original<object>()), loadUserCashflows: vi.fn().mockResolvedValue([]) }));
vi.mock('../../app/session-context.tsx', () => ({
  useSession: () => ({ api: { get, post, request: vi.fn() }, session: { username: 'analyst', roles: ['Analyst', 'AFT_User'] }, hasRole: () => false }),
}));
const { AcisAnalysisPage } = await import('./acis-analysis-page.tsx');

const deal = {
  DealName: 'ACIS 2020-DNA3', DealType: 'ACIS', SettlementDate: 20200624, IssueDate: 20200624, FirstPaymentDate: 20200725, FactorDate: 20261025,
  MaturityDate: 20300625, EarlyRedemptionDate: 101, OptionalCancellationDate: 20250625, Cancellation: false, DatesOfAvailableUpdates: [20200725],
  CollateralInfo: { OriginalBalance: 48.3e9, CurrentBalance: 20e9, DealFactor: 0.4, WAC: 3.78, WAM: 300, WALA: 60, ProjectedLosses: 0 }, Bonds: [],
};
const structure = {
  DealName: 'ACIS 2020-DNA3', StacrDealName: 'STACR 2020-DNA3',
  Bonds: [{ StacrBondName: 'M-2AH', AcisBondName: 'M-2A', OriginalBalance: 66_412_499.73, CurrentBalance: 10e6, Factor: 0.15, Premium: 2.5 }],
};
const row = (Period: number) => ({
  Period, PaymentDate: '2026-11-25', RemainingLiability: 1e6, ReductionInLiability: 0, InsurerPaidLosses: 0, InsurancePremium: 5833.33,
  CollateralTrustAccount: 2e5, CollateralAccountChange: 0, CollateralAccountInterest: 0, NetInsuranceCashflow: 5833.33,
  CollateralBalance: 13.9e9, CollateralLosses: 0, CprRate: 0.1, CdrRate: 0.005, LossSeverityRate: 0.2, DelinquencyRate: 0, IsHistorical: false,
});
const answer = () => ({
  AcisCashflow: [row(0), row(1), row(2)], MiscVariables: { Triggers: [] }, Wal: 3.1, ReductionInLiabilityWindow: '1-60', InsurerPaidLosses: 0, FirstLossPeriod: null,
  AcisCashflowTotals: { ReductionInLiability: 1e6, InsurerPaidLosses: 0, InsurancePremium: 70_000, CollateralAccountChange: 0, NetInsuranceCashflow: 70_000, CollateralLosses: 0 },
  LineMetrics: { RateOnLine: 0.025, LossOnLine: 0, ReturnOnLine: 0.025 }, Yield: { IsSuccessful: true, Value: 0.1, ErrorMessage: null },
});

afterEach(() => { cleanup(); get.mockReset(); post.mockReset(); });

describe('ACIS screen: the credit model chart (issue 24)', () => {
  it('charts the model\'s vectors after an AFT run and keeps them labelled by that run when the select changes', async () => {
    get.mockImplementation((path: string) => Promise.resolve(
      path === '/deals' ? [{ DealName: 'ACIS 2020-DNA3', DealType: 'ACIS' }] : path.endsWith('/acis') ? structure : deal,
    ));
    post.mockImplementation(() => Promise.resolve(answer()));
    render(
      <AlertsProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/acis_analysis?dealName=ACIS+2020-DNA3']}>
            <Routes><Route path="/acis_analysis" element={<AcisAnalysisPage />} /></Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </AlertsProvider>,
    );
    await screen.findByText('M-2AH');
    fireEvent.change(screen.getByTestId('credit-model'), { target: { value: 'AFT' } });
    fireEvent.change(screen.getByTestId('model-hpa'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('model-mtg30'), { target: { value: '6.5' } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    await screen.findByTestId('model-vectors');
    expect((post.mock.calls[0] as [string, Record<string, unknown>])[1]).toMatchObject({ PrepaymentModel: 'AFT', BondName: 'M-2A' });
    expect(screen.getByTestId('chart-model-vectors')).toBeTruthy();
    // The results stay on screen when the select changes; the chart still belongs to the AFT run.
    fireEvent.change(screen.getByTestId('credit-model'), { target: { value: 'None' } });
    expect(screen.getByTestId('model-vectors')).toBeTruthy();
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('model-vectors')).toBeNull());
    expect(screen.getByTestId('acis-results')).toBeTruthy();
  });
});
