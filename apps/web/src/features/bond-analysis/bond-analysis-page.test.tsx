import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes } from 'react-router';
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
const { BondAnalysisPage } = await import('./bond-analysis-page.tsx');

const bond = (BondName: string) => ({
  BondName, Cusip: null, OriginalBalance: 1e8, CurrentBalance: 1e8, Factor: 1, Coupon: 5.1, FloaterFormula: null as string | null, BondType: 'Senior',
  OriginalEnhance: null, OriginalThickness: null, CurrentEnhance: null, CurrentThickness: null, IsMACR: false, CollateralGroups: [1],
});
const dealOf = (DealName: string, DealType: string) => ({
  DealName, DealId: 1, DealType, ParentDealName: null, IssueDate: 20240123, FirstPaymentDate: 20240215, SettlementDate: 20261015, FactorDate: 20261015,
  FirstProjectedDate: 20261115, MaturityDate: 20310815, EarlyRedemptionPct: 0, EarlyRedemptionDate: 20280815, OptionalCancellationDate: 20280815,
  Cancellation: false, CollateralOriginalBalance: 1.5e9, CollateralCurrentBalance: 3e8, CollateralLosses: 0, DealFactor: 0.2, Wac: 6.85, Wam: 40, Wala: 30,
  DatesOfAvailableUpdates: [20261015], Bonds: [bond('A-4'), bond('B')], Replines: [{ CollateralGroup: 1, mbs_data: null, reremic_data: null }],
  CollateralInfo: { OriginalBalance: 1.5e9, CurrentBalance: 3e8, DealFactor: 0.2, WAC: 6.85, WAM: 40, WALA: 30, ProjectedLosses: 0 },
  Source: { Kind: 'synthetic', Reference: '', Notes: [] }, Structure: null, Custom: false,
});
const single = { Value: 0.0512, IsSuccessful: true, ErrorMessage: null, Simulation: { BondsCashflows: [{ BondName: 'A-4', BondCashflow: [], Wal: 0.5, PrincipalWindow: '1-12', WritedownPct: 0, FirstLossPeriod: 0 }], MiscVariables: {} } };
const matrix = { Cpr: [0, 20], Cdr: [0, 1], Wal: [[1, 0.6], [1, 0.6]], WritedownPct: [[0, 0], [0, 0]], Metric: [[0.05, 0.051], [0.05, 0.051]] };

function renderPage(url: string, deal: ReturnType<typeof dealOf>) {
  get.mockImplementation((path: string) => Promise.resolve(path === '/deals' ? [{ DealName: deal.DealName, DealType: deal.DealType }] : deal));
  post.mockImplementation((path: string) => Promise.resolve(path.includes('/matrix') ? matrix : single));
  return render(
    <AlertsProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes><Route path="/bond_analysis" element={<BondAnalysisPage />} /></Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </AlertsProvider>,
  );
}
const call = (i: number) => post.mock.calls[i] as [string, Record<string, unknown>];

// Runs save their inputs in cookies: each test starts from the defaults.
afterEach(() => { cleanup(); get.mockReset(); post.mockReset(); for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' }); });

describe('BondAnalysisPage prepayment convention', () => {
  it('runs an ABS deal at an ABS speed, but its matrix and a clicked cell in CPR', async () => {
    renderPage('/bond_analysis?dealName=FORDO+2024-A&bondName=A-4&price=100', dealOf('FORDO 2024-A', 'ABS'));
    const convention = await screen.findByTestId('prepay-convention');
    fireEvent.change(convention, { target: { value: 'ABS' } });
    expect(screen.getByText('ABS %')).toBeTruthy();
    fireEvent.change(screen.getByTestId('input-cpr'), { target: { value: '2,3' } });
    fireEvent.click(screen.getByTestId('calculate'));
    expect(screen.getByTestId('pricing-error').textContent).toBe('Missing valid: ABS');
    fireEvent.change(screen.getByTestId('input-cpr'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('calculate'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    // Yield tab (the link has a price): Price 100, and 1.5 % ABS as the fraction 0.015 after period 0.
    expect(call(0)[0]).toBe('/simulate/yield');
    expect(call(0)[1]).toMatchObject({ DealName: 'FORDO 2024-A', BondName: 'A-4', Price: 100, PrepaymentConvention: 'ABS', Cpr: [0, 0.015] });
    await waitFor(() => expect(screen.getByTestId('result-value').textContent).toBe('5.12000'));

    fireEvent.click(screen.getByTestId('run-matrix'));
    await screen.findByTestId('matrix-grid');
    expect(call(1)[0]).toBe('/simulate/yield/matrix');
    expect(call(1)[1]).toMatchObject({ PrepaymentConvention: 'CPR' });
    expect(screen.getByTestId('matrix-cpr-note')).toBeTruthy();
    fireEvent.click(document.querySelector('[data-testid=matrix-grid] td[data-cpr="20"][data-cdr="1"]') as Element);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    // The cell is CPR 20 / CDR 1 (percent): 0.2 and 0.01, annual CPR like the matrix.
    expect(call(2)[1]).toMatchObject({ PrepaymentConvention: 'CPR', Cpr: [0, 0.2], Cdr: [0, 0.01] });
  });

  it('offers no convention on a non-ABS deal and sends none', async () => {
    renderPage('/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4&price=100', dealOf('SYN NQM 2025-1', 'RMBS'));
    fireEvent.click(await screen.findByTestId('calculate'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('prepay-convention')).toBeNull();
    expect(call(0)[1]).not.toHaveProperty('PrepaymentConvention');
  });

  it('opens in ABS from a shared link', async () => {
    renderPage('/bond_analysis?dealName=FORDO+2024-A&bondName=A-4&prepay_convention=ABS&cpr=1.5', dealOf('FORDO 2024-A', 'ABS'));
    expect(((await screen.findByTestId('prepay-convention')) as HTMLSelectElement).value).toBe('ABS');
    expect((screen.getByTestId('input-cpr') as HTMLInputElement).value).toBe('1.5');
  });
});

describe('BondAnalysisPage catalog check', () => {
  it('does not analyse a CIRT deal of the catalog as a bond deal: the catalog picker opens instead', async () => {
    renderPage('/bond_analysis?dealName=CIRT+2023-9', dealOf('CIRT 2023-9', 'CIRT'));
    await screen.findByTestId('choose-deal');
    expect(screen.queryByTestId('pricing-panel')).toBeNull();
    expect(get.mock.calls.map((c) => c[0])).not.toContain('/deals/CIRT 2023-9');
  });

  it('ignores a settle_dt that is no calendar date and loads the deal as of its own settlement', async () => {
    renderPage('/bond_analysis?dealName=FORDO+2024-A&bondName=A-4&settle_dt=2026-13-45', dealOf('FORDO 2024-A', 'ABS'));
    expect((await screen.findByTestId('settlement')).textContent).toBe('10/15/2026');
    expect(get.mock.calls.map((c) => c[0])).toContain('/deals/FORDO%202024-A');
  });
});

describe('BondAnalysisPage index rate (issue 18 #1)', () => {
  const floating = () => ({
    ...dealOf('STACR 2026-DNA1', 'STACR'),
    Bonds: [{ ...bond('M-1'), Coupon: 4.66, FloaterFormula: 'SOFR + 1.00%' }],
    IndexRate: { Name: 'SOFR', RatePct: 3.66, Date: 20261015 },
  });

  it('starts the SOFR input at the deal\'s current index rate, shown with its date, and runs with it', async () => {
    renderPage('/bond_analysis?dealName=STACR+2026-DNA1&bondName=M-1&price=100', floating());
    await waitFor(() => expect((screen.getByTestId('input-libor') as HTMLInputElement).value).toBe('3.66'));
    expect(screen.getByTestId('index-rate-hint').textContent).toBe('Current SOFR 3.66% on 10/15/2026');
    fireEvent.click(screen.getByTestId('calculate'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(call(0)[1]).toMatchObject({ Libor: [0, 0.0366] });
    expect(screen.queryByTestId('zero-index-note')).toBeNull();
  });

  it('keeps a remembered index and notes a run at 0 on a floating deal', async () => {
    Cookies.set('bondAnalysis.libor', '0', { path: '/' });
    renderPage('/bond_analysis?dealName=STACR+2026-DNA1&bondName=M-1&price=100', floating());
    fireEvent.click(await screen.findByTestId('calculate'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect((screen.getByTestId('input-libor') as HTMLInputElement).value).toBe('0');
    expect((await screen.findByTestId('zero-index-note')).textContent).toMatch(/margin only/);
  });
});

describe('BondAnalysisPage matrix (issue 18 #2, #3)', () => {
  it('moves the CPR and CDR inputs to a clicked cell, so the inputs say what ran', async () => {
    renderPage('/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4&price=100&cpr=10&cdr=0.05', dealOf('SYN NQM 2025-1', 'RMBS'));
    fireEvent.click(await screen.findByTestId('run-matrix'));
    await screen.findByTestId('matrix-grid');
    fireEvent.click(document.querySelector('[data-testid=matrix-grid] td[data-cpr="20"][data-cdr="1"]') as Element);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect((screen.getByTestId('input-cpr') as HTMLInputElement).value).toBe('20');
    expect((screen.getByTestId('input-cdr') as HTMLInputElement).value).toBe('1');
  });

  it.each([
    ['', 'A matrix needs at least one CPR and one CDR.'],
    ['5 12R', 'Missing valid: CPR'],
    ['1,,2', 'Missing valid: CPR'],
  ])('refuses to run the grid with CPR %j', async (cpr, message) => {
    renderPage(`/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4&price=100&cpr=${encodeURIComponent(cpr)}`, dealOf('SYN NQM 2025-1', 'RMBS'));
    fireEvent.click(await screen.findByTestId('run-matrix'));
    expect(screen.getByTestId('pricing-error').textContent).toBe(message);
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses an empty CDR and a bad severity before the grid runs', async () => {
    renderPage('/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4&price=100&cdr=&loss_severity=x1', dealOf('SYN NQM 2025-1', 'RMBS'));
    fireEvent.click(await screen.findByTestId('run-matrix'));
    expect(screen.getByTestId('pricing-error').textContent).toBe('A matrix needs at least one CPR and one CDR.');
    fireEvent.change(screen.getByTestId('input-cdr'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('run-matrix'));
    expect(screen.getByTestId('pricing-error').textContent).toBe('Missing valid: Loss Severity');
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a refused run\'s message once, under the buttons, not also as an alert (issue 23 #4)', async () => {
    renderPage('/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4&price=100&cpr=NoSuchVector', dealOf('SYN NQM 2025-1', 'RMBS'));
    post.mockImplementation((path: string) => (path.includes('/log') ? Promise.resolve({}) : Promise.reject(new Error('NoSuchVector vector was not found.'))));
    fireEvent.click(await screen.findByTestId('calculate'));
    await waitFor(() => expect(screen.getByTestId('pricing-error').textContent).toBe('NoSuchVector vector was not found.'));
    expect(screen.queryByTestId('alert-danger')).toBeNull();
  });
});

describe('BondAnalysisPage activity month (issue 18 #5)', () => {
  it('keeps the screen, alerts and goes back to the loaded month when a month change fails', async () => {
    const deal = { ...dealOf('SYN NQM 2025-1', 'RMBS'), DatesOfAvailableUpdates: [20261015, 20260915] };
    renderPage('/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4', deal);
    get.mockImplementation((path: string) => (path === '/deals' ? Promise.resolve([{ DealName: deal.DealName, DealType: deal.DealType }])
      : path.includes('settlementDate=20260930') ? Promise.reject(new Error('No data for 09/2026')) : Promise.resolve(deal)));
    fireEvent.change(await screen.findByTestId('activity-month'), { target: { value: '20260915' } });
    expect((await screen.findByTestId('alert-danger')).textContent).toContain('No data for 09/2026');
    expect(screen.getByTestId('pricing-panel')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('settlement').textContent).toBe('10/15/2026'));
  });
});

describe('BondAnalysisPage life metrics (issue 18 #6)', () => {
  it('shows ----- for WAL and window when nothing reduced the balance', async () => {
    renderPage('/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4&price=100', dealOf('SYN NQM 2025-1', 'RMBS'));
    post.mockResolvedValue({ ...single, Simulation: { ...single.Simulation, BondsCashflows: [{ ...single.Simulation.BondsCashflows[0], Wal: 0, PrincipalWindow: '' }] } });
    fireEvent.click(await screen.findByTestId('calculate'));
    await waitFor(() => expect(screen.getByTestId('result-value').textContent).toBe('5.12000'));
    expect(screen.getByTestId('result-wal').textContent).toBe('-----');
    expect(screen.getByTestId('result-window').textContent).toBe('-----');
  });
});

describe('BondAnalysisPage Cleanup Call (spec 001 §3.9, issue 18 #10)', () => {
  it('sends CleanupCall with the single run and the matrix, clears the results when switched, and keeps it in a cookie', async () => {
    renderPage('/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4&price=100', dealOf('SYN NQM 2025-1', 'RMBS'));
    const box = (await screen.findByTestId('cleanup-call')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByTestId('calculate'));
    await waitFor(() => expect(screen.getByTestId('result-value').textContent).toBe('5.12000'));
    expect(call(0)[1]).toMatchObject({ CleanupCall: false });
    fireEvent.click(box);
    // A result computed without the call no longer stands.
    expect(screen.getByTestId('result-value').textContent).toBe('-----');
    fireEvent.click(screen.getByTestId('calculate'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(call(1)[1]).toMatchObject({ CleanupCall: true });
    fireEvent.click(screen.getByTestId('run-matrix'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    expect(call(2).slice(0, 2)).toEqual(['/simulate/yield/matrix', expect.objectContaining({ CleanupCall: true })]);
    expect(Cookies.get('bondAnalysis.cleanupCall')).toBe('true');
  });

  it('opens with the call from a shared link', async () => {
    renderPage('/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4&price=100&cleanup_call=true', dealOf('SYN NQM 2025-1', 'RMBS'));
    expect(((await screen.findByTestId('cleanup-call')) as HTMLInputElement).checked).toBe(true);
  });
});

describe('BondAnalysisPage discount margin (issue 18 #18)', () => {
  const floating = () => ({ ...dealOf('STACR 2026-DNA1', 'STACR'), Bonds: [{ ...bond('M-1'), Coupon: 4.66, FloaterFormula: 'SOFR + 1.00%' }] });
  const dm = { Margin: 0.01, Value: 0.0101234, IsSuccessful: true, ErrorMessage: null };

  it('shows a floater\'s DM and margin in bp beside the yield, and a DM tab of the matrix in bp', async () => {
    renderPage('/bond_analysis?dealName=STACR+2026-DNA1&bondName=M-1&price=99.9&libor=3.66', floating());
    post.mockImplementation((path: string) => Promise.resolve(path.includes('/matrix')
      ? { ...matrix, DiscountMargin: [[0.01, 0.0102], [null, 0.0125]] }
      : { ...single, DiscountMargin: dm }));
    fireEvent.click(await screen.findByTestId('calculate'));
    await waitFor(() => expect(screen.getByTestId('result-dm').textContent).toBe('101.2 bp'));
    expect(screen.getByTestId('result-margin').textContent).toBe('100.0 bp');
    // The tab is offered before a matrix is run (the bond floats).
    expect(screen.getByTestId('matrix-tab-dm').textContent).toBe('DM (bp)');
    fireEvent.click(screen.getByTestId('run-matrix'));
    await screen.findByTestId('matrix-grid');
    fireEvent.click(screen.getByTestId('matrix-tab-dm'));
    const cells = [...document.querySelectorAll('[data-testid=matrix-grid] tbody td')].map((td) => td.textContent);
    // Basis points to 0.1 bp (finer than the 0.01 % of the percent grids).
    expect(cells).toEqual(['100.0', '102.0', '-----', '125.0']);
  });

  it('a DM the solver cannot find shows -----; a fixed-rate class has no DM and no DM tab', async () => {
    renderPage('/bond_analysis?dealName=STACR+2026-DNA1&bondName=M-1&price=99.9&libor=3.66', floating());
    post.mockResolvedValue({ ...single, DiscountMargin: { ...dm, Value: null, IsSuccessful: false, ErrorMessage: "Can't compute Spread." } });
    fireEvent.click(await screen.findByTestId('calculate'));
    await waitFor(() => expect(screen.getByTestId('result-dm').textContent).toBe('-----'));
    cleanup();
    renderPage('/bond_analysis?dealName=SYN+NQM+2025-1&bondName=A-4&price=100', dealOf('SYN NQM 2025-1', 'RMBS'));
    fireEvent.click(await screen.findByTestId('calculate'));
    await waitFor(() => expect(screen.getByTestId('result-value').textContent).toBe('5.12000'));
    expect(screen.queryByTestId('result-dm')).toBeNull();
    expect(screen.queryByTestId('matrix-tab-dm')).toBeNull();
  });
});
