import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client.ts';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';
import { TrancheSummary } from './tranche-summary.tsx';

const row = (Period: number, Balance: number, Principal: number, ActualWriteDown: number) => ({
  Period, PaymentDate: 20260325 + Period, Balance, Principal, Interest: 1, Rate: 0.05, Cash: Principal + 1, ActualWriteDown,
  CprRate: 0.1, CdrRate: 0.00005, LossSeverityRate: 0.25, DelinquencyRate: 0,
});
const result = {
  ProjectedLosses: 0, CollateralCashflow: [], MiscVariables: { Triggers: [] },
  BondsCashflows: [
    { BondName: 'M-1', BondCashflow: [row(1, 50, 50, 0), row(2, 0, 50, 0)], Wal: 0.1, PrincipalWindow: '1-2', WritedownPct: 0, FirstLossPeriod: 0 },
    // Written down only: the engine's window and WAL weigh the write-downs (PPM), the summary shows none.
    { BondName: 'B-3H', BondCashflow: [row(1, 40, 0, 60), row(2, 0, 0, 40)], Wal: 0.1, PrincipalWindow: '1-2', WritedownPct: 100, FirstLossPeriod: 1 },
  ],
} as unknown as SimulationResult;

describe('tranche summary (issue 23 #6)', () => {
  afterEach(cleanup);

  it('shows no WAL or window for a class paid no principal, says the write-down convention, and notes a breakeven of 0', async () => {
    const post = vi.fn().mockResolvedValue({
      Breakevens: [
        { BondName: 'M-1', FirstLossCdr: 1.23, FullWriteDownCdr: 4.56, FirstLossNote: null },
        { BondName: 'B-3H', FirstLossCdr: 0, FullWriteDownCdr: 0.5, FirstLossNote: 'Loses at any CDR above 0 (below 0.01).' },
      ],
      MaxCdr: 99.99, Runs: 12,
    });
    const api = { get: vi.fn(), post, request: vi.fn() } as unknown as ApiClient;
    render(
      <TrancheSummary api={api} result={result} runBody={{ DealName: 'STACR 2026-DNA1' }} bondNames={['M-1', 'B-3H']} agency={false}
        selected="Collateral" onSelect={() => undefined} pinned={null} onPin={() => undefined}
        header={{ userName: 'a', dealName: 'd', bondName: '', settlementDate: 20260217, runDate: '', runTime: '', scenarioName: '', scenarioVendor: '' }}
        inputs={{ name: 'Inputs', lines: [] }} />,
    );
    expect(screen.getByTestId('summary-wal-M-1').textContent).toBe('0.10');
    expect(screen.getByTestId('summary-wal-B-3H').textContent).toBe('-----');
    expect(screen.getByTestId('summary-row-B-3H').textContent).not.toContain('1-2');
    expect(screen.getByTestId('summary-writedown-B-3H').textContent).toBe('100.00%');
    expect(screen.getByTestId('summary-notes').textContent).toContain('percent of the class\'s balance at settlement');
    fireEvent.click(screen.getByTestId('compute-breakeven'));
    await waitFor(() => expect(screen.getByTestId('breakeven-first-B-3H').textContent).toBe('0.00 *'));
    expect(screen.getByTestId('breakeven-first-M-1').textContent).toBe('1.23');
    expect(screen.getByTestId('breakeven-note-B-3H').textContent).toBe('* B-3H: Loses at any CDR above 0 (below 0.01).');
    expect(screen.queryByTestId('breakeven-note-M-1')).toBeNull();
  });
});
