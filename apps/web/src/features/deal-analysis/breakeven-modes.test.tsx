import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client.ts';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';
import { breakevenCells, breakevenFootnote } from '../../components/run-inputs/breakeven-modes.ts';
import { TrancheSummary } from './tranche-summary.tsx';

const row = { Period: 1, PaymentDate: 20260325, Balance: 0, Principal: 100, Interest: 1, Rate: 0.05, Cash: 101, ActualWriteDown: 0, CprRate: 0.1, CdrRate: 0, LossSeverityRate: 0.25, DelinquencyRate: 0 };
const result = {
  ProjectedLosses: 0, CollateralCashflow: [], MiscVariables: { Triggers: [] },
  BondsCashflows: [{ BondName: 'M-1', BondCashflow: [row], Wal: 0.1, PrincipalWindow: '1-1', WritedownPct: 0, FirstLossPeriod: 0 }],
} as unknown as SimulationResult;

describe('breakeven modes on the tranche summary (issue 25 #5)', () => {
  afterEach(cleanup);

  it('sends the chosen mode and shows that mode\'s columns, units and values', async () => {
    const post = vi.fn().mockResolvedValue({
      Mode: 'Severity', MaxCdr: 99.99, MaxSeverity: 100, CollateralOriginalBalance: 1e9, LossesBeforeSettlement: 0, Runs: 20,
      Breakevens: [{ BondName: 'M-1', FirstLossCdr: null, FullWriteDownCdr: null, FirstLossSeverity: 31.25, FullWriteDownSeverity: 58.5, FirstLossNote: null }],
    });
    const api = { get: vi.fn(), post, request: vi.fn() } as unknown as ApiClient;
    render(
      <TrancheSummary api={api} result={result} runBody={{ DealName: 'STACR 2026-DNA1', Cdr: 0.02 }} bondNames={['M-1']} agency={false}
        selected="Collateral" onSelect={() => undefined} pinned={null} onPin={() => undefined}
        header={{ userName: 'a', dealName: 'd', bondName: '', settlementDate: 20260217, runDate: '', runTime: '', scenarioName: '', scenarioVendor: '' }}
        inputs={{ name: 'Inputs', lines: [] }} />,
    );
    fireEvent.change(screen.getByTestId('breakeven-mode'), { target: { value: 'Severity' } });
    fireEvent.click(screen.getByTestId('compute-breakeven'));
    await waitFor(() => expect(screen.getByTestId('breakeven-first-M-1').textContent).toBe('31.25'));
    expect(post.mock.calls[0]![1]).toMatchObject({ Mode: 'Severity', BondNames: ['M-1'], Cdr: 0.02 });
    expect(screen.getByTestId('breakeven-full-M-1').textContent).toBe('58.50');
    expect(screen.getByTestId('tranche-summary').textContent).toContain('BE Sev first loss');
    expect(screen.getByTestId('breakeven-footnote').textContent).toContain('severities in percent');
  });

  it('reads a cumulative-loss answer with the CDR it was run at, and the CDR mode as before', () => {
    const be = { BondName: 'M-1', FirstLossCdr: 1.25, FullWriteDownCdr: 3.5, FirstLossCumulativeLoss: 2.345, FullWriteDownCumulativeLoss: 6.1, FirstLossNote: null };
    expect(breakevenCells('CumulativeLoss', be)).toEqual({ first: '2.35 (1.25 CDR)', full: '6.10 (3.50 CDR)' });
    expect(breakevenCells('Cdr', be)).toEqual({ first: '1.25', full: '3.50' });
    expect(breakevenCells('Severity', { ...be, FirstLossSeverity: null })).toEqual({ first: '-----', full: '-----' });
    expect(breakevenFootnote('CumulativeLoss')).toContain('percent of the original balance');
  });
});
