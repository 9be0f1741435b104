import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sampleCashflowLists } from '../user-cashflows/sample-cashflow.ts';

const DNA1 = 'STACR 2026-DNA1';
const base = { DealName: DNA1, BondName: 'M-1', SettlementDate: 20260217, Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0.25], Delinquency: [0, 0], Libor: [0, 0.0365786] };

interface BondRun {
  Value: number | null; IsSuccessful: boolean; ErrorMessage: string | null; RunTime?: number;
  Simulation: { BondsCashflows: { BondName: string; Wal: number; BondCashflow: { Rate: number; Cash: number }[] }[] };
}
interface Matrix { Cpr: number[]; Cdr: number[]; Wal: (number | null)[][]; WritedownPct: (number | null)[][]; Metric: (number | null)[][] | null; RunTime?: number }

describe('POST /api/simulate/{price|yield|spread}', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const post = async (type: string, payload: object, user: 'user' | 'analyst' | 'admin' = 'user') =>
    t.request({ method: 'POST', url: `/api/simulate/${type}`, token: await t.token(user), payload });

  it('yield at par is near the coupon, and price at that yield is par again', async () => {
    const res = await post('yield', { ...base, Price: 100 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as BondRun;
    expect(body.IsSuccessful).toBe(true);
    expect(body.RunTime).toBeUndefined();
    const bond = body.Simulation.BondsCashflows[0];
    expect(bond?.BondName).toBe('M-1');
    const coupon = bond?.BondCashflow[0]?.Rate ?? 0;
    // Actual/360 coupons discounted at a 30/360 monthly yield: a par yield a little above the coupon.
    expect(Math.abs((body.Value ?? 0) - coupon)).toBeLessThan(0.002);
    const price = (await post('price', { ...base, Yield: body.Value })).json() as BondRun;
    expect(price.Value).toBeCloseTo(100, 6);
  });

  it('spread is the yield over the benchmark, and the price tab takes spread + benchmark', async () => {
    const y = ((await post('yield', { ...base, Price: 99.5 })).json() as BondRun).Value ?? NaN;
    const s = (await post('spread', { ...base, Price: 99.5, ReferenceCurve: 0.04 })).json() as BondRun;
    expect(s.Value).toBeCloseTo(y - 0.04, 10);
    const p = (await post('price', { ...base, Spread: s.Value, ReferenceCurve: 0.04 })).json() as BondRun;
    expect(p.Value).toBeCloseTo(99.5, 6);
  });

  it('answers each tab without its quote with the spec 001 §5.1 message', async () => {
    expect((await post('price', { ...base, Spread: 0.01 })).json()).toEqual({ Message: 'Either Yield or both Spread and Benchmark Rate are required.' });
    expect((await post('yield', base)).json()).toEqual({ Message: 'Price is required.' });
    expect((await post('spread', { ...base, Price: 100 })).json()).toEqual({ Message: ' Price and Benchmark Rate are required.' });
    expect((await post('duration', { ...base, Price: 100 })).statusCode).toBe(400);
    const noBond = await post('yield', { ...base, BondName: undefined, Price: 100 });
    expect(noBond.json()).toEqual({ Message: 'Missing required: Bond' });
  });

  it("states quote limits in the user's units, and refuses text in a quote (issue 18 #10)", async () => {
    expect((await post('price', { ...base, Yield: 15 })).json()).toEqual({ Message: 'Yield must be between -100% and 1,000%.' });
    expect((await post('yield', { ...base, Price: 5000 })).json()).toEqual({ Message: 'Price must be above 0 and at most 1,000 (percent of face).' });
    expect((await post('spread', { ...base, Price: 100, ReferenceCurve: -2 })).json()).toEqual({ Message: 'Benchmark Rate must be between -100% and 1,000%.' });
    const text = await post('price', { ...base, Yield: 'abc' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ Message: 'Yield must be between -100% and 1,000%.' });
  });

  it('gives admins the run time in ms and refuses loan level and models by role', async () => {
    const admin = (await post('yield', { ...base, Price: 100 }, 'admin')).json() as BondRun;
    expect(admin.RunTime).toBeGreaterThan(0);
    const loans = await post('yield?loanLevel=true', { ...base, Price: 100 });
    expect(loans.statusCode).toBe(403);
    expect((await post('yield', { ...base, Price: 100, PrepaymentModel: 'LDM' })).statusCode).toBe(403);
    const model = await post('yield', { ...base, Price: 100, PrepaymentModel: 'LDM_3' }, 'analyst');
    expect(model.statusCode).toBe(400);
    expect((model.json() as { Message: string }).Message).toBe('Missing required: HPI, 10Yr TSY, Unemployment');
    const ll = await post('yield?loanLevel=true', { ...base, Price: 100 }, 'analyst');
    expect(ll.statusCode).toBe(200);
    expect((ll.json() as BondRun).IsSuccessful).toBe(true);
  });
});

describe('POST /api/simulate/{type}/matrix with a metric', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('yield matrix cells equal single runs at the cell\'s CPR and CDR', async () => {
    const token = await t.token('admin');
    const res = await t.request({ method: 'POST', url: '/api/simulate/yield/matrix', token, payload: { ...base, Price: 98 } });
    expect(res.statusCode).toBe(200);
    const m = res.json() as Matrix;
    expect(m.RunTime).toBeGreaterThan(0);
    expect(m.Metric).toHaveLength(9);
    expect(m.Metric?.every((row) => row.length === 8)).toBe(true);
    for (const [r, c] of [[0, 2], [3, 5], [8, 7]] as const) {
      const cpr = m.Cpr[c] as number;
      const cdr = m.Cdr[r] as number;
      const single = await t.request({ method: 'POST', url: '/api/simulate/yield', token, payload: { ...base, Price: 98, Cpr: [0, cpr / 100], Cdr: [0, cdr / 100] } });
      const one = single.json() as BondRun;
      // The grid projects from schedule aggregates without cent rounding; agree to 2 decimals in percent.
      expect(Math.abs((one.Value ?? NaN) - (m.Metric?.[r]?.[c] ?? NaN)) * 100).toBeLessThan(0.005);
      expect(Math.abs((one.Simulation.BondsCashflows[0]?.Wal ?? NaN) - (m.Wal[r]?.[c] ?? NaN))).toBeLessThan(0.005);
    }
  });

  it('runs the extreme corner of the axes: severity 0 with CDR 99.99 (once a 500 from the fast projection\'s cent check)', async () => {
    const token = await t.token('user');
    const res = await t.request({ method: 'POST', url: '/api/simulate/wal/matrix', token, payload: {
      ...base, LossSeverity: [0, 0], MatrixCpr: [0, 10, 50], MatrixCdr: [0, 50, 99.99],
    } });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as { Wal: number[][]; WritedownPct: number[][] };
    // No severity, no write-down; defaults only speed the paydown up.
    expect(m.WritedownPct.flat()).toEqual(Array(9).fill(0));
    for (const row of m.Wal) expect(row.every((w) => w > 0 && Number.isFinite(w))).toBe(true);
    expect(m.Wal[2]?.[0]).toBeLessThan(m.Wal[0]?.[0] ?? 0);
  });

  it('refuses models, prerun cashflows, saved scenarios and missing quotes with the spec messages', async () => {
    const token = await t.token('user');
    const post = (type: string, payload: object) => t.request({ method: 'POST', url: `/api/simulate/${type}/matrix`, token, payload });
    expect((await post('price', { ...base, Yield: 0.05, PrepaymentModel: 'AFT' })).json()).toEqual({ Message: 'Matrix does not support prepayment models.' });
    expect((await post('price', { ...base, Yield: 0.05, UserCollateralCashflow: { CollateralCashflow: sampleCashflowLists(3, 1e6) } })).json()).toEqual({ Message: 'Matrix does not support prerun cashflows.' });
    expect((await post('price', { ...base, Yield: 0.05, SelectedScenarioId: 3 })).json()).toEqual({ Message: 'Not supported scenario type.' });
    expect((await post('price', base)).json()).toEqual({ Message: 'Either Yield or both Spread and Benchmark Rate are required.' });
    expect((await post('spread', { ...base, Price: 100 })).json()).toEqual({ Message: ' Price and Benchmark Rate are required.' });
    const unauth = await t.request({ method: 'POST', url: '/api/simulate/price/matrix', payload: { ...base, Yield: 0.05 } });
    expect(unauth.statusCode).toBe(401);
  });
});

describe('POST /api/simulate/save_scenario/{name}', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('stores the run\'s vectors as the caller\'s scenario, and needs a name', async () => {
    const token = await t.token('user');
    const { BondName: _bond, ...deal } = base;
    const res = await t.request({ method: 'POST', url: '/api/simulate/save_scenario/Base%20case', token, payload: { ...deal, Cdr: [0, 0.005] } });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { CollateralCashflow: unknown[] }).CollateralCashflow;
    const list = (await t.request({ method: 'GET', url: `/api/scenarios?dealName=${encodeURIComponent(DNA1)}`, token })).json() as { Id: number; ScenarioName: string }[];
    const saved = list.find((s) => s.ScenarioName === 'Base case');
    expect(saved).toBeDefined();
    const full = (await t.request({ method: 'GET', url: `/api/scenarios/${saved?.Id}`, token })).json() as { Cpr: number[]; Cdr: number[]; LossSeverity: number[] };
    expect(full.Cpr).toHaveLength(rows.length);
    expect(full.Cpr[0]).toBeCloseTo(10, 6);
    expect(full.Cdr[5]).toBeCloseTo(0.5, 6);
    expect(full.LossSeverity[0]).toBeCloseTo(25, 6);
    // The saved scenario runs in place of the four vectors and reproduces the run.
    const { Cpr: _c, Cdr: _d, LossSeverity: _s, Delinquency: _q, ...rest } = deal;
    const again = await t.request({ method: 'POST', url: '/api/simulate', token, payload: { ...rest, SelectedScenarioId: saved?.Id } });
    expect(again.statusCode).toBe(200);
    const againRows = (again.json() as { CollateralCashflow: { Balance: number }[] }).CollateralCashflow;
    const firstRows = (res.json() as { CollateralCashflow: { Balance: number }[] }).CollateralCashflow;
    expect(againRows.length).toBe(firstRows.length);
    expect(Math.abs((againRows.at(-1)?.Balance ?? NaN) - (firstRows.at(-1)?.Balance ?? NaN))).toBeLessThan(0.01);
    const other = await t.request({ method: 'POST', url: '/api/simulate', token: await t.token('analyst'), payload: { ...rest, SelectedScenarioId: saved?.Id } });
    expect(other.statusCode).toBe(404);
    const blank = await t.request({ method: 'POST', url: '/api/simulate/save_scenario/%20', token, payload: deal });
    expect(blank.json()).toEqual({ Message: "Please provide the scenario's name" });
  });
});

describe('bond runs and matrices on cash-flow deals (ABS, agency REMIC)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const fordo = { DealName: 'FORDO 2024-A', BondName: 'D', SettlementDate: 20240123, Cpr: [0, 0.015], Cdr: [0, 0.01], LossSeverity: [0, 0.5], Delinquency: [0, 0], Libor: [0, 0.043], PrepaymentConvention: 'ABS' };

  it('prices a fixed ABS class: yield at par is near its 5.91 % coupon and the price tab returns par', async () => {
    const token = await t.token('user');
    const y = await t.request({ method: 'POST', url: '/api/simulate/yield', token, payload: { ...fordo, Price: 100 } });
    expect(y.statusCode, y.body).toBe(200);
    const body = y.json() as BondRun;
    expect(body.IsSuccessful).toBe(true);
    // A full month of 30/360 coupon every payment date, accrued interest paid at settlement and
    // no write-down at 1 % CDR × 50 % severity: the par yield is the coupon, stated bond-equivalent:
    // 2 × ((1 + 0.0591 / 12)^6 − 1) = 5.9833 %.
    expect(Math.abs((body.Value ?? NaN) - 2 * ((1 + 0.0591 / 12) ** 6 - 1))).toBeLessThan(0.0001);
    const p = (await t.request({ method: 'POST', url: '/api/simulate/price', token, payload: { ...fordo, Yield: body.Value } })).json() as BondRun;
    expect(p.Value).toBeCloseTo(100, 6);
  });

  it('yield matrix cells of a REMIC PAC equal single runs (agency: the CDR axis is forced to 0 in each run)', async () => {
    const token = await t.token('user');
    const pa = { DealName: 'FHLMC 5005', BondName: 'PA', SettlementDate: 20200730, Cpr: [0, 0.1], Cdr: [0, 0], LossSeverity: [0, 0], Delinquency: [0, 0], Libor: [0, 0], Price: 101 };
    const res = await t.request({ method: 'POST', url: '/api/simulate/yield/matrix', token, payload: pa });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as Matrix;
    for (const [r, c] of [[0, 1], [4, 6]] as const) {
      const single = (await t.request({ method: 'POST', url: '/api/simulate/yield', token, payload: { ...pa, Cpr: [0, (m.Cpr[c] as number) / 100], Cdr: [0, (m.Cdr[r] as number) / 100] } })).json() as BondRun;
      expect(Math.abs((single.Value ?? NaN) - (m.Metric?.[r]?.[c] ?? NaN)) * 100).toBeLessThan(0.005);
      expect(Math.abs((single.Simulation.BondsCashflows[0]?.Wal ?? NaN) - (m.Wal[r]?.[c] ?? NaN))).toBeLessThan(0.005);
    }
    // No credit losses on an agency deal: every write-down cell is 0.
    expect(m.WritedownPct.flat().every((v) => v === 0)).toBe(true);
  });
});

describe('discount margin of floating classes (issue 18 #18)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  interface Dm { Margin: number; Value: number | null; IsSuccessful: boolean; ErrorMessage: string | null }
  const post = async (path: string, payload: object) => t.request({ method: 'POST', url: `/api/simulate/${path}`, token: await t.token('user'), payload });

  it('M-1 (SOFR + 1.00 %) at par with no losses has DM = its margin on every tab; below par the DM is higher', async () => {
    const atPar = (await post('yield', { ...base, Price: 100 })).json() as BondRun & { DiscountMargin: Dm };
    expect(atPar.DiscountMargin).toMatchObject({ Margin: 0.01, IsSuccessful: true, ErrorMessage: null });
    // Settled at closing (the accrual start): coupons at SOFR + 1 % discounted at SOFR + 1 % give par exactly.
    expect(Math.abs((atPar.DiscountMargin.Value ?? NaN) - 0.01)).toBeLessThan(1e-10);
    const spread = (await post('spread', { ...base, Price: 100, ReferenceCurve: 0.04 })).json() as { DiscountMargin: Dm };
    expect(spread.DiscountMargin.Value).toBe(atPar.DiscountMargin.Value);
    // The price tab values the DM at the price it solved: the par yield gives par back, so the margin.
    const price = (await post('price', { ...base, Yield: atPar.Value })).json() as { Value: number; DiscountMargin: Dm };
    expect(Math.abs((price.DiscountMargin.Value ?? NaN) - 0.01)).toBeLessThan(1e-8);
    const below = (await post('yield', { ...base, Price: 99 })).json() as { DiscountMargin: Dm };
    expect(below.DiscountMargin.Value).toBeGreaterThan(0.01);
  });

  it('is null for classes that do not float: a retained tranche, a fixed ABS class; an ABS floater has its own', async () => {
    expect(((await post('yield', { ...base, BondName: 'A-H', Price: 100 })).json() as { DiscountMargin: Dm | null }).DiscountMargin).toBeNull();
    const fordo = { DealName: 'FORDO 2024-A', SettlementDate: 20240123, Cpr: [0, 0.015], Cdr: [0, 0], LossSeverity: [0, 0.5], Delinquency: [0, 0], Libor: [0, 0.043], PrepaymentConvention: 'ABS', Price: 100 };
    expect(((await post('yield', { ...fordo, BondName: 'D' })).json() as { DiscountMargin: Dm | null }).DiscountMargin).toBeNull();
    const floater = (await post('yield', { ...fordo, BondName: 'A-2B' })).json() as { DiscountMargin: Dm };
    expect(floater.DiscountMargin.Margin).toBe(0.005);
    expect(floater.DiscountMargin.IsSuccessful).toBe(true);
  });

  it('the yield matrix carries a DM grid: the margin in loss-free cells at par, equal to single runs elsewhere', async () => {
    const res = await post('yield/matrix', { ...base, Price: 99 });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as Matrix & { DiscountMargin: (number | null)[][] };
    expect(m.DiscountMargin).toHaveLength(9);
    expect(m.DiscountMargin.every((row) => row.length === 8)).toBe(true);
    for (const [r, c] of [[0, 2], [4, 5], [8, 7]] as const) {
      const single = (await post('yield', { ...base, Price: 99, Cpr: [0, (m.Cpr[c] as number) / 100], Cdr: [0, (m.Cdr[r] as number) / 100] })).json() as { DiscountMargin: Dm };
      // The grid projects from schedule aggregates without cent rounding: within 0.01 bp.
      expect(Math.abs((single.DiscountMargin.Value ?? NaN) - (m.DiscountMargin[r]?.[c] ?? NaN))).toBeLessThan(1e-6);
    }
    const par = (await post('yield/matrix', { ...base, Price: 100, MatrixCdr: [0] })).json() as { DiscountMargin: number[][] };
    for (const dm of par.DiscountMargin[0] ?? []) expect(Math.abs(dm - 0.01)).toBeLessThan(1e-10);
    // No DM for a class that does not float, nor for the WAL matrix.
    expect(((await post('yield/matrix', { ...base, BondName: 'A-H', Price: 100, MatrixCdr: [0], MatrixCpr: [10] })).json() as { DiscountMargin: unknown }).DiscountMargin).toBeNull();
    expect(((await post('wal/matrix', { ...base, MatrixCdr: [0], MatrixCpr: [10] })).json() as { DiscountMargin: unknown }).DiscountMargin).toBeNull();
  });
});
