import type { SimulationResponse } from '@opencrt/engine';
import { describe, expect, it } from 'vitest';
import { SAME_AS_COLLATERAL, cutAfterPayoff, fromColumnarSimulation, toColumnarSimulation, toColumns } from './simulation-columns.ts';

const rates = { CprRate: 0.1000000000000002, CdrRate: 0.0050000000000005596, LossSeverityRate: 0.25, DelinquencyRate: 0 };
const collateralRow = (period: number, balance: number) => ({
  Period: period, PaymentDate: 20260300 + period, Balance: balance, Interest: 1234.5600000001, PassThru: 1000, ScheduledPrincipal: 10,
  PrepaidPrincipal: 20.004999, Defaults: 18932143.020000003, Losses: 0, Recoveries: 0, CumulativeLosses: 0, CumulativeDefaults: 0,
  InterestRate: 0.06793362196640722, PassThruRate: 0.06, ...rates, ForeclosureBalance: 0,
});
const bondRow = (period: number, balance: number, collateral: ReturnType<typeof collateralRow>) => ({
  Period: period, PaymentDate: collateral.PaymentDate, Balance: balance, Principal: 5.555, Interest: -0.001, Rate: 0.0495786,
  Cash: 5.554, ActualWriteDown: 0, CprRate: collateral.CprRate, CdrRate: collateral.CdrRate, LossSeverityRate: 0.25, DelinquencyRate: 0,
});

function answer(): SimulationResponse {
  const collateral = [collateralRow(1, 300), collateralRow(2, 200), collateralRow(3, 100), collateralRow(4, 0.001), collateralRow(5, 0), collateralRow(6, 0)];
  const senior = collateral.map((c, i) => bondRow(i + 1, [150, 60, 0.004, 0, 0, 0][i] as number, c));
  // A class whose severity differs from the collateral's in one period: that column is sent.
  const junior = collateral.map((c, i) => ({ ...bondRow(i + 1, [150, 140, 100, 0.001, 0, 0][i] as number, c), LossSeverityRate: i === 1 ? 0.3 : 0.25 }));
  return {
    ProjectedLosses: 12.345,
    CollateralCashflow: collateral,
    BondsCashflows: [
      { BondName: 'A', BondCashflow: senior, Wal: 1.5, PrincipalWindow: '1-3', WritedownPct: 0, FirstLossPeriod: 0 },
      { BondName: 'B', BondCashflow: junior, Wal: 2.5, PrincipalWindow: '1-5', WritedownPct: 0, FirstLossPeriod: 0 },
    ],
    MiscVariables: {
      StepOrderConvention: 'sifma', LossSource: 'scenario', FirstPaymentDateNumber: 1, RedemptionPeriod: null,
      Triggers: collateral.map((c) => ({ Period: c.Period, SeniorPct: 0.964750000001, DelinquencyLimit: 399151278.22118, AllTestsPass: c.Period < 3, MinimumCreditEnhancementTest: null })) as never,
    },
  };
}

const cents = (x: number) => Math.round(x * 100) / 100;

describe('the compact (columns) layout of a /simulate answer', () => {
  it('reads back as the rows answer cut after each pay-off, at the contract precision', () => {
    const original = answer();
    const compact = toColumnarSimulation(original);
    const back = fromColumnarSimulation(JSON.parse(JSON.stringify(compact)) as typeof compact);
    expect(compact.Layout).toBe('columns');
    expect(back.ProjectedLosses).toBe(12.345);
    // Spec 000 §4: rows end one period after the first balance under half a cent.
    expect(back.CollateralCashflow.map((r) => r.Period)).toEqual(cutAfterPayoff(original.CollateralCashflow).map((r) => r.Period));
    expect(back.CollateralCashflow.map((r) => r.Period)).toEqual([1, 2, 3, 4, 5]);
    expect(back.BondsCashflows[0]!.BondCashflow.map((r) => r.Period)).toEqual([1, 2, 3, 4]);
    expect(back.BondsCashflows[1]!.BondCashflow.map((r) => r.Period)).toEqual([1, 2, 3, 4, 5]);
    // Money to the cent, rates to 1e-8, whole numbers as they are; members in the rows' order.
    const first = back.CollateralCashflow[0]!;
    expect(Object.keys(first)).toEqual(Object.keys(original.CollateralCashflow[0]!));
    expect(first.Defaults).toBe(18932143.02);
    expect(first.PrepaidPrincipal).toBe(20);
    expect(first.Interest).toBe(1234.56);
    expect(first.CprRate).toBe(0.1);
    expect(first.CdrRate).toBe(0.005);
    expect(first.InterestRate).toBe(0.06793362);
    const row = back.BondsCashflows[0]!.BondCashflow[0]!;
    expect(row).toEqual({ ...original.BondsCashflows[0]!.BondCashflow[0], Principal: 5.56, Interest: 0, Cash: 5.55, CprRate: 0.1, CdrRate: 0.005 });
    expect(Object.is(row.Interest, -0)).toBe(false);
    expect(back.MiscVariables.Triggers[0]).toEqual({ Period: 1, SeniorPct: 0.96475, DelinquencyLimit: 399151278.22, AllTestsPass: true, MinimumCreditEnhancementTest: null });
    expect(back.MiscVariables.Triggers).toHaveLength(6);
    // Every number of every row is its original at its precision.
    back.BondsCashflows.forEach((bond, b) => bond.BondCashflow.forEach((r, i) => {
      const o = original.BondsCashflows[b]!.BondCashflow[i]!;
      expect(r.Balance).toBe(cents(o.Balance));
      expect(r.LossSeverityRate).toBe(o.LossSeverityRate);
    }));
  });

  it('sends a class column that repeats the collateral\'s by name, and the class\'s own otherwise', () => {
    const compact = toColumnarSimulation(answer());
    const [senior, junior] = compact.BondsCashflows;
    for (const member of ['Period', 'PaymentDate', 'CprRate', 'CdrRate', 'DelinquencyRate', 'LossSeverityRate'] as const) expect(senior!.BondCashflow[member]).toBe(SAME_AS_COLLATERAL);
    expect(junior!.BondCashflow.LossSeverityRate).toEqual([0.25, 0.3, 0.25, 0.25, 0.25]);
    // Balance is always the class's own: its length is the class's number of rows.
    expect(senior!.BondCashflow.Balance).toEqual([150, 60, 0, 0]);
    expect(() => fromColumnarSimulation({ ...compact, BondsCashflows: [{ ...senior!, BondCashflow: { ...senior!.BondCashflow, Rate: 'Elsewhere' } }] } as never)).toThrow(/column Rate/);
  });

  it('reads class rows the same on the fast path as on the general one, and keeps members of another shape', () => {
    const original = answer();
    const compact = toColumnarSimulation(original);
    const general = toColumns(cutAfterPayoff(original.BondsCashflows[1]!.BondCashflow));
    expect(compact.BondsCashflows[1]!.BondCashflow.Balance).toEqual(general.Balance);
    expect(compact.BondsCashflows[1]!.BondCashflow.Rate).toEqual(general.Rate);
    expect(compact.BondsCashflows[1]!.BondCashflow.LossSeverityRate).toEqual(general.LossSeverityRate);
    const extra = { ...original, BondsCashflows: [{ ...original.BondsCashflows[0]!, BondCashflow: original.BondsCashflows[0]!.BondCashflow.map((r) => ({ ...r, Factor: 0.123456789 })) }] };
    const back = fromColumnarSimulation(toColumnarSimulation(extra));
    expect(back.BondsCashflows[0]!.BondCashflow[0]).toMatchObject({ Balance: 150, Factor: 0.12 });
  });

  it('keeps an empty table empty (a shallow run has none)', () => {
    expect(toColumns([])).toEqual({});
    const empty = { ...answer(), CollateralCashflow: [], BondsCashflows: [], MiscVariables: { ...answer().MiscVariables, Triggers: [] } };
    expect(fromColumnarSimulation(toColumnarSimulation(empty))).toEqual(empty);
  });
});
