import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../components/alerts/alerts.tsx';

const get = vi.fn();
const post = vi.fn();
vi.mock('../../api/cashflows.api.ts', async (original) => ({ ...(await original<object>()), loadUserCashflows: vi.fn().mockResolvedValue([]) }));
vi.mock('../../app/session-context.tsx', () => ({
  useSession: () => ({ api: { get, post, request: vi.fn() }, session: { username: 'analyst', roles: ['Analyst', 'LDM_User'] }, hasRole: () => false }),
}));
const { CirtAnalysisPage } = await import('./cirt-analysis-page.tsx');

const deal = {
  DealName: 'CIRT 2023-9', DealType: 'CIRT', SettlementDate: 20230901, IssueDate: 20230901, FirstPaymentDate: 20231025, FactorDate: 20261025,
  MaturityDate: 20360301, EarlyRedemptionDate: 20280901, OptionalCancellationDate: 20280901, Cancellation: false, DatesOfAvailableUpdates: [20231025],
  CollateralInfo: { OriginalBalance: 11.52e9, CurrentBalance: 10e9, DealFactor: 0.87, WAC: 6.35, WAM: 330, WALA: 30, ProjectedLosses: 0 }, Bonds: [],
};
const row = (Period: number) => ({
  Period, PaymentDate: '2023-10-25', RemainingLiability: 1e6, ReductionInLiability: 0, InsurerPaidLosses: 0, InsurancePremium: 2893.62,
  CollateralTrustAccount: 2e5, CollateralAccountChange: 0, CollateralAccountInterest: 0, NetInsuranceCashflow: 2893.62, CollateralBalance: 11.4e9,
  CollateralLosses: 0, CprRate: 0.1, CdrRate: 0.004, LossSeverityRate: 0.2, DelinquencyRate: 0, IsHistorical: false,
});
const answer = () => ({
  CirtCashflow: [row(0), row(1), row(2)], MiscVariables: {},
  PolicyInformation: { LiabilityLimit: 1, LiabilityLimitPct: 1, RetentionLimit: 1, RetentionLimitPct: 1, InitialCollateral: 1, InitialCollateralPct: 1, InitialPremium: 1, InitialPremiumPct: 1, Ownership: 1, OwnershipPct: 1 },
  Wal: 5.2, LossWindow: '', WritedownPct: 0, FirstLossPeriod: null,
  CirtCashflowTotals: { ReductionInLiability: 1e6, InsurerPaidLosses: 0, InsurancePremium: 2893.62, CollateralAccountChange: 0, NetInsuranceCashflow: 2893.62, CollateralLosses: 0 },
  LineMetrics: { RateOnLine: 0.0347, LossOnLine: 0, ReturnOnLine: 0.0347 }, Yield: { IsSuccessful: true, Value: 0.1736, ErrorMessage: null },
});

afterEach(() => { cleanup(); get.mockReset(); post.mockReset(); });

describe('CIRT screen: the credit model chart (issue 24)', () => {
  it('charts the model\'s CPR, CDR and severity for an LDM run, none for a run on CPR/CDR', async () => {
    get.mockImplementation((path: string) => Promise.resolve(path === '/deals' ? [{ DealName: 'CIRT 2023-9', DealType: 'CIRT' }] : deal));
    post.mockImplementation(() => Promise.resolve(answer()));
    render(
      <AlertsProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/cirt_analysis?dealName=CIRT+2023-9']}>
            <Routes><Route path="/cirt_analysis" element={<CirtAnalysisPage />} /></Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </AlertsProvider>,
    );
    fireEvent.change(await screen.findByTestId('credit-model'), { target: { value: 'LDM' } });
    fireEvent.change(screen.getByTestId('model-hpi'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('model-tenYrTsy'), { target: { value: '4.2' } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    await screen.findByTestId('policy-information');
    expect((post.mock.calls[0] as [string, Record<string, unknown>])[1]).toMatchObject({ PrepaymentModel: 'LDM' });
    expect(screen.getByTestId('model-vectors').textContent).toBe('');
    expect(screen.getByTestId('chart-model-vectors')).toBeTruthy();
    // Back to None and a run on the typed CPR/CDR: no model chart.
    fireEvent.change(screen.getByTestId('credit-model'), { target: { value: 'None' } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    await screen.findByTestId('policy-information');
    await waitFor(() => expect(screen.queryByTestId('model-vectors')).toBeNull());
  });
});
