import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client.ts';
import { BondBreakevenPanel } from './bond-breakeven-panel.tsx';

describe('bond screen breakeven (issue 25 #5)', () => {
  afterEach(cleanup);

  it('asks for the class in the chosen mode with the scenario (no quote fields) and shows the mode\'s answer', async () => {
    const post = vi.fn().mockResolvedValue({
      Mode: 'CumulativeLoss', MaxCdr: 99.99, MaxSeverity: 100, CollateralOriginalBalance: 1e9, LossesBeforeSettlement: 0, Runs: 30,
      Breakevens: [{ BondName: 'M-1', FirstLossCdr: 1.5, FullWriteDownCdr: 3.25, FirstLossCumulativeLoss: 4.5, FullWriteDownCumulativeLoss: 9.125, FirstLossNote: null }],
    });
    const api = { get: vi.fn(), post, request: vi.fn() } as unknown as ApiClient;
    render(<BondBreakevenPanel api={api} bondName="M-1" scenarioBody={() => ({ DealName: 'STACR 2026-DNA1', BondName: 'M-1', Price: 99, Cpr: [0, 0.1] })} />);
    fireEvent.change(screen.getByTestId('bond-breakeven-mode'), { target: { value: 'CumulativeLoss' } });
    fireEvent.click(screen.getByTestId('bond-compute-breakeven'));
    await waitFor(() => expect(screen.getByTestId('bond-breakeven-first').textContent).toBe('4.50 (1.50 CDR)'));
    expect(screen.getByTestId('bond-breakeven-full').textContent).toBe('9.13 (3.25 CDR)');
    expect(post.mock.calls[0]![1]).toEqual({ DealName: 'STACR 2026-DNA1', Cpr: [0, 0.1], BondNames: ['M-1'], Mode: 'CumulativeLoss' });
    expect(screen.getByTestId('bond-breakeven').textContent).toContain('percent of the original balance');
  });

  it('shows the server\'s refusal', async () => {
    const post = vi.fn().mockRejectedValue(new Error('Missing required: CDR'));
    const api = { get: vi.fn(), post, request: vi.fn() } as unknown as ApiClient;
    render(<BondBreakevenPanel api={api} bondName="M-1" scenarioBody={() => ({})} />);
    fireEvent.click(screen.getByTestId('bond-compute-breakeven'));
    await waitFor(() => expect(screen.getByTestId('bond-breakeven-error').textContent).toContain('Missing required: CDR'));
  });
});
