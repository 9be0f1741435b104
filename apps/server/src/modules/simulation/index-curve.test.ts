/**
 * Issue 25 #1: a forward index curve (IndexCurve, fractions, period 1 first) in place of the flat
 * index on every run; the discount margin is measured over it. Each answer is checked against the
 * flat-index run it must equal or the single run it is made of.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DNA1 = 'STACR 2026-DNA1';
const LIBOR = 0.0365786;
const base = { DealName: DNA1, BondName: 'M-2', SettlementDate: 20260227, Cpr: [0, 0.1], Cdr: [0, 0.01], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, LIBOR] };
const { Libor: _libor, ...noLibor } = base;
/** An upward curve: 3 % rising 1 bp a month for 120 months (then 4.19 % flat). */
const UPWARD = Array.from({ length: 120 }, (_, k) => 0.03 + k * 0.0001);

interface Row { Rate: number; Interest: number; Balance: number; PaymentDate: number }
interface Dm { Margin: number; Value: number | null; IsSuccessful: boolean }
interface BondRun { Value: number | null; IsSuccessful: boolean; DiscountMargin: Dm | null; Simulation: { BondsCashflows: { BondName: string; Wal: number; BondCashflow: Row[] }[] } }

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });
const post = async (url: string, payload: object, user: 'user' | 'analyst' = 'user') =>
  t.request({ method: 'POST', url: `/api/simulate${url}`, token: await t.token(user), payload });
const run = async (type: string, payload: object) => {
  const res = await post(`/${type}`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BondRun;
};
const bp = (x: number | null | undefined) => (x ?? Number.NaN) * 1e4;
const rowsOf = (r: BondRun) => r.Simulation.BondsCashflows[0]?.BondCashflow ?? [];
const interestOf = (r: BondRun) => rowsOf(r).reduce((s, row) => s + row.Interest, 0);

describe('IndexCurve on bond runs (issue 25 #1)', () => {
  it('a flat curve equal to Libor gives exactly the flat-index answer (price, DM, every cashflow row)', async () => {
    const flat = await run('price', { ...base, DiscountMargin: 150 });
    const curve = await run('price', { ...noLibor, IndexCurve: [LIBOR], DiscountMargin: 150 });
    expect(curve.Value).toBe(flat.Value);
    expect(curve.DiscountMargin).toEqual(flat.DiscountMargin);
    expect(rowsOf(curve)).toEqual(rowsOf(flat));
    // The same with a curve as long as the run and Libor still sent: the curve wins, same numbers.
    const long = await run('price', { ...base, IndexCurve: Array.from({ length: 480 }, () => LIBOR), DiscountMargin: 150 });
    expect(long.Value).toBe(flat.Value);
  });

  it('an upward curve raises floater interest: each period accrues at its own forward rate + margin; a short curve extends its last rate', async () => {
    const flat = await run('yield', { ...noLibor, IndexCurve: [0.03], Price: 100 });
    const up = await run('yield', { ...noLibor, IndexCurve: UPWARD, Price: 100 });
    expect(interestOf(up)).toBeGreaterThan(interestOf(flat) * 1.05);
    expect(up.Value).toBeGreaterThan(flat.Value ?? Number.POSITIVE_INFINITY);
    const rows = rowsOf(up);
    const margin = up.DiscountMargin?.Margin ?? Number.NaN;
    // Period 1 at the curve's first rate, period 12 at its twelfth, past the curve at its last.
    expect(rows[0]?.Rate).toBeCloseTo(UPWARD[0] as number + margin, 12);
    expect(rows[11]?.Rate).toBeCloseTo(UPWARD[11] as number + margin, 12);
    expect(rows[150]?.Rate).toBeCloseTo(UPWARD[119] as number + margin, 12);
  });

  it('DM 150 → price → DM 150.00 over a curve (to 0.01 bp); the DM is measured over the curve, not a flat index', async () => {
    const fromDm = await run('price', { ...noLibor, IndexCurve: UPWARD, DiscountMargin: 150 });
    const price = fromDm.Value ?? Number.NaN;
    expect(Math.abs(bp(fromDm.DiscountMargin?.Value) - 150)).toBeLessThan(0.01);
    const y = await run('yield', { ...noLibor, IndexCurve: UPWARD, Price: price });
    expect(Math.abs(bp(y.DiscountMargin?.Value) - 150)).toBeLessThan(0.01);
    // Over a flat index the same price is another DM: the curve is what the DM is measured against.
    const overFlat = await run('yield', { ...noLibor, IndexCurve: [0.03], Price: price });
    expect(Math.abs(bp(overFlat.DiscountMargin?.Value) - 150)).toBeGreaterThan(1);
  });

  it('the price matrix and the yield table run on the curve: each cell equals its single run', async () => {
    const matrix = await post('/price/matrix', { ...noLibor, IndexCurve: UPWARD, DiscountMargin: 150, MatrixCpr: [5], MatrixCdr: [2] });
    expect(matrix.statusCode, matrix.body).toBe(200);
    const single = await run('price', { ...noLibor, Cpr: [0, 0.05], Cdr: [0, 0.02], IndexCurve: UPWARD, DiscountMargin: 150 });
    // The matrix projects on schedule aggregates (no per-line cent rounding), as the other matrices.
    expect(Math.abs(((matrix.json() as { Metric: number[][] }).Metric[0]?.[0] ?? Number.NaN) - (single.Value ?? Number.NaN))).toBeLessThan(1e-6);
    const table = await post('/yield-table', {
      ...base, Prices: [99],
      Scenarios: [{ Name: 'Flat', Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0 }, { Name: 'Up', Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0, IndexCurve: UPWARD }],
    });
    expect(table.statusCode, table.body).toBe(200);
    const cells = (table.json() as { Cells: { Scenario: string; Yield: number; DiscountMargin: number }[] }).Cells;
    const flatRun = await run('yield', { ...base, Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0, Price: 99 });
    const upRun = await run('yield', { ...base, Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0, IndexCurve: UPWARD, Price: 99 });
    expect(cells[0]?.Yield).toBe(flatRun.Value);
    expect(cells[1]?.Yield).toBe(upRun.Value);
    expect(cells[1]?.DiscountMargin).toBe(bp(upRun.DiscountMargin?.Value));
  });

  it('refuses a bad curve naming the field, its unit and range (400, never 500)', async () => {
    const msg = async (payload: object) => {
      const res = await post('/price', payload);
      expect(res.statusCode).toBe(400);
      return (res.json() as { Message: string }).Message;
    };
    expect(await msg({ ...noLibor, IndexCurve: [0.03, 0.3], DiscountMargin: 150 })).toBe('Index Curve rates must be from -5% to 25% (fractions -0.05 to 0.25 on the wire).');
    expect(await msg({ ...noLibor, IndexCurve: [], DiscountMargin: 150 })).toBe('Index Curve must have 1 to 480 monthly rates.');
    expect(await msg({ ...noLibor, IndexCurve: Array.from({ length: 481 }, () => 0.03), DiscountMargin: 150 })).toBe('Index Curve must have 1 to 480 monthly rates.');
    expect(await msg({ ...noLibor, IndexCurve: ['x'], DiscountMargin: 150 })).toBe('Index Curve rates must be from -5% to 25% (fractions -0.05 to 0.25 on the wire).');
  });
});

describe('IndexCurve on deal, breakeven and portfolio runs, and saved with scenarios', () => {
  it('POST /simulate with a flat curve equals the Libor run; breakevens accept a curve', async () => {
    const { BondName: _b, ...deal } = base;
    const flat = await post('', deal);
    const curve = await post('', { ...noLibor, BondName: undefined, IndexCurve: [LIBOR] });
    expect(curve.statusCode, curve.body).toBe(200);
    expect(curve.json()).toEqual(flat.json());
    const be = await post('/breakeven', { ...noLibor, IndexCurve: UPWARD, BondNames: ['M-2'] });
    expect(be.statusCode, be.body).toBe(200);
  });

  it('a portfolio bond line on a curve yields what the single yield run answers, more than on a flat 3 %', async () => {
    const entry = { OrdinalNumber: 1, DealName: DNA1, BondName: 'M-2', OwnedFaceAmt: 1_000_000, Price: 99, Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0, IndexCurve: UPWARD };
    const res = await post('/portfolio', { SettlementDate: 20260227, PortfolioType: 'Bonds', Entries: [entry] }, 'analyst');
    expect(res.statusCode, res.body).toBe(200);
    const flatEntry = { ...entry, IndexCurve: undefined, Libor: 0.03 };
    const flat = await post('/portfolio', { SettlementDate: 20260227, PortfolioType: 'Bonds', Entries: [flatEntry] }, 'analyst');
    const yieldOf = (body: unknown) => (body as { BondPortfolio: { PortfolioEntries: { Yield: { Value: number } }[] } }).BondPortfolio.PortfolioEntries[0]?.Yield.Value;
    const single = await run('yield', { ...entry, SettlementDate: 20260227 });
    expect(yieldOf(res.json())).toBeCloseTo(single.Value ?? Number.NaN, 10);
    // Higher forward rates, higher floater coupons: the line yields more than on the flat 3 %.
    expect(yieldOf(res.json())).toBeGreaterThan(yieldOf(flat.json()) ?? Number.POSITIVE_INFINITY);
  });

  it('a scenario saved with a curve (percent) runs on it; save_scenario stores the run\'s curve', async () => {
    const token = await t.token('user');
    const pct = UPWARD.map((x) => Math.round(x * 100 * 1e8) / 1e8);
    const saved = await t.request({
      method: 'POST', url: '/api/scenarios/bulk', token,
      payload: { SaveMode: 'override', Scenarios: [{ ScenarioName: 'Curve up', DealName: DNA1, Cpr: [10], Cdr: [1], LossSeverity: [25], Delinquency: [0], IndexCurve: pct }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = (saved.json() as { Ids: number[] }).Ids[0];
    const got = (await t.request({ method: 'GET', url: `/api/scenarios/${id}`, token })).json() as { IndexCurve: number[] };
    expect(got.IndexCurve).toEqual(pct);
    // An update that does not send a curve (the scenario list edits vectors only) keeps it; [] clears it.
    const put = (payload: object) => t.request({ method: 'PUT', url: `/api/scenarios/${id}`, token, payload: { ScenarioName: 'Curve up', DealName: DNA1, Cpr: [10], Cdr: [1], LossSeverity: [25], Delinquency: [0], ...payload } });
    expect((await put({})).statusCode).toBe(200);
    expect(((await t.request({ method: 'GET', url: `/api/scenarios/${id}`, token })).json() as { IndexCurve: number[] }).IndexCurve).toEqual(pct);
    const viaScenario = await run('yield', { ...base, SelectedScenarioId: id, Price: 99 });
    const direct = await run('yield', { ...base, Cpr: [0, 0.1], Cdr: [0, 0.01], IndexCurve: UPWARD, Price: 99 });
    expect(viaScenario.Value).toBeCloseTo(direct.Value ?? Number.NaN, 10);
    expect((await put({ IndexCurve: [] })).statusCode).toBe(200);
    expect(((await t.request({ method: 'GET', url: `/api/scenarios/${id}`, token })).json() as { IndexCurve: number[] }).IndexCurve).toEqual([]);
    const bad = await t.request({
      method: 'POST', url: '/api/scenarios/bulk', token,
      payload: { SaveMode: 'override', Scenarios: [{ ScenarioName: 'Bad curve', Cpr: [10], Cdr: [1], LossSeverity: [25], Delinquency: [0], IndexCurve: [40] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { Message: string }).Message).toMatch(/Index Curve vector contains incorrect values \(at most 480 monthly rates, each from -5% to 25%\)/);
    const { BondName: _b, ...deal } = noLibor;
    const runSaved = await t.request({ method: 'POST', url: '/api/simulate/save_scenario/Run%20curve', token, payload: { ...deal, IndexCurve: [0.04, 0.05] } });
    expect(runSaved.statusCode, runSaved.body).toBe(200);
    const list = (await t.request({ method: 'GET', url: `/api/scenarios?dealName=${encodeURIComponent(DNA1)}`, token })).json() as { Id: number; ScenarioName: string }[];
    const runId = list.find((s) => s.ScenarioName === 'Run curve')?.Id;
    const stored = (await t.request({ method: 'GET', url: `/api/scenarios/${runId}`, token })).json() as { IndexCurve: number[] };
    expect(stored.IndexCurve).toEqual([4, 5]);
  });
});
