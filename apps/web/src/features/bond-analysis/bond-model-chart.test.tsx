import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertsProvider } from '../../components/alerts/alerts.tsx';

const get = vi.fn();
const post = vi.fn();
const api = { get, post, request: vi.fn() };
vi.mock('../../api/reports.api.ts', async (original) => ({ ...(await original<object>()), listHistoricalReports: vi.fn().mockResolvedValue([]) }));
vi.mock('../../api/cashflows.api.ts', async (original) => ({ ...(await original<object>()), loadUserCashflows: vi.fn().mockResolvedValue([]) }));
vi.mock('../../app/session-context.tsx', () => ({
  useSession: () => ({ api, session: { username: 'analyst', roles: ['Analyst', 'LDM_User'] }, hasRole: () => false }),
  useApi: () => api,
}));
const { BondAnalysisPage } = await import('./bond-analysis-page.tsx');

const bond = (BondName: string) => ({
  BondName, Cusip: null, OriginalBalance: 1e8, CurrentBalance: 1e8, Factor: 1, Coupon: 5.1, FloaterFormula: null as string | null, BondType: 'Mezzanine',
  OriginalEnhance: null, OriginalThickness: null, CurrentEnhance: null, CurrentThickness: null, IsMACR: false, CollateralGroups: [1],
});
const deal = {
  DealName: 'STACR 2026-DNA1', DealId: 1, DealType: 'STACR', ParentDealName: null, IssueDate: 20260123, FirstPaymentDate: 20260225, SettlementDate: 20260217, FactorDate: 20260217,
  FirstProjectedDate: 20260325, MaturityDate: 20460125, EarlyRedemptionPct: 0, EarlyRedemptionDate: 20310125, OptionalCancellationDate: null,
  Cancellation: false, CollateralOriginalBalance: 1.5e9, CollateralCurrentBalance: 1.5e9, CollateralLosses: 0, DealFactor: 1, Wac: 6.85, Wam: 350, Wala: 10,
  DatesOfAvailableUpdates: [20260217], Bonds: [bond('M-1')], Replines: [{ CollateralGroup: 1, mbs_data: null, reremic_data: null }],
  CollateralInfo: { OriginalBalance: 1.5e9, CurrentBalance: 1.5e9, DealFactor: 1, WAC: 6.85, WAM: 350, WALA: 10, ProjectedLosses: 0 },
  Source: { Kind: 'synthetic', Reference: '', Notes: [] }, Structure: null, Custom: false,
};
const row = (Period: number) => ({
  Period, PaymentDate: 20260325, Balance: 1e8, Principal: 1e6, Interest: 4e5, Rate: 0.051, Cash: 1.4e6, ActualWriteDown: 0,
  CprRate: 0.12, CdrRate: 0.003, LossSeverityRate: 0.25, DelinquencyRate: 0.01,
});
const single = { Value: 0.0512, IsSuccessful: true, ErrorMessage: null, Simulation: { BondsCashflows: [{ BondName: 'M-1', BondCashflow: [row(1), row(2)], Wal: 0.5, PrincipalWindow: '1-12', WritedownPct: 0, FirstLossPeriod: 0 }], MiscVariables: {} } };

afterEach(() => { cleanup(); get.mockReset(); post.mockReset(); for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' }); });

describe('bond screen: the credit model chart (issue 24)', () => {
  it('charts the model\'s CPR, CDR and severity for an LDM 3.0 run, none for a run on CPR/CDR', async () => {
    get.mockImplementation((path: string) => Promise.resolve(path === '/deals' ? [{ DealName: deal.DealName, DealType: deal.DealType }] : deal));
    post.mockImplementation(() => Promise.resolve(single));
    render(
      <AlertsProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/bond_analysis?dealName=STACR+2026-DNA1&bondName=M-1&price=100']}>
            <Routes><Route path="/bond_analysis" element={<BondAnalysisPage />} /></Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </AlertsProvider>,
    );
    fireEvent.change(await screen.findByTestId('credit-model'), { target: { value: 'LDM_3' } });
    for (const [id, v] of [['model-hpi', '3'], ['model-tenYrTsy', '4.2'], ['model-unemployment', '4.4']]) fireEvent.change(screen.getByTestId(id as string), { target: { value: v } });
    fireEvent.click(screen.getByTestId('calculate'));
    await screen.findByTestId('model-vectors');
    expect((post.mock.calls[0] as [string, Record<string, unknown>])[1]).toMatchObject({ PrepaymentModel: 'LDM_3' });
    expect(screen.getByTestId('chart-model-vectors')).toBeTruthy();
    fireEvent.change(screen.getByTestId('credit-model'), { target: { value: 'None' } });
    fireEvent.click(screen.getByTestId('calculate'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    await screen.findByTestId('bond-cashflow-table');
    expect(screen.queryByTestId('model-vectors')).toBeNull();
  });
});
