import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DealCharts, runModelLabel } from './deal-charts.tsx';
import type { SimulationResult } from '../../api/deal-analysis.api.ts';

const row = (Period: number) => ({ Period, Balance: 100 - Period, CumulativeLosses: Period, CprRate: 0.1, CdrRate: 0.002, LossSeverityRate: 0.3, DelinquencyRate: 0.01 });
const result = { ProjectedLosses: 0, CollateralCashflow: [row(1), row(2)], BondsCashflows: [], MiscVariables: { Triggers: [] } } as unknown as SimulationResult;

describe('deal charts: the credit model vectors (issue 24)', () => {
  afterEach(cleanup);

  it('names the model of a run request, none for user vectors', () => {
    expect(runModelLabel({ PrepaymentModel: 'LDM_3' })).toBe('LDM 3.0');
    expect(runModelLabel({ PrepaymentModel: 'LDM' })).toBe('LDM 2.2');
    expect(runModelLabel({ PrepaymentModel: 'AFT' })).toBe('AFT');
    expect(runModelLabel({ PrepaymentModel: 'UserDefined' })).toBeNull();
    expect(runModelLabel({})).toBeNull();
    expect(runModelLabel(undefined)).toBeNull();
  });

  it('charts CPR, CDR and severity for a model run, not for a run on user vectors', () => {
    render(<DealCharts result={result} bondNames={[]} agency={false} model="LDM 3.0" />);
    expect(screen.getByTestId('chart-model-vectors')).toBeTruthy();
    cleanup();
    render(<DealCharts result={result} bondNames={[]} agency={false} />);
    expect(screen.queryByTestId('chart-model-vectors')).toBeNull();
  });

  it('sets the loan-level vectors beside the rep line when the answer carries them (a deal with a loan tape)', () => {
    const v = (x: number) => ({ Cpr: [x, x], Cdr: [x / 10, x / 10], Severity: [0.3, 0.3] });
    const withModel = { ...result, CreditModel: { Model: 'LDM_3', Loans: 10, RepLines: 2, LoanLevel: v(0.12), RepLine: v(0.1) } } as SimulationResult;
    render(<DealCharts result={withModel} bondNames={[]} agency={false} model="LDM 3.0" />);
    expect(screen.getByTestId('chart-model-vectors')).toBeTruthy();
    expect(screen.getByTestId('chart-model-cdr')).toBeTruthy();
    expect(screen.getByTestId('model-comparison-cpr').textContent).toContain('+2.00');
  });
});
