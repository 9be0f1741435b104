import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../components/alerts/alerts.tsx';

const get = vi.fn();
const post = vi.fn();
// Every GET of these tests answers the deal; the user-cashflow picker has its own list (none).
vi.mock('../../api/cashflows.api.ts', async (original) => ({ ...(await original<object>()), loadUserCashflows: vi.fn().mockResolvedValue([]) }));
vi.mock('../../app/session-context.tsx', () => ({
  useSession: () => ({ api: { get, post, request: vi.fn() }, session: { username: 'analyst', roles: ['Analyst'] }, hasRole: () => false }),
}));
const { CirtAnalysisPage } = await import('./cirt-analysis-page.tsx');
const { historicalRowClass } = await import('../../components/reinsurance/reinsurance-results.tsx');

const deal = {
  DealName: 'CIRT 2023-9', DealType: 'CIRT', SettlementDate: 20230901, IssueDate: 20230901, FirstPaymentDate: 20231025, FactorDate: 20261025,
  MaturityDate: 20360301, EarlyRedemptionDate: 20280901, OptionalCancellationDate: 20280901, Cancellation: false, DatesOfAvailableUpdates: [20231025],
  CollateralInfo: { OriginalBalance: 11.52e9, CurrentBalance: 10e9, DealFactor: 0.87, WAC: 6.35, WAM: 330, WALA: 30, ProjectedLosses: 0 }, Bonds: [],
};
const row = (Period: number) => ({
  Period, PaymentDate: '2023-10-25', RemainingLiability: 1e6, ReductionInLiability: 0, InsurerPaidLosses: 0, InsurancePremium: 2893.62,
  CollateralTrustAccount: 2e5, CollateralAccountChange: 0, CollateralAccountInterest: 0, NetInsuranceCashflow: 2893.62, CollateralBalance: 11.4e9,
  CollateralLosses: 0, CprRate: 0.1, CdrRate: 0, LossSeverityRate: 0.2, DelinquencyRate: 0, IsHistorical: false,
});
const answer = {
  CirtCashflow: [row(0), row(1)], MiscVariables: {},
  PolicyInformation: { LiabilityLimit: 270_720_000, LiabilityLimitPct: 2.35, RetentionLimit: 190_080_000, RetentionLimitPct: 1.65, InitialCollateral: 200_000, InitialCollateralPct: 20, InitialPremium: 34_723.4, InitialPremiumPct: 3.4723, Ownership: 1e6, OwnershipPct: 0.3694 },
  Wal: 5.2, LossWindow: '', WritedownPct: 0, FirstLossPeriod: null,
  CirtCashflowTotals: { ReductionInLiability: 1e6, InsurerPaidLosses: 0, InsurancePremium: 2893.62, CollateralAccountChange: 0, NetInsuranceCashflow: 2893.62, CollateralLosses: 0 },
  LineMetrics: { RateOnLine: 0.0347, LossOnLine: 0, ReturnOnLine: 0.0347 }, Yield: { IsSuccessful: true, Value: 0.1736, ErrorMessage: null },
};

const catalog = [{ DealName: 'CIRT 2023-9', DealType: 'CIRT' }];
function serve(path: string) {
  if (path === '/deals') return Promise.resolve(catalog);
  if (path.includes('/details?settlementDate=')) return Promise.resolve({ ...deal, SettlementDate: 20260115 });
  return Promise.resolve(deal);
}

function renderPage() {
  return render(
    <AlertsProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/cirt_analysis?dealName=CIRT+2023-9']}>
          <Routes><Route path="/cirt_analysis" element={<CirtAnalysisPage />} /></Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </AlertsProvider>,
  );
}

afterEach(() => { cleanup(); get.mockReset(); post.mockReset(); });

describe('CirtAnalysisPage', () => {
  it('sends the limit in dollars and percents as fractions, then shows ROI and Policy Information', async () => {
    get.mockImplementation(serve);
    post.mockResolvedValue(answer);
    renderPage();
    fireEvent.click(await screen.findByTestId('run-scenario'));
    await screen.findByTestId('policy-information');
    const [path, body] = post.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/simulate/cirt?includeHistorical=false');
    expect(body).toMatchObject({ DealName: 'CIRT 2023-9', OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0, Cancellation: false, Cdr: [0, 0.005] });
    // CIRT has a Cancellation checkbox but no Cleanup Call and no LIBOR input (spec 001 §2.4).
    expect(screen.getByText('Cancellation')).toBeTruthy();
    expect(screen.queryByTestId('cleanup-call')).toBeNull();
    expect(screen.queryByLabelText('LIBOR / SOFR (%)')).toBeNull();
    expect(screen.getByTestId('metric-value').textContent).toBe('17.36%');
    expect(screen.getByTestId('policy-information').textContent).toContain('270,720,000');
    // Admin-only Run Scenario (Blended) is hidden for an analyst.
    expect(screen.queryByTestId('run-blended')).toBeNull();
  });

  it("shows 'Failed to generate CIRT cashflow.' when a run fails without a message, and checks settings first", async () => {
    get.mockImplementation(serve);
    post.mockRejectedValue(new Error(''));
    renderPage();
    fireEvent.click(await screen.findByTestId('run-scenario'));
    await waitFor(() => expect(screen.getByTestId('run-error').textContent).toBe('Failed to generate CIRT cashflow.'));
    // Once, in the error area: no alert repeating it (issue 23 #4).
    expect(screen.queryByTestId('alert-danger')).toBeNull();
    fireEvent.change(screen.getByTestId('setting-initialLimit'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(screen.getByTestId('run-error').textContent).toBe('Missing required: Initial Limit'));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a new settlement date clears the result and the next run starts there', async () => {
    get.mockImplementation(serve);
    post.mockResolvedValue(answer);
    renderPage();
    fireEvent.click(await screen.findByTestId('run-scenario'));
    await screen.findByTestId('policy-information');
    fireEvent.change(screen.getByTestId('settlement-date'), { target: { value: '2026-01-15' } });
    expect(screen.queryByTestId('policy-information')).toBeNull();
    expect(screen.queryByTestId('cirt-results')).toBeNull();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/deals/CIRT%202023-9/details?settlementDate=20260115', expect.anything()));
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect((post.mock.calls[1] as [string, Record<string, unknown>])[1].SettlementDate).toBe(20260115);
  });

  it('marks historical rows of a blended run for the darker style', () => {
    expect(historicalRowClass({ ...row(1), IsHistorical: true })).toBe('crt-historical-row');
    expect(historicalRowClass(row(2))).toBeUndefined();
  });

  it('a chosen month before the optional cancellation date is not offered', async () => {
    get.mockImplementation(serve);
    renderPage();
    fireEvent.click(await screen.findByTestId('cancellation'));
    const month = screen.getByTestId('cancellation-month') as HTMLInputElement;
    // Optional cancellation 2028-09-01: the picker starts there and disables earlier months.
    expect([month.value, month.min]).toEqual(['2028-09', '2028-09']);
    expect(screen.getByTestId('cancellation-mmyyyy').textContent).toBe('09/2028');
  });

  it("a remittance month picked loads the details for the month's last day (spec 001 §4), not its 25th", async () => {
    get.mockImplementation(serve);
    renderPage();
    const select = await screen.findByTestId('remittance-month') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '20231025' } });
    await waitFor(() => expect(get.mock.calls.map((c) => String(c[0])).some((p) => p.includes('settlementDate=20231031'))).toBe(true));
    expect(get.mock.calls.map((c) => String(c[0])).some((p) => p.includes('settlementDate=20231025'))).toBe(false);
  });

  it("explains '-----' ROI cells of a matrix (issue 18 #10)", async () => {
    get.mockImplementation(serve);
    const g = [[0.17, null], [-0.5, 0.17]];
    post.mockResolvedValue({ Cpr: [0, 10], Cdr: [0, 5], Yield: g, LineMetrics: { RateOnLine: g, LossOnLine: g, ReturnOnLine: g } });
    renderPage();
    fireEvent.click(await screen.findByTestId('run-matrix'));
    expect((await screen.findByTestId('matrix-no-roi-note')).textContent).toContain('below -100% a year');
    expect(screen.getAllByText('-----').length).toBe(1);
  });
});
