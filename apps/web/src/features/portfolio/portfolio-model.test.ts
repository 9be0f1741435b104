import { describe, expect, it } from 'vitest';
import type { PortfolioPart, PortfolioRunResponse } from '@opencrt/contracts';
import { cutBondRows, keptRun, newEntry, runIssues, runPayload, saveIssues, savePayload } from './portfolio-model.ts';
import { scenarioPatch, scenarioValue } from './portfolio-entries-table.tsx';

const part = (rows: Record<string, number>[]): PortfolioPart => ({
  PortfolioEntries: [], PortfolioCashflow: rows, PortfolioCashflowTotals: {},
  LineMetrics: { RateOnLine: 0, LossOnLine: 0, ReturnOnLine: 0 },
  MiscVariables: { Yield: { IsSuccessful: true, Value: 0, ErrorMessage: null }, OwnedFaceAmt: 0, CurrentBalance: 0, ProjectedLosses: 0, Wal: 0, WritedownPct: 0 },
} as unknown as PortfolioPart);

describe('portfolio screen model', () => {
  it('new entries take the spec defaults: face 1,000,000.00, margin 20 (Reinsurance) or 100 (Bonds), rates 0', () => {
    expect(newEntry('Reinsurance')).toMatchObject({ OwnedFaceAmt: '1,000,000.00', Margin: '20', Cpr: '0', Cdr: '0', LossSeverity: '0', Delinquency: '0', InterestRate: '0', Libor: '0', ScenarioId: null });
    expect(newEntry('Bonds').Margin).toBe('100');
  });

  it('save payload strips thousands separators and keeps percents; Line N messages for empty deal / bond', () => {
    const e = { ...newEntry('Reinsurance'), DealName: ' ACIS 2020-DNA3 ', BondName: 'B-2', OwnedFaceAmt: '2,500,000.50', Cpr: '12.5', InterestRate: '1.5', CancellationDate: '20270625' };
    expect(savePayload([e])[0]).toMatchObject({ OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', OwnedFaceAmt: 2_500_000.5, Margin: 20, Cpr: [12.5], InterestRate: 1.5, CancellationDate: 20270625 });
    const blank = newEntry('Bonds');
    expect(saveIssues([e, blank])).toEqual(["Line 2: Deal Name mustn't be empty", "Line 2: Bond Name mustn't be empty"]);
    expect(runIssues([blank, e])).toEqual(["Line 1: Deal Name mustn't be empty"]);
    // Letters and out-of-range values are refused, not sent as 0 or as typed (issue 23 #3).
    const bad = { ...e, OwnedFaceAmt: 'abc', Margin: '500', Cpr: '9900' };
    expect(saveIssues([e, bad], 'Reinsurance')).toEqual([
      'Line 2: Initial Limit ($) must be a number', 'Line 2: Collateral Hold (%) must be from 0 to 100', 'Line 2: CPR (%) must be from 0 to 100',
    ]);
    expect(runIssues([{ ...e, OwnedFaceAmt: '1e20' }], 'Bonds')).toEqual(['Line 1: Balance ($) must be from 0 to 1,000,000,000,000']);
    // A chosen scenario replaces the speeds: they are not checked.
    expect(runIssues([{ ...bad, OwnedFaceAmt: '1', Margin: '20', ScenarioId: 3 }], 'Reinsurance')).toEqual([]);
  });

  it('run payload: fractions, the screen rate on every line, months back 2; a chosen scenario replaces the four speeds', () => {
    const reins = { ...newEntry('Reinsurance'), DealName: 'CIRT 2023-9', BondName: 'M', Margin: '25', Cpr: '10', Cdr: '0.5', LossSeverity: '30', Delinquency: '1' };
    const [r] = runPayload([reins], 'Reinsurance', '2');
    expect(r).toMatchObject({ OrdinalNumber: 1, OwnedFaceAmt: 1_000_000, Margin: 0.25, InterestRate: 0.02, Cpr: 0.1, Cdr: 0.005, LossSeverity: 0.3, Delinquency: 0.01, SettlementDateMonthsBackAdjustment: 2, Cancellation: false, CancellationDate: null });
    const [s] = runPayload([{ ...reins, ScenarioId: 7, CancellationDate: '20270625' }], 'Reinsurance', '0');
    expect(s).toMatchObject({ SelectedScenarioId: 7, Cancellation: true, CancellationDate: 20270625 });
    expect(s).not.toHaveProperty('Cpr');
    expect(s).not.toHaveProperty('LossSeverity');
    const [b] = runPayload([{ ...newEntry('Bonds'), DealName: 'STACR 2020-DNA3', BondName: 'B-1B', Margin: '98.5' }], 'Bonds', '4.5');
    expect(b).toMatchObject({ Price: 98.5, Balance: 1_000_000, Libor: 0.045 });
    expect(b).not.toHaveProperty('Margin');
  });

  it('a user cashflow replaces the speeds in the run and is kept on save; the select holds one choice at a time', () => {
    const label = 'CIRT 2023-9 / 202610 / Base';
    const e = { ...newEntry('Reinsurance'), DealName: 'CIRT 2023-9', BondName: 'M', ScenarioId: 7, UserCashflowLabel: label };
    const [r] = runPayload([e], 'Reinsurance', '0');
    expect(r).toMatchObject({ UserCashflowLabel: label });
    for (const speed of ['Cpr', 'Cdr', 'LossSeverity', 'Delinquency', 'SelectedScenarioId']) expect(r).not.toHaveProperty(speed);
    expect(savePayload([e])[0]).toMatchObject({ UserCashflowLabel: label });
    expect(scenarioPatch(scenarioValue({ ScenarioId: null, UserCashflowLabel: label }))).toEqual({ ScenarioId: null, UserCashflowLabel: label });
    expect(scenarioPatch(scenarioValue({ ScenarioId: 7, UserCashflowLabel: null }))).toEqual({ ScenarioId: 7, UserCashflowLabel: null });
    expect(scenarioPatch('')).toEqual({ ScenarioId: null, UserCashflowLabel: null });
  });

  it('bond rows are cut after the row that follows a balance under 0.005; insurance parts are kept whole', () => {
    const rows = [{ Period: 0, Balance: 100 }, { Period: 1, Balance: 0.004 }, { Period: 2, Balance: 0 }, { Period: 3, Balance: 0 }];
    const r = { TotalOwnedFaceAmt: 0, AcisPortfolio: part(rows), CirtPortfolio: null, BondPortfolio: part(rows), TotalPortfolio: part(rows) } as PortfolioRunResponse;
    const cut = cutBondRows(r);
    expect(cut.BondPortfolio?.PortfolioCashflow.map((x) => x.Period)).toEqual([0, 1, 2]);
    expect(cut.AcisPortfolio?.PortfolioCashflow).toHaveLength(4);
  });

  it('keeps one run: restored for its portfolio only, cleared on demand', () => {
    const result = { TotalOwnedFaceAmt: 1 } as PortfolioRunResponse;
    keptRun.set({ portfolio: 'A', result, settlement: '2026-11-15', rate: '1' });
    expect(keptRun.get('A')?.result).toBe(result);
    expect(keptRun.get('B')).toBeNull();
    keptRun.clear();
    expect(keptRun.get('A')).toBeNull();
  });
});
