import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../components/alerts/alerts.tsx';

const get = vi.fn();
const post = vi.fn();
const api = { get, post, request: vi.fn() };
// The historical-report section has its own tests; here it finds no reports and stays hidden.
vi.mock('../../api/reports.api.ts', async (original) => ({ ...(await original<object>()), listHistoricalReports: vi.fn().mockResolvedValue([]) }));
// Every GET of these tests answers the deal; the user-cashflow picker has its own list (none).
vi.mock('../../api/cashflows.api.ts', async (original) => ({ ...(await original<object>()), loadUserCashflows: vi.fn().mockResolvedValue([]) }));
vi.mock('../../app/session-context.tsx', () => ({
  useSession: () => ({ api, session: { username: 'analyst', roles: ['Analyst'] }, hasRole: () => false }),
  useApi: () => api,
}));
const { DealAnalysisPage } = await import('./deal-analysis-page.tsx');

const bond = (BondName: string, CollateralGroups: number[], IsMACR = false) => ({
  BondName, Cusip: null, OriginalBalance: 1e8, CurrentBalance: 1e8, Factor: 1, Coupon: 2, FloaterFormula: null as string | null, BondType: 'Sequential',
  OriginalEnhance: null, OriginalThickness: null, CurrentEnhance: null, CurrentThickness: null, IsMACR, CollateralGroups,
});
const dealOf = (DealName: string, DealType: string, Bonds: ReturnType<typeof bond>[], groups: number[]) => ({
  DealName, DealId: 1, DealType, ParentDealName: null, IssueDate: 20200730, FirstPaymentDate: 20200815, SettlementDate: 20261015, FactorDate: 20261015,
  FirstProjectedDate: 20261115, MaturityDate: 20500815, EarlyRedemptionPct: 0, EarlyRedemptionDate: 20300815, OptionalCancellationDate: 20300815,
  Cancellation: false, CollateralOriginalBalance: 8e8, CollateralCurrentBalance: 5e8, CollateralLosses: 0, DealFactor: 0.6, Wac: 3, Wam: 300, Wala: 60,
  DatesOfAvailableUpdates: [20261015], Bonds, Replines: groups.map((CollateralGroup) => ({ CollateralGroup, mbs_data: null, reremic_data: null })),
  CollateralInfo: { OriginalBalance: 8e8, CurrentBalance: 5e8, DealFactor: 0.6, WAC: 3, WAM: 300, WALA: 60, ProjectedLosses: 0 },
  Source: { Kind: 'synthetic', Reference: '', Notes: [] }, Structure: null, Custom: false,
});
const AGENCY = dealOf('FHLMC 5005', 'Agency', [bond('PA', [1]), bond('SC', [1]), bond('Z', [2]), bond('IO', [1], true)], [1, 1, 2]);
const ABS = dealOf('FORDO 2024-A', 'ABS', [bond('A-4', [1]), bond('B', [1])], [1]);
const answer = { ProjectedLosses: 0, CollateralCashflow: [], BondsCashflows: [], MiscVariables: { Triggers: [] } };

function OtherScreen({ name }: { name: string }) {
  return <p data-testid="other-screen">{name} {new URLSearchParams(useLocation().search).get('dealName')}</p>;
}

function renderPage(url: string, deal: object) {
  get.mockResolvedValue(deal);
  return renderRoutes(url);
}

function renderRoutes(url: string) {
  post.mockResolvedValue(answer);
  return render(
    <AlertsProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/deal_analysis" element={<DealAnalysisPage />} />
            <Route path="/acis_analysis" element={<OtherScreen name="acis" />} />
            <Route path="/cirt_analysis" element={<OtherScreen name="cirt" />} />
            <Route path="/error" element={<OtherScreen name="error" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </AlertsProvider>,
  );
}
const lastBody = () => (post.mock.calls.at(-1) as [string, Record<string, unknown>])[1];

// Runs save their inputs in cookies: each test starts from the defaults.
afterEach(() => { cleanup(); get.mockReset(); post.mockReset(); for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' }); });

describe('DealAnalysisPage run options', () => {
  it('offers All and each collateral group of a two-group agency deal and sends the chosen one', async () => {
    renderPage('/deal_analysis?dealName=FHLMC+5005', AGENCY);
    const select = await screen.findByTestId('collateral-group');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Group 1', 'Group 2']);
    // Agency deals are not ABS: no convention select.
    expect(screen.queryByTestId('prepay-convention')).toBeNull();
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(lastBody()).toMatchObject({ DealName: 'FHLMC 5005', CollateralGroup: null, Cdr: [0, 0] });
    expect(lastBody()).not.toHaveProperty('PrepaymentConvention');
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(lastBody()).toMatchObject({ CollateralGroup: 2 });
  });

  it('reads the group from a shared link, and ignores a group the deal does not have', async () => {
    renderPage('/deal_analysis?dealName=FHLMC+5005&collateral_group=2', AGENCY);
    expect(((await screen.findByTestId('collateral-group')) as HTMLSelectElement).value).toBe('2');
    cleanup();
    renderPage('/deal_analysis?dealName=FHLMC+5005&collateral_group=7', AGENCY);
    expect(((await screen.findByTestId('collateral-group')) as HTMLSelectElement).value).toBe('');
  });

  it('hides the group select on a one-group deal', async () => {
    renderPage('/deal_analysis?dealName=FORDO+2024-A', ABS);
    await screen.findByTestId('prepay-convention');
    expect(screen.queryByTestId('collateral-group')).toBeNull();
  });

  it('relabels the CPR input under the ABS convention, checks it as one speed and sends ABS', async () => {
    renderPage('/deal_analysis?dealName=FORDO+2024-A', ABS);
    const convention = await screen.findByTestId('prepay-convention');
    expect(screen.getByLabelText('CPR (%)')).toBeTruthy();
    fireEvent.change(convention, { target: { value: 'ABS' } });
    const speed = screen.getByLabelText('ABS %');
    fireEvent.change(speed, { target: { value: '1.5, 2' } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    expect(screen.getByTestId('run-error').textContent).toBe('Missing valid: ABS');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(speed, { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    // 1.5 % of the original count per month → 0.015 after the leading period-0 element.
    expect(lastBody()).toMatchObject({ DealName: 'FORDO 2024-A', PrepaymentConvention: 'ABS', Cpr: [0, 0.015], CollateralGroup: null });
  });

  it('sends CPR on an ABS deal by default and opens in ABS from a link', async () => {
    renderPage('/deal_analysis?dealName=FORDO+2024-A&prepay_convention=ABS&cpr=1.3', ABS);
    expect(((await screen.findByTestId('prepay-convention')) as HTMLSelectElement).value).toBe('ABS');
    expect((screen.getByLabelText('ABS %') as HTMLInputElement).value).toBe('1.3');
    cleanup();
    renderPage('/deal_analysis?dealName=FORDO+2024-A&cpr=10', ABS);
    fireEvent.click(await screen.findByTestId('run-scenario'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(lastBody()).toMatchObject({ PrepaymentConvention: 'CPR', Cpr: [0, 0.1] });
  });
});

describe('DealAnalysisPage deal families', () => {
  it('sends ACIS and CIRT deals to their own screens without loading them as bond deals', async () => {
    renderPage('/deal_analysis?dealName=ACIS+2020-DNA3', AGENCY);
    expect((await screen.findByTestId('other-screen')).textContent).toBe('acis ACIS 2020-DNA3');
    cleanup();
    renderPage('/deal_analysis?dealName=CIRT+2023-9', AGENCY);
    expect((await screen.findByTestId('other-screen')).textContent).toBe('cirt CIRT 2023-9');
    expect(get).not.toHaveBeenCalled();
  });

  it("opens the results on the bond of the link's bondName (a CUSIP search lands here with it)", async () => {
    renderPage('/deal_analysis?dealName=FHLMC+5005&bondName=SC', AGENCY);
    const bondRun = (BondName: string) => ({ BondName, BondCashflow: [], Wal: 1, PrincipalWindow: '1-2', WritedownPct: 0 });
    post.mockResolvedValue({ ...answer, BondsCashflows: [bondRun('PA'), bondRun('SC')] });
    fireEvent.click(await screen.findByTestId('run-scenario'));
    expect((await screen.findByTestId('result-tab-SC')).className).toContain('active');
    expect(screen.getByTestId('result-tab-Collateral').className).not.toContain('active');
  });
});

describe('DealAnalysisPage index rate (issue 18 #1)', () => {
  const DNA1 = {
    ...dealOf('STACR 2026-DNA1', 'STACR', [{ ...bond('M-1', [1]), FloaterFormula: 'SOFR + 1.00%', Coupon: 4.9 }], [1]),
    IndexRate: { Name: 'SOFR', RatePct: 3.9, Date: 20261015 },
  };

  it('prefills LIBOR / SOFR with the deal\'s index rate and its date, and runs with it', async () => {
    renderPage('/deal_analysis?dealName=STACR+2026-DNA1', DNA1);
    await waitFor(() => expect((screen.getByLabelText('LIBOR / SOFR (%)') as HTMLInputElement).value).toBe('3.9'));
    expect(screen.getByTestId('index-rate-hint').textContent).toBe('Current SOFR 3.9% on 10/15/2026');
    fireEvent.click(screen.getByTestId('run-scenario'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(lastBody()).toMatchObject({ Libor: [0, 0.039] });
    expect(screen.queryByTestId('zero-index-note')).toBeNull();
  });

  it('keeps a typed 0 and says the floaters pay their margin only', async () => {
    renderPage('/deal_analysis?dealName=STACR+2026-DNA1', DNA1);
    const input = await screen.findByLabelText('LIBOR / SOFR (%)');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('3.9'));
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    expect((await screen.findByTestId('zero-index-note')).textContent).toMatch(/margin only/);
    expect(lastBody()).toMatchObject({ Libor: [0, 0] });
  });
});

describe('DealAnalysisPage rows and settlement (issue 18 #4, #5)', () => {
  it('shows a paid-off class up to the row after its pay-off, not the zero rows after it', async () => {
    const row = (Period: number, Balance: number) => ({ Period, PaymentDate: 20261125, Balance, Principal: 0, Interest: 0, Rate: 0, Cash: 0, ActualWriteDown: 0 });
    post.mockResolvedValue({ ...answer, CollateralCashflow: [row(1, 9), row(2, 8)], BondsCashflows: [{ BondName: 'SC', BondCashflow: [row(1, 5), row(2, 0), row(3, 0), row(4, 0)] }] });
    const { runSimulation } = await import('../../api/deal-analysis.api.ts');
    const result = await runSimulation(api as unknown as Parameters<typeof runSimulation>[0], {});
    expect(result.BondsCashflows[0]?.BondCashflow.map((r) => r.Period)).toEqual([1, 2, 3]);
    expect(result.CollateralCashflow).toHaveLength(2);
  });

  it('keeps the screen and shows a danger alert when a settlement-date change fails', async () => {
    get.mockImplementation((path: string) => (path.includes('settlementDate=20260501')
      ? Promise.reject(Object.assign(new Error('No remittance data before 20260601'), { status: 400 }))
      : Promise.resolve(AGENCY)));
    renderRoutes('/deal_analysis?dealName=FHLMC+5005');
    const date = await screen.findByTestId('settlement-date');
    fireEvent.change(date, { target: { value: '2026-05-01' } });
    expect((await screen.findByTestId('alert-danger')).textContent).toContain('No remittance data before 20260601');
    expect(screen.queryByTestId('other-screen')).toBeNull();
    expect(screen.getByTestId('deal-info')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('settlement-date') as HTMLInputElement).value).toBe('2026-10-15'));
  });
});

describe('DealAnalysisPage refused runs (issue 18 #7)', () => {
  it('clears the shown results when the next run is refused', async () => {
    renderPage('/deal_analysis?dealName=FORDO+2024-A', ABS);
    fireEvent.click(await screen.findByTestId('run-scenario'));
    await screen.findByTestId('results-panel');
    fireEvent.change(screen.getByLabelText('CPR (%)'), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('run-scenario'));
    expect(screen.getByTestId('run-error').textContent).toContain('CPR (%) must be from 0 to 99.9999');
    expect(screen.queryByTestId('results-panel')).toBeNull();
    expect(post).toHaveBeenCalledTimes(1);
  });
});

describe('DealAnalysisPage capital structure and tabs (issue 18 #9)', () => {
  it('shows MACR result tabs only with Show MACR bonds on, and enhancement to 4 decimals', async () => {
    const deal = { ...AGENCY, Bonds: AGENCY.Bonds.map((b) => (b.BondName === 'PA' ? { ...b, OriginalEnhance: 3.525 } : b)) } as typeof AGENCY;
    renderPage('/deal_analysis?dealName=FHLMC+5005', deal);
    const bondRun = (BondName: string) => ({ BondName, BondCashflow: [], Wal: 1, PrincipalWindow: '1-2', WritedownPct: 0 });
    post.mockResolvedValue({ ...answer, BondsCashflows: [bondRun('PA'), bondRun('IO')] });
    fireEvent.click(await screen.findByTestId('run-scenario'));
    await screen.findByTestId('result-tab-PA');
    expect(screen.queryByTestId('result-tab-IO')).toBeNull();
    expect(screen.queryByTestId('projected-losses')).toBeNull();
    fireEvent.click(screen.getByTestId('show-macr'));
    expect(screen.getByTestId('result-tab-IO')).toBeTruthy();
    expect(document.querySelector('[data-bond=PA]')?.textContent).toContain('3.5250%');
  });
});
