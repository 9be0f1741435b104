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
const catalog = [{ DealName: 'ACIS 2020-DNA3', DealType: 'ACIS' }, { DealName: 'STACR 2020-DNA3', DealType: 'STACR' }];
const row = (Period: number, PaymentDate: string) => ({
  Period, PaymentDate, RemainingLiability: 1e6, ReductionInLiability: 0, InsurerPaidLosses: 0, InsurancePremium: Period ? 5833.33 : 0,
  CollateralTrustAccount: 2e5, CollateralAccountChange: Period ? 0 : 2e5, CollateralAccountInterest: 0, NetInsuranceCashflow: Period ? 5833.33 : -2e5,
  CollateralBalance: 13.9e9, CollateralLosses: 0, CprRate: 0.1, CdrRate: 0.005, LossSeverityRate: 0.2, DelinquencyRate: 0, IsHistorical: false,
});
const answer = (roi: number) => ({
  AcisCashflow: [row(0, '2026-10-25'), row(1, '2026-11-25')], MiscVariables: { Triggers: [] }, Wal: 3.1, ReductionInLiabilityWindow: '1-60', InsurerPaidLosses: 0, FirstLossPeriod: null,
  AcisCashflowTotals: { ReductionInLiability: 1e6, InsurerPaidLosses: 0, InsurancePremium: 70_000, CollateralAccountChange: 0, NetInsuranceCashflow: 70_000, CollateralLosses: 0 },
  LineMetrics: { RateOnLine: 0.025, LossOnLine: 0, ReturnOnLine: 0.025 }, Yield: { IsSuccessful: true, Value: roi, ErrorMessage: null },
});

/** GET answers by path: the catalog, the ACIS structure, and deal details (any date; with the date's layer balances). */
function serve(path: string) {
  if (path === '/deals') return Promise.resolve(catalog);
  if (path.endsWith('/acis')) return Promise.resolve(structure);
  if (path.includes('/details?settlementDate=')) return Promise.resolve({ ...deal, SettlementDate: 20230115, Bonds: [{ BondName: 'M-1', CurrentBalance: 40_451_249.84 }] });
  return Promise.resolve(deal);
}

function renderPage(dealName = 'ACIS 2020-DNA3') {
  return render(
    <AlertsProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/acis_analysis?dealName=${encodeURIComponent(dealName)}`]}>
          <Routes><Route path="/acis_analysis" element={<AcisAnalysisPage />} /></Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </AlertsProvider>,
  );
}

const bodyOf = (call: number) => (post.mock.calls[call] as [string, Record<string, unknown>])[1];

afterEach(() => { cleanup(); get.mockReset(); post.mockReset(); });

describe('AcisAnalysisPage', () => {
  it('runs the first bond with a balance on the ACIS settings, with no Cleanup Call and an Early Call Option', async () => {
    get.mockImplementation(serve);
    post.mockResolvedValue(answer(0.135));
    renderPage();
    await screen.findByText('M-2AH');
    expect(screen.queryByTestId('cleanup-call')).toBeNull();
    expect(screen.getByText('Early Call Option')).toBeTruthy();
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(screen.getByTestId('metric-value').textContent).toBe('13.50%'));
    expect(post.mock.calls[0]?.[0]).toBe('/simulate/acis');
    // Defaults without cookies (spec 001 §9): CPR 10, CDR 0.5, severity 20 → fractions behind period 0.
    expect(bodyOf(0)).toMatchObject({ DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Margin: 0.2, Cancellation: false, Cpr: [0, 0.1], Cdr: [0, 0.005], LossSeverity: [0, 0.2] });
    fireEvent.click(screen.getByTestId('tab-rol'));
    expect(screen.getByTestId('metric-value').textContent).toBe('2.50%');
  });

  it('Run All Bonds Scenario runs each bond with its own amount and margin, skipping empty amounts', async () => {
    get.mockImplementation(serve);
    post.mockResolvedValue(answer(0.1));
    renderPage();
    await screen.findByText('M-2AH');
    fireEvent.click(screen.getByTestId('run-all'));
    expect(screen.getByTestId('run-error').textContent).toBe('Provide contract amount and collateral for at least one bond.');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('M-2A owned face amount'), { target: { value: '2,500,000' } });
    fireEvent.change(screen.getByLabelText('M-2A margin'), { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('run-all'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    // M-1 has no amount: skipped. M-2A: limit 2,500,000 and collateral 15 % → 0.15.
    expect(bodyOf(0)).toMatchObject({ BondName: 'M-2A', OwnedFaceAmt: 2_500_000, Margin: 0.15, InterestRate: 0 });
    fireEvent.change(screen.getByLabelText('M-1 owned face amount'), { target: { value: '1,000,000' } });
    fireEvent.change(screen.getByLabelText('M-1 margin'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('run-all'));
    await screen.findByTestId('bond-tabs');
    expect([bodyOf(1), bodyOf(2)].map((b) => [b.BondName, b.OwnedFaceAmt, b.Margin])).toEqual([['M-1', 1_000_000, 0.2], ['M-2A', 2_500_000, 0.15]]);
    expect(screen.getByTestId('export-all')).toBeTruthy();
  });

  it('ticking Create portfolio fills the structure table with the original balances and margin 20', async () => {
    get.mockImplementation(serve);
    renderPage();
    await screen.findByText('M-2AH');
    fireEvent.change(screen.getByLabelText('M-2A owned face amount'), { target: { value: '5,000' } });
    fireEvent.click(screen.getByLabelText('Create portfolio from ACIS 2020-DNA3'));
    expect((screen.getByLabelText('M-1 owned face amount') as HTMLInputElement).value).toBe('80902499.68');
    expect((screen.getByLabelText('M-1 margin') as HTMLInputElement).value).toBe('20');
    // A typed amount stays.
    expect((screen.getByLabelText('M-2A owned face amount') as HTMLInputElement).value).toBe('5,000');
  });

  it('a new settlement date clears the results and reloads the deal as of that date', async () => {
    get.mockImplementation(serve);
    post.mockResolvedValue(answer(0.135));
    renderPage();
    await screen.findByText('M-2AH');
    fireEvent.click(screen.getByTestId('run-scenario'));
    await screen.findByTestId('metric-value');
    fireEvent.change(screen.getByTestId('settlement-date'), { target: { value: '2023-01-15' } });
    expect(screen.queryByTestId('metric-value')).toBeNull();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/deals/ACIS%202020-DNA3/details?settlementDate=20230115', expect.anything()));
    // M-1's balance as of that date (the deal detail's layer), not the structure's factor-date 0.
    await waitFor(() => expect(screen.getByTestId('acis-bond-M-1').textContent).toContain('40,451,249.84'));
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(bodyOf(1).SettlementDate).toBe(20230115);
  });

  it('the Early Call month starts at the first month with a payment after settlement; a run with no periods says why', async () => {
    // Settled 10/25/2026, long after the optional cancellation date 06/25/2025 (issue 18 #10: the
    // picker offered 06/2025 and the run came back with its period-0 row only, ROI '-----').
    const seasoned = { ...deal, SettlementDate: 20261025, FirstProjectedDate: 20261125 };
    get.mockImplementation((path: string) => (path === '/deals/ACIS%202020-DNA3' ? Promise.resolve(seasoned) : serve(path)));
    post.mockResolvedValue(answer(0.35));
    renderPage();
    await screen.findByText('M-2AH');
    fireEvent.click(screen.getByTestId('cancellation'));
    const month = screen.getByTestId('cancellation-month') as HTMLInputElement;
    expect([month.value, month.min]).toEqual(['2026-11', '2026-11']);
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(screen.getByTestId('metric-value').textContent).toBe('35.00%'));
    expect(bodyOf(0)).toMatchObject({ Cancellation: true, CancellationDate: 20261101 });

    // A month typed before it: the server answers the period-0 row only; the screen explains.
    fireEvent.change(month, { target: { value: '2025-06' } });
    post.mockResolvedValue({ ...answer(0), AcisCashflow: [row(0, '2026-10-25')], Yield: { IsSuccessful: false, Value: null, ErrorMessage: "Can't compute Yield." } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    const note = await screen.findByTestId('empty-run-note');
    expect(note.textContent).toBe('No periods to project: the Early Call in 06/2025 ends the cover before the first payment date after the settlement date 10/25/2026. Choose 11/2026 or later.');
    expect(bodyOf(1)).toMatchObject({ CancellationDate: 20250601 });
    expect(screen.queryByTestId('metric-value')).toBeNull();
    expect(screen.queryByTestId('insurance-cashflow')).toBeNull();
    expect(screen.queryByTestId('export-cashflow')).toBeNull();
  });

  it('a matrix at a call month before the first payment explains its empty grid; a new settlement date that passes the month resets it', async () => {
    const seasoned = { ...deal, SettlementDate: 20261025, FirstProjectedDate: 20261125 };
    get.mockImplementation((path: string) => (path === '/deals/ACIS%202020-DNA3' ? Promise.resolve(seasoned)
      : path.includes('/details?settlementDate=20270115') ? Promise.resolve({ ...seasoned, SettlementDate: 20270115, FirstProjectedDate: 20270125 }) : serve(path)));
    const empty = [[null, null], [null, null]];
    post.mockResolvedValue({ Cpr: [0, 5], Cdr: [0, 1], Yield: empty, LineMetrics: { RateOnLine: empty, LossOnLine: empty, ReturnOnLine: empty } });
    renderPage();
    await screen.findByText('M-2AH');
    fireEvent.click(screen.getByTestId('cancellation'));
    fireEvent.change(screen.getByTestId('cancellation-month'), { target: { value: '2026-06' } });
    fireEvent.click(screen.getByTestId('run-matrix'));
    expect((await screen.findByTestId('empty-run-note')).textContent).toContain('the Early Call in 06/2026 ends the cover before the first payment date after the settlement date 10/25/2026. Choose 11/2026 or later.');
    expect(screen.queryByTestId('matrix-grid')).toBeNull();
    // A chosen month that a new settlement date leaves behind goes back to the first covered month.
    fireEvent.change(screen.getByTestId('cancellation-month'), { target: { value: '2026-12' } });
    fireEvent.change(screen.getByTestId('settlement-date'), { target: { value: '2027-01-15' } });
    await waitFor(() => expect((screen.getByTestId('cancellation-month') as HTMLInputElement).value).toBe('2027-01'));
  });

  it('an empty run without the call is explained too', async () => {
    get.mockImplementation(serve);
    post.mockResolvedValue({ ...answer(0), AcisCashflow: [row(0, '2020-06-24')] });
    renderPage();
    await screen.findByText('M-2AH');
    fireEvent.click(screen.getByTestId('run-scenario'));
    expect((await screen.findByTestId('empty-run-note')).textContent).toBe('No periods to project: the cover ends before the first payment date after the settlement date 06/24/2020.');
  });

  it('opens the catalog for a deal that is not an ACIS deal of the catalog', async () => {
    get.mockImplementation(serve);
    renderPage('STACR 2020-DNA3');
    await screen.findByTestId('choose-deal');
    expect(screen.queryByTestId('acis-structure')).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/deals/STACR%202020-DNA3', expect.anything());
  });
});
