/**
 * Issue 25 #2–#4: price from DM, accrued interest with clean and dirty prices, the yield table.
 * Every number is checked against the single runs it is made of.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DNA1 = 'STACR 2026-DNA1';
const base = { DealName: DNA1, BondName: 'M-2', SettlementDate: 20260227, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };
const fordo = { DealName: 'FORDO 2024-A', BondName: 'D', SettlementDate: 20240301, Cpr: [0, 0.015], Cdr: [0, 0.01], LossSeverity: [0, 0.5], Delinquency: [0, 0], Libor: [0, 0.043], PrepaymentConvention: 'ABS' };

interface Dm { Margin: number; Value: number | null; IsSuccessful: boolean; ErrorMessage: string | null }
interface BondRun {
  Value: number | null; IsSuccessful: boolean; ErrorMessage: string | null; DiscountMargin: Dm | null;
  AccruedInterest: number | null; CleanPrice: number | null; DirtyPrice: number | null; AccrualDays: number | null; AccrualDayCount: string | null;
  Simulation: { BondsCashflows: { BondName: string; Wal: number; PrincipalWindow: string; WritedownPct: number; BondCashflow: { Rate: number; ActualWriteDown: number }[] }[] };
}
interface Cell { Scenario: string; Price: number | null; Yield: number | null; DiscountMargin: number | null; Wal: number; PrincipalWindow: string; WritedownPct: number; PrincipalLoss: number }

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });
const post = async (url: string, payload: object, user: 'user' | 'analyst' = 'user') =>
  t.request({ method: 'POST', url: `/api/simulate/${url}`, token: await t.token(user), payload });
const run = async (type: string, payload: object) => {
  const res = await post(type, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BondRun;
};
const bp = (x: number | null | undefined) => (x ?? Number.NaN) * 1e4;

describe('price from DM (issue 25 #2)', () => {
  it('DM 150 → price → DM 150.00, and price ↔ yield ↔ spread ↔ DM round-trip to 0.01 bp', async () => {
    const fromDm = await run('price', { ...base, DiscountMargin: 150 });
    expect(fromDm.IsSuccessful).toBe(true);
    const price = fromDm.Value ?? Number.NaN;
    // M-2 pays SOFR + 1.30 %: a DM of 1.50 % prices it below par.
    expect(price).toBeLessThan(100);
    expect(price).toBeGreaterThan(95);
    expect(Math.abs(bp(fromDm.DiscountMargin?.Value) - 150)).toBeLessThan(0.01);
    // The yield tab at that price answers DM 150.00 too.
    const y = await run('yield', { ...base, Price: price });
    expect(Math.abs(bp(y.DiscountMargin?.Value) - 150)).toBeLessThan(0.01);
    // Yield → price → the same price; spread → price → the same price.
    const back = await run('price', { ...base, Yield: y.Value });
    expect(Math.abs((back.Value ?? Number.NaN) - price)).toBeLessThan(1e-6);
    expect(Math.abs(bp(back.DiscountMargin?.Value) - 150)).toBeLessThan(0.01);
    const s = await run('spread', { ...base, Price: price, ReferenceCurve: 0.04 });
    const fromSpread = await run('price', { ...base, Spread: s.Value, ReferenceCurve: 0.04 });
    expect(Math.abs((fromSpread.Value ?? Number.NaN) - price)).toBeLessThan(1e-6);
    expect(Math.abs(bp(fromSpread.DiscountMargin?.Value) - 150)).toBeLessThan(0.01);
    // DM at the quoted margin with no losses is par.
    const par = await run('price', { ...base, Cdr: [0, 0], SettlementDate: 20260217, DiscountMargin: 130 });
    expect(par.Value).toBeCloseTo(100, 6);
  });

  it('refuses a DM out of range, beside another quote, or on a class that does not float, naming the field', async () => {
    expect((await post('price', { ...base, DiscountMargin: 20_000 })).json()).toEqual({ Message: 'Discount Margin must be between -1,000 and 10,000 bp.' });
    expect((await post('price', { ...base, DiscountMargin: 'abc' })).json()).toEqual({ Message: 'Discount Margin must be between -1,000 and 10,000 bp.' });
    const both = await post('price', { ...base, DiscountMargin: 150, Yield: 0.05 });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ Message: 'Give the price tab one quote: Yield, Spread with Benchmark Rate, or Discount Margin.' });
    const fixed = await post('price', { ...fordo, DiscountMargin: 150 });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json()).toEqual({ Message: 'Discount Margin applies to floating-rate classes only: D does not float.' });
  });

  it('the price matrix runs on DM: each cell is the single price-from-DM run', async () => {
    const res = await post('price/matrix', { ...base, DiscountMargin: 150, MatrixCpr: [5, 20], MatrixCdr: [0, 2] });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as { Metric: number[][]; DiscountMargin: number[][] };
    for (const [r, cdr] of [0, 2].entries()) {
      for (const [c, cpr] of [5, 20].entries()) {
        const single = await run('price', { ...base, Cpr: [0, cpr / 100], Cdr: [0, cdr / 100], DiscountMargin: 150 });
        // The matrix projects on schedule aggregates (no per-line cent rounding), as the other matrices.
        expect(Math.abs((m.Metric[r]?.[c] ?? Number.NaN) - (single.Value ?? Number.NaN))).toBeLessThan(1e-6);
        expect(Math.abs(bp(m.DiscountMargin[r]?.[c]) - 150)).toBeLessThan(0.01);
      }
    }
    // Losses lower the price at the same DM.
    expect(m.Metric[1]?.[0]).toBeLessThan(m.Metric[0]?.[0] ?? 0);
  });
});

describe('accrued interest, clean and dirty prices (issue 25 #3)', () => {
  it('a STACR note settled 10 days after closing accrues act/360 on its coupon; dirty = clean + accrued on every tab', async () => {
    const y = await run('yield', { ...base, Price: 99 });
    const rate = y.Simulation.BondsCashflows[0]?.BondCashflow[0]?.Rate ?? Number.NaN;
    expect(y.AccrualDayCount).toBe('act/360');
    expect(y.AccrualDays).toBe(10);
    expect(y.AccruedInterest).toBeCloseTo((rate * 10 / 360) * 100, 10);
    expect(y.CleanPrice).toBe(99);
    expect(y.DirtyPrice).toBeCloseTo(99 + (y.AccruedInterest ?? Number.NaN), 12);
    const p = await run('price', { ...base, Yield: y.Value });
    expect(p.CleanPrice).toBeCloseTo(99, 6);
    expect(p.AccruedInterest).toBe(y.AccruedInterest);
    const fromDm = await run('price', { ...base, DiscountMargin: 150 });
    expect(fromDm.CleanPrice).toBe(fromDm.Value);
    expect(fromDm.DirtyPrice).toBeCloseTo((fromDm.Value ?? Number.NaN) + (fromDm.AccruedInterest ?? Number.NaN), 12);
    // Settled on the closing date nothing has accrued: clean = dirty.
    const atClosing = await run('yield', { ...base, SettlementDate: 20260217, Price: 99 });
    expect(atClosing.AccruedInterest).toBe(0);
    expect(atClosing.DirtyPrice).toBe(99);
  });

  it('a fixed ABS class accrues 30/360', async () => {
    const y = await run('yield', { ...fordo, Price: 100 });
    expect(y.AccrualDayCount).toBe('30/360');
    expect(y.AccrualDays).toBeGreaterThan(0);
    expect(y.AccruedInterest).toBeCloseTo((0.0591 * (y.AccrualDays ?? Number.NaN) / 360) * 100, 10);
    expect(y.DirtyPrice).toBeCloseTo(100 + (y.AccruedInterest ?? Number.NaN), 12);
    const p = await run('price', { ...fordo, Yield: y.Value });
    expect(p.Value).toBeCloseTo(100, 6);
  });
});

describe('POST /simulate/yield-table (issue 25 #4)', () => {
  const scenarios = [
    { Name: 'Base', Cpr: [0, 0.1], Cdr: [0, 0.005], LossSeverity: [0, 0.25], Delinquency: [0, 0] },
    { Name: 'Stress', Cpr: 0.05, Cdr: 0.03, LossSeverity: 0.4, Delinquency: 0.02 },
  ];
  const singleOf = (s: (typeof scenarios)[number]) => ({ ...base, Cpr: s.Cpr, Cdr: s.Cdr, LossSeverity: s.LossSeverity, Delinquency: s.Delinquency });

  it('price columns: each cell equals the single yield run of its scenario at its price', async () => {
    const res = await post('yield-table', { ...base, Scenarios: scenarios, Prices: [98, 100] });
    expect(res.statusCode, res.body).toBe(200);
    const cells = (res.json() as { Cells: Cell[] }).Cells;
    expect(cells.map((c) => [c.Scenario, c.Price])).toEqual([['Base', 98], ['Base', 100], ['Stress', 98], ['Stress', 100]]);
    for (const cell of cells) {
      const s = scenarios.find((x) => x.Name === cell.Scenario) ?? scenarios[0];
      if (!s) throw new Error('scenario');
      const single = await run('yield', { ...singleOf(s), Price: cell.Price });
      const bond = single.Simulation.BondsCashflows[0];
      expect(cell.Yield).toBe(single.Value);
      const dm = single.DiscountMargin?.Value;
      expect(cell.DiscountMargin).toBe(dm === null || dm === undefined ? null : bp(dm));
      expect(cell.Wal).toBe(bond?.Wal);
      expect(cell.PrincipalWindow).toBe(bond?.PrincipalWindow);
      expect(cell.WritedownPct).toBe(bond?.WritedownPct);
      expect(cell.PrincipalLoss).toBeCloseTo((bond?.BondCashflow ?? []).reduce((sum, r) => sum + r.ActualWriteDown, 0), 6);
    }
    // The stress row loses principal; the base row less.
    expect(cells[2]?.PrincipalLoss).toBeGreaterThan(cells[0]?.PrincipalLoss ?? 0);
    expect(cells[0]?.DiscountMargin).not.toBeNull();
  });

  it('DM columns: each cell is the single price-from-DM run, and a saved scenario is a row', async () => {
    const token = await t.token('user');
    const { BondName: _b, ...deal } = base;
    const saved = await t.request({ method: 'POST', url: '/api/simulate/save_scenario/YT%20saved', token, payload: { ...deal, Cdr: [0, 0.02] } });
    expect(saved.statusCode).toBe(200);
    const list = (await t.request({ method: 'GET', url: `/api/scenarios?dealName=${encodeURIComponent(DNA1)}`, token })).json() as { Id: number; ScenarioName: string }[];
    const id = list.find((s) => s.ScenarioName === 'YT saved')?.Id;
    expect(id).toBeDefined();
    const res = await post('yield-table', { ...base, Scenarios: [scenarios[1], { Name: 'Saved', SelectedScenarioId: id }], DiscountMargins: [100, 150] });
    expect(res.statusCode, res.body).toBe(200);
    const cells = (res.json() as { Cells: Cell[] }).Cells;
    expect(cells).toHaveLength(4);
    const singles = [
      await run('price', { ...singleOf(scenarios[1] as (typeof scenarios)[number]), DiscountMargin: 100 }),
      await run('price', { ...singleOf(scenarios[1] as (typeof scenarios)[number]), DiscountMargin: 150 }),
      await run('price', { ...base, SelectedScenarioId: id, DiscountMargin: 100 }),
      await run('price', { ...base, SelectedScenarioId: id, DiscountMargin: 150 }),
    ];
    cells.forEach((cell, i) => {
      const single = singles[i] as BondRun;
      expect(cell.Price).toBe(single.Value);
      expect(cell.DiscountMargin).toBe(bp(single.DiscountMargin?.Value));
      expect(Math.abs((cell.DiscountMargin ?? Number.NaN) - (i % 2 === 0 ? 100 : 150))).toBeLessThan(0.01);
      expect(cell.Wal).toBe(single.Simulation.BondsCashflows[0]?.Wal);
    });
    // The yield of a DM cell is the yield run at the cell's price.
    const y = await run('yield', { ...base, SelectedScenarioId: id, Price: cells[2]?.Price });
    expect(cells[2]?.Yield).toBe(y.Value);
  });

  it('refuses bad tables with the field as the tab labels it and its range', async () => {
    const msg = async (payload: object) => {
      const res = await post('yield-table', payload);
      expect(res.statusCode).toBe(400);
      return (res.json() as { Message: string }).Message;
    };
    expect(await msg({ ...base, Scenarios: [], Prices: [100] })).toBe('The yield table needs 1 to 20 scenarios.');
    expect(await msg({ ...base, Scenarios: scenarios, Prices: [0] })).toBe('Yield table prices must be above 0 and at most 1,000 (percent of face).');
    expect(await msg({ ...base, Scenarios: scenarios, Prices: Array.from({ length: 21 }, () => 100) })).toBe('The yield table needs 1 to 20 prices.');
    expect(await msg({ ...base, Scenarios: scenarios, DiscountMargins: [20_000] })).toBe('Yield table discount margins must be between -1,000 and 10,000 bp.');
    expect(await msg({ ...base, Scenarios: scenarios })).toBe('The yield table needs either Prices or Discount Margins (not both).');
    expect(await msg({ ...base, Scenarios: scenarios, Prices: [100], DiscountMargins: [100] })).toBe('The yield table needs either Prices or Discount Margins (not both).');
    expect(await msg({ ...base, Scenarios: [{ ...scenarios[0], Name: ' ' }], Prices: [100] })).toBe('Each yield table scenario needs a Name of at most 100 characters.');
    const badCpr = await msg({ ...base, Scenarios: [scenarios[0], { ...scenarios[1], Cpr: 5 }], Prices: [100] });
    expect(badCpr.startsWith('Scenario 2 (Stress): ')).toBe(true);
    expect(badCpr).toMatch(/CPR/);
    expect(await msg({ ...fordo, Scenarios: scenarios, DiscountMargins: [100] })).toBe('Discount Margin applies to floating-rate classes only: D does not float.');
  });
});

describe('a portfolio bond line accrues in the class day count too (issue 25 #3)', () => {
  it('a fixed ABS line yields what POST /simulate/yield answers at the same price', async () => {
    const entry = { OrdinalNumber: 1, DealName: 'FORDO 2024-A', BondName: 'D', OwnedFaceAmt: 1_000_000, Price: 99, Cpr: 0.015, Cdr: 0.01, LossSeverity: 0.5, Delinquency: 0, Libor: 0.043 };
    const res = await post('portfolio', { SettlementDate: 20240301, PortfolioType: 'Bonds', Entries: [entry] }, 'analyst');
    expect(res.statusCode, res.body).toBe(200);
    const line = (res.json() as { BondPortfolio: { PortfolioEntries: { Yield: { Value: number } }[] } }).BondPortfolio.PortfolioEntries[0];
    const single = await run('yield', { ...entry, SettlementDate: 20240301 });
    expect(single.AccrualDayCount).toBe('30/360');
    expect(line?.Yield.Value).toBeCloseTo(single.Value ?? Number.NaN, 10);
  });
});
