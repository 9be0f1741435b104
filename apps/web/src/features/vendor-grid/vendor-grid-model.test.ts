import { describe, expect, it } from 'vitest';
import type { GridCell, PortfolioEntryOut, PortfolioScenarios } from '@opencrt/contracts';
import {
  cellKey, cellKeyOf, cellText, columnTotal, dealLink, bondLink, formatMetric, metricFor, runErrors, runOrder, scenarioChoice, scenarioColumns, scenarioFor, vendorOptions, gridInputProblems, portfolioChoices, gridExportHeader,
} from './vendor-grid-model.ts';

const s = (Id: number, ScenarioName: string, DealName: string | null, Vendor: string | null) => ({ Id, ScenarioName, DealName, Vendor });
const scenarios: PortfolioScenarios = {
  'ACIS 2020-DNA3': [s(1, 'Base', 'ACIS 2020-DNA3', 'A'), s(2, 'Deal only', 'ACIS 2020-DNA3', 'A')],
  'CIRT 2023-9': [],
  '': [s(3, 'Base', null, 'A'), s(4, 'Base', null, 'B'), s(5, 'Zed', null, null)],
};
const entry = (OrdinalNumber: number, DealName: string, OwnedFaceAmt: number): PortfolioEntryOut => ({
  OrdinalNumber, DealName, BondName: 'M', OwnedFaceAmt, Margin: 20, AnnualPremium: 0, Cpr: [0], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0],
  InterestRate: null, CancellationDate: null, CleanupCall: null, ScenarioId: null,
});
const cell = (OrdinalNumber: number, ScenarioName: string, Vendor: string | null, patch: Partial<GridCell> = {}): GridCell => ({
  OrdinalNumber, ScenarioName, Vendor, Missing: false, Error: null, Yield: null, YieldError: null, RateOnLine: null, LossOnLine: null,
  ReturnOnLine: null, CollateralLossesPct: null, Wal: null, WritedownPct: null, Spread: null, CurrentBalance: null, ...patch,
});

describe('vendor grid model', () => {
  it('columns: one per scenario name and vendor, sorted; Global keeps the common ones only', () => {
    expect(scenarioColumns(scenarios, false).map((c) => `${c.vendor ?? '-'}:${c.name}`)).toEqual(['A:Base', 'B:Base', 'A:Deal only', '-:Zed']);
    expect(scenarioColumns(scenarios, true).map((c) => `${c.vendor ?? '-'}:${c.name}`)).toEqual(['A:Base', 'B:Base', '-:Zed']);
    // Column keys are printable (grid column ids, cookie values).
    expect(scenarioColumns(scenarios, false).every((c) => /^[\w%./~*'()!-]+$/.test(c.key))).toBe(true);
  });

  it('a cell uses the deal\'s own scenario, else a common one, else none (Missing scenario)', () => {
    const [aBase, , dealOnly] = scenarioColumns(scenarios, false);
    expect(scenarioFor(scenarios, 'ACIS 2020-DNA3', aBase!, false)?.Id).toBe(1);
    expect(scenarioFor(scenarios, 'ACIS 2020-DNA3', aBase!, true)?.Id).toBe(3);
    expect(scenarioFor(scenarios, 'CIRT 2023-9', aBase!, false)?.Id).toBe(3);
    expect(scenarioFor(scenarios, 'CIRT 2023-9', dealOnly!, false)).toBeNull();
  });

  describe('user collateral cashflows as columns', () => {
    const label = 'ACIS 2020-DNA3 / 202006 / Stress / A';
    const flow = { Id: 9, ScenarioName: 'ACIS 2020-DNA3 / 202006 / Stress', DealName: 'ACIS 2020-DNA3', Vendor: 'A', UserCashflowLabel: label };
    // A saved scenario of the same name and vendor as the cashflow's must stay a column of its own.
    const twin = { Id: 10, ScenarioName: 'ACIS 2020-DNA3 / 202006 / Stress', DealName: null, Vendor: 'A' };
    const withFlows: PortfolioScenarios = { ...scenarios, 'ACIS 2020-DNA3': [...(scenarios['ACIS 2020-DNA3'] ?? []), flow], '': [...(scenarios[''] ?? []), twin] };

    it('a cashflow is a column of its own after the saved scenarios; Global leaves it out', () => {
      const cols = scenarioColumns(withFlows, false);
      expect(cols.map((c) => c.cashflow ?? null)).toEqual([null, null, null, null, null, label]);
      expect(cols.at(-1)).toEqual({ key: `c:${encodeURIComponent(label.toLowerCase())}`, name: flow.ScenarioName, vendor: 'A', cashflow: label, dealName: 'ACIS 2020-DNA3' });
      expect(cols.filter((c) => c.name === flow.ScenarioName)).toHaveLength(2);
      expect(cols.every((c) => /^(c:)?[\w%./~*'()!-]+$/.test(c.key))).toBe(true);
      expect(scenarioColumns(withFlows, true).some((c) => c.cashflow)).toBe(false);
    });

    it('only its deal\'s entries use it (others: Missing scenario); a run entry names it by label, a saved scenario by id', () => {
      const col = scenarioColumns(withFlows, false).at(-1)!;
      expect(scenarioFor(withFlows, 'ACIS 2020-DNA3', col, false)).toBe(flow);
      expect(scenarioFor(withFlows, 'CIRT 2023-9', col, false)).toBeNull();
      expect(scenarioFor(withFlows, 'ACIS 2020-DNA3', col, true)).toBeNull();
      // The common twin of the same name never stands in for the cashflow, nor the cashflow for the twin.
      const twinCol = scenarioColumns(withFlows, false).find((c) => c.name === flow.ScenarioName && !c.cashflow)!;
      expect(scenarioFor(withFlows, 'ACIS 2020-DNA3', twinCol, false)?.Id).toBe(10);
      expect(scenarioChoice(flow)).toEqual({ UserCashflowLabel: label });
      expect(scenarioChoice(twin)).toEqual({ SelectedScenarioId: 10 });
    });

    it('cells of the cashflow and of its twin have different keys; the stream\'s cells land in their columns', () => {
      const [flowCol, twinCol] = [scenarioColumns(withFlows, false).at(-1)!, scenarioColumns(withFlows, false).find((c) => c.name === flow.ScenarioName && !c.cashflow)!];
      const flowCell = cell(1, flow.ScenarioName, 'A', { UserCashflowLabel: label, RateOnLine: 0.03 });
      const twinCell = cell(1, flow.ScenarioName, 'A', { RateOnLine: 0.01 });
      expect(cellKeyOf(flowCell)).toBe(cellKey(1, flowCol));
      expect(cellKeyOf(twinCell)).toBe(cellKey(1, twinCol));
      expect(cellKey(1, flowCol)).not.toBe(cellKey(1, twinCol));
      const order = runOrder([1, 2], [twinCol, flowCol], [cell(2, flow.ScenarioName, 'A', { UserCashflowLabel: label, Missing: true })]);
      expect(order).toEqual([cellKey(1, twinCol), cellKey(1, flowCol), cellKey(2, twinCol)]);
      expect(cellText(cell(2, flow.ScenarioName, 'A', { UserCashflowLabel: label, Missing: true }), 'RateOnLine')).toBe('Missing scenario');
    });
  });

  it('metric choices per type, texts of cells and totals weighted by face', () => {
    expect(metricFor('Bonds', 'RateOnLine')).toBe('Yield');
    expect(metricFor('Reinsurance', 'RateOnLine')).toBe('RateOnLine');
    expect(formatMetric('RateOnLine', 0.01234)).toBe('1.23%');
    expect(formatMetric('Wal', 4.567)).toBe('4.57');
    expect(formatMetric('Spread', 0.0125)).toBe('125');
    expect(formatMetric('CollateralLossesPct', 3.5)).toBe('3.50%');
    expect(cellText(cell(1, 'Base', 'A', { Missing: true }), 'RateOnLine')).toBe('Missing scenario');
    expect(cellText(cell(1, 'Base', 'A', { Error: 'Line 1, Scneario Base: boom' }), 'RateOnLine')).toBe('-----');
    expect(cellText(undefined, 'RateOnLine')).toBe('');
    const col = { key: 'a/base', name: 'Base', vendor: 'A' };
    const entries = [entry(1, 'ACIS 2020-DNA3', 1_000_000), entry(2, 'CIRT 2023-9', 3_000_000), entry(3, 'CIRT 2023-9', 5_000_000)];
    const cells = new Map([
      [cellKey(1, col), cell(1, 'Base', 'A', { RateOnLine: 0.02 })],
      [cellKey(2, col), cell(2, 'Base', 'A', { RateOnLine: 0.04 })],
      [cellKey(3, col), cell(3, 'Base', 'A', { Error: 'Line 3, Scneario Base: boom' })],
    ]);
    expect(columnTotal(entries, cells, col, 'RateOnLine')).toBeCloseTo(0.035, 12);
    expect(columnTotal(entries, cells, col, 'Yield')).toBeNull();
    expect(runErrors(entries, [col], cells)).toEqual(['Line 3, Scneario Base: boom']);
  });

  it('run order skips the fixed cells, so a failed piece\'s index names its cell', () => {
    const cols = [{ key: 'a/x', name: 'X', vendor: 'A' }, { key: 'a/y', name: 'Y', vendor: 'A' }];
    const order = runOrder([1, 2], cols, [cell(1, 'Y', 'A', { Missing: true })]);
    expect(order).toEqual([cellKey(1, cols[0]!), cellKey(2, cols[0]!), cellKey(2, cols[1]!)]);
  });

  it('links to the deal\'s analysis screen and the bond screen; vendor options drop Default and repeats', () => {
    expect(dealLink('ACIS 2020-DNA3', 'M-2A')).toBe('/acis_analysis?dealName=ACIS%202020-DNA3&bondName=M-2A');
    expect(dealLink('CIRT 2023-9', 'M')).toBe('/cirt_analysis?dealName=CIRT%202023-9&bondName=M');
    expect(dealLink('STACR 2020-DNA3', 'M-2A')).toBe('/deal_analysis?dealName=STACR%202020-DNA3&bondName=M-2A');
    expect(bondLink('STACR 2020-DNA3', 'M-2A')).toBe('/bond_analysis?dealName=STACR%202020-DNA3&bondName=M-2A');
    expect(vendorOptions([['Zeta', 'acme', 'Default'], ['Acme', ' ']])).toEqual(['acme', 'Zeta']);
  });

  it("refuses the grid's inputs it used to run silently (issue 23 #3): Interest 'abc' at 0, an empty date at today", () => {
    const ok = { settlementDate: '2026-11-27', interestRate: '1.5', libor: 'abc' };
    expect(gridInputProblems(ok, 'Reinsurance')).toBeNull();
    expect(gridInputProblems({ ...ok, interestRate: 'abc' }, 'Reinsurance')).toBe('Interest Rate (%) must be a number');
    expect(gridInputProblems({ ...ok, interestRate: '9900' }, 'Reinsurance')).toBe('Interest Rate (%) must be from 0 to 100');
    expect(gridInputProblems({ ...ok, interestRate: ' ' }, 'Reinsurance')).toBe('Missing required: Interest Rate');
    expect(gridInputProblems({ ...ok, settlementDate: '' }, 'Reinsurance')).toBe('Missing required: Settlement Date');
    expect(gridInputProblems({ ...ok, settlementDate: '9999-12-31' }, 'Reinsurance')).toBe('Settlement Date must be from 01/01/1900 to 12/31/2100');
    expect(gridInputProblems({ ...ok, libor: '4' }, 'Bonds')).toBeNull();
    expect(gridInputProblems(ok, 'Bonds')).toBe('Libor (%) must be a number');
  });

  it('shows whose portfolio each is, so an admin never sees two plain "Demo bonds" (issue 23 #9)', () => {
    const p = (Name: string, Owner: string) => ({ Id: 1, Name, Owner, PortfolioType: 'Bonds' as const, PortfolioEntries: [] });
    const list = { 'Demo bonds': p('Demo bonds', 'admin'), 'Demo bonds (analyst)': p('Demo bonds', 'analyst'), Mine: p('Mine', 'admin'), Theirs: p('Theirs', 'user') };
    expect(portfolioChoices(list, 'admin')).toEqual([
      { key: 'Demo bonds', label: 'Demo bonds' }, { key: 'Demo bonds (analyst)', label: 'Demo bonds (analyst)' },
      { key: 'Mine', label: 'Mine' }, { key: 'Theirs', label: 'Theirs (user)' },
    ]);
  });

  it("writes the run's duration as Run Time, not the clock time (issue 23 #7)", () => {
    const header = gridExportHeader({ user: 'analyst', portfolio: 'P', bond: '', settlementIso: '2026-11-27', runDate: '2026-11-27', runMs: 83_400, scenario: 'Base', vendor: '' });
    expect(header.find(([label]) => label === 'Run Time')?.[1]).toBe('1:23');
    expect(header.find(([label]) => label === 'Settlement Date')).toEqual(['Settlement Date', '2026-11-27', 'date']);
  });
});
