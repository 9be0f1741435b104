import type { BondCashflowRow, CollateralCashflowRow } from '@opencrt/engine';
import { describe, expect, it } from 'vitest';
import { exportValues, tabToCsv, type ExportHeader } from '../cashflow-export/export-cashflows.ts';
import { BOND_COLUMNS, COLLATERAL_COLUMNS, columnsFor, exportColumns } from './result-columns.ts';

const header: ExportHeader = {
  userName: 'analyst', dealName: 'STACR 2026-DNA1', bondName: '', settlementDate: '10/25/2026',
  runDate: '11/23/2026', runTime: '0:01', scenarioName: 'QA Stress', scenarioVendor: 'QA',
};

describe('cashflow export values', () => {
  it('writes dollars to the cent, rates in percent (as on screen, 4 places) without binary noise and ISO payment dates', () => {
    const row = {
      Period: 1, PaymentDate: 20261125, Balance: 21378414343.4, Interest: 121663442.08, PassThru: 121663442.08,
      ScheduledPrincipal: 20840469.67, PrepaidPrincipal: 91742760.47, Defaults: 18006851.51, Losses: 5402055.45,
      Recoveries: 12604796.059999999, CumulativeLosses: 5402055.45, CumulativeDefaults: 18006851.51, ForeclosureBalance: 0,
      InterestRate: 0.06793362196640088, PassThruRate: 0.06793362196640088, CprRate: 0.04999999999999982,
      CdrRate: 0.010000000000000342, LossSeverityRate: 0.3, DelinquencyRate: 0,
    } as unknown as CollateralCashflowRow;
    const csv = tabToCsv(header, { name: 'Collateral', rows: [row], columns: exportColumns(COLLATERAL_COLUMNS) }).split('\r\n');
    expect(csv[9]).toBe('Period,Payment Date,Balance,Interest,PassThru,Sched Principal,Prepaid Principal,Defaults,Losses,Recoveries,Cum Losses,Cum Defaults,Foreclosure,Interest Rate,PassThru Rate,CPR,CDR,Severity,Delinquency');
    expect(csv[10]).toBe('1,2026-11-25,21378414343.4,121663442.08,121663442.08,20840469.67,91742760.47,18006851.51,5402055.45,12604796.06,5402055.45,18006851.51,0,6.7934,6.7934,5,1,30,0');
    // The header block's dates follow the same convention, whatever form they came in.
    expect(csv.slice(3, 5)).toEqual(['Settlement Date,2026-10-25', 'Run Date,2026-11-23']);
  });

  it('keeps API-exact cent values exactly and a missing value blank', () => {
    const row = { Period: 2, PaymentDate: 20261225, Balance: 224758507.33, Principal: 0, Interest: 187298.76, Rate: 0.01, Cash: 187298.76, ActualWriteDown: 0, CprRate: 0.2, CdrRate: 0.02, LossSeverityRate: 0.2, DelinquencyRate: null } as unknown as BondCashflowRow;
    const values = exportValues({ name: 'M-1', rows: [row], columns: exportColumns(BOND_COLUMNS) }, row);
    expect(values).toEqual([2, '2026-12-25', 224758507.33, 0, 187298.76, 1, 187298.76, 0, 20, 2, 20, null]);
  });
});

describe('agency result columns (issue 18 #9)', () => {
  it('drop the loss and credit columns for agency deals only', () => {
    expect(columnsFor(COLLATERAL_COLUMNS, true).map((c) => c.header)).toEqual([
      'Period', 'Payment Date', 'Balance', 'Interest', 'PassThru', 'Sched Principal', 'Prepaid Principal', 'Interest Rate', 'PassThru Rate', 'CPR',
    ]);
    expect(columnsFor(BOND_COLUMNS, true).map((c) => c.header)).toEqual(['Period', 'Payment Date', 'Balance', 'Principal', 'Interest', 'Rate', 'Cash', 'CPR']);
    expect(columnsFor(BOND_COLUMNS, false)).toBe(BOND_COLUMNS);
  });
});
