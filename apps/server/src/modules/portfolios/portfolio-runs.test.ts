import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GridCell, GridEvent } from '@opencrt/contracts';
import { portfoliosDb } from './portfolios.tables.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SETTLE = 20210615;
const speeds = { Cpr: 0.1, Cdr: 0.01, LossSeverity: 0.25, Delinquency: 0 };
const acis = { OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: '1,000,000', Margin: 0.2, InterestRate: 0.01, ...speeds };
const cirt = { OrdinalNumber: 2, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 2_000_000, Margin: 0.2, InterestRate: 0, ...speeds };
const bond = { OrdinalNumber: 1, DealName: 'STACR 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Price: 99, ...speeds, Libor: 0.05 };

/** Every cell of a grid stream: the pieces' values and the fixed cells of the last line. */
const cellsOf = (events: GridEvent[]): GridCell[] => events.flatMap((e) => (e.type === 'piece' && e.ok ? [e.value] : e.type === 'done' ? e.summary.Fixed : []));

/** Percent per period, as saved scenarios store them. */
const scenario = (name: string, deal: string | null, vendor: string, cdr: number) => ({
  ScenarioName: name, DealName: deal, Vendor: vendor, Shared: false, Cpr: [8], Cdr: [cdr], LossSeverity: [30], Delinquency: [1],
});

describe('portfolio runs: POST /simulate/portfolio, the grid and the saved calculation', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const call = async (user: 'admin' | 'analyst' | 'user', method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.request({ method, url: `/api${url}`, token: await t.token(user), ...(payload === undefined ? {} : { payload: payload as object }) });

  it('runs a reinsurance portfolio: each line as its analysis screen computes it, parts summed', async () => {
    const res = await call('analyst', 'POST', '/simulate/portfolio', { SettlementDate: SETTLE, PortfolioType: 'Reinsurance', Entries: [acis, cirt] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.TotalOwnedFaceAmt).toBe(3_000_000);
    expect(body.BondPortfolio).toBeNull();
    const single = (await call('analyst', 'POST', '/simulate/acis', { ...acis, SettlementDate: SETTLE })).json();
    const line = body.AcisPortfolio.PortfolioEntries[0];
    expect(line).toMatchObject({ OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', Kind: 'ACIS', OwnedFaceAmt: 1_000_000 });
    expect(line.Yield.Value).toBeCloseTo(single.Yield.Value, 10);
    expect(line.LineMetrics.RateOnLine).toBeCloseTo(single.LineMetrics.RateOnLine, 10);
    // One ACIS line: the part's rows are the line's rows, so its yield is the line's.
    expect(body.AcisPortfolio.MiscVariables.Yield.Value).toBeCloseTo(single.Yield.Value, 8);
    expect(body.CirtPortfolio.PortfolioEntries[0]).toMatchObject({ Kind: 'CIRT', DealName: 'CIRT 2023-9' });
    // The total's premium is the two parts' premium.
    const premium = (part: { PortfolioCashflowTotals: Record<string, number> }) => part.PortfolioCashflowTotals.InsurancePremium ?? 0;
    expect(premium(body.AcisPortfolio) + premium(body.CirtPortfolio)).toBeGreaterThan(0);
    expect(body.TotalPortfolio.PortfolioEntries).toHaveLength(2);
    const cash = body.TotalPortfolio.PortfolioCashflow.reduce((s: number, r: { Cash: number }) => s + r.Cash, 0);
    expect(cash).toBeCloseTo(body.AcisPortfolio.PortfolioCashflowTotals.NetInsuranceCashflow + body.CirtPortfolio.PortfolioCashflowTotals.NetInsuranceCashflow, 4);
  });

  it('runs a bonds portfolio: the line\'s yield is the bond run\'s yield at that price; rows scaled to the face owned', async () => {
    const res = await call('analyst', 'POST', '/simulate/portfolio', { SettlementDate: SETTLE, PortfolioType: 'Bonds', Entries: [bond] });
    expect(res.statusCode, res.body).toBe(200);
    const part = res.json().BondPortfolio;
    const yieldRun = (await call('analyst', 'POST', '/simulate/yield', { ...bond, SettlementDate: SETTLE, Price: 99 })).json();
    expect(part.PortfolioEntries[0].Yield.Value).toBeCloseTo(yieldRun.Value, 10);
    expect(part.PortfolioEntries[0].Characteristics.Wal).toBeGreaterThan(0);
    // Principal plus write-downs never exceed the face owned.
    const paid = part.PortfolioCashflow.reduce((s: number, r: { Principal: number; ActualWriteDown: number }) => s + r.Principal + r.ActualWriteDown, 0);
    expect(paid).toBeLessThanOrEqual(1_000_000 + 0.01);
    expect(res.json().AcisPortfolio).toBeNull();
  });

  it('lists every line\'s problem as Line N: …', async () => {
    const res = await call('analyst', 'POST', '/simulate/portfolio', {
      SettlementDate: SETTLE, PortfolioType: 'Reinsurance',
      Entries: [{ ...acis, DealName: '' }, { ...cirt, Cpr: null }, { ...acis, OrdinalNumber: 3, DealName: 'ACIS 1999-X' }, { ...bond, OrdinalNumber: 4 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message.split('\n')).toEqual([
      "Line 1: Deal Name mustn't be empty",
      'Line 2: Missing required: CPR',
      'Line 3: Deal file could not be opened',
      'Line 4: STACR 2020-DNA3 does not belong in a Reinsurance portfolio',
    ]);
    expect((await call('analyst', 'POST', '/simulate/portfolio', { SettlementDate: SETTLE, Entries: [] })).json().Message).toBe('The portfolio has no entries.');
    expect((await t.request({ method: 'POST', url: '/api/simulate/portfolio', payload: { SettlementDate: SETTLE, Entries: [acis] } })).statusCode).toBe(401);
  });

  describe('vendor grid', () => {
    let id = 0;
    beforeAll(async () => {
      const saved = await call('analyst', 'POST', '/scenarios/bulk', {
        SaveMode: 'skip',
        Scenarios: [scenario('Base', 'ACIS 2020-DNA3', 'VendorA', 1), scenario('Stress', 'ACIS 2020-DNA3', 'VendorA', 4), scenario('Base', 'CIRT 2023-9', 'VendorA', 1), scenario('Common', null, 'VendorB', 2)],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const p = await call('analyst', 'POST', '/portfolios/', {
        Name: 'Grid', PortfolioType: 'Reinsurance',
        PortfolioEntries: [
          { OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Margin: 20 },
          { OrdinalNumber: 2, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 2_000_000, Margin: 20 },
        ],
      });
      expect(p.statusCode, p.body).toBe(200);
      id = p.json().Id;
    });
    const grid = { SettlementDate: SETTLE, Vendor: '', ScenarioNames: ['Base', 'Stress', 'Common'] };

    it('offers the scenarios keyed by deal, common ones under \'\', filtered by vendor; 404 for another user', async () => {
      const all = (await call('analyst', 'GET', `/portfolios/${id}/scenarios`)).json();
      expect(all['ACIS 2020-DNA3'].map((s: { ScenarioName: string }) => s.ScenarioName)).toEqual(['Base', 'Stress']);
      expect(all['CIRT 2023-9'].map((s: { ScenarioName: string }) => s.ScenarioName)).toEqual(['Base']);
      expect(all[''].map((s: { ScenarioName: string }) => s.ScenarioName)).toContain('Common');
      const b = (await call('analyst', 'GET', `/portfolios/${id}/scenarios?vendor=VendorB`)).json();
      expect(b['ACIS 2020-DNA3']).toEqual([]);
      expect((await call('user', 'GET', `/portfolios/${id}/scenarios`)).statusCode).toBe(404);
    });

    it('streams cells as they finish: metrics, Missing scenario, progress to done', async () => {
      const res = await call('analyst', 'POST', '/simulate/portfolio/grid', { PortfolioId: id, ...grid });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
      const events = res.body.trim().split('\n').map((l) => JSON.parse(l) as GridEvent);
      // 5 cells run (one per piece, in finishing order); the missing one needs no run and comes with the last line.
      expect(events.slice(0, -1).map((e) => e.type === 'piece' && e.done)).toEqual([1, 2, 3, 4, 5]);
      const last = events.at(-1);
      expect(last).toMatchObject({ type: 'done', total: 5, failed: 0, summary: { Lines: 2, Scenarios: ['Base', 'Stress', 'Common'] } });
      const cells = cellsOf(events);
      expect(cells).toHaveLength(6);
      const at = (ordinal: number, name: string) => cells.find((c) => c.OrdinalNumber === ordinal && c.ScenarioName === name);
      expect(at(2, 'Stress')?.Missing).toBe(true);
      expect(at(1, 'Base')?.RateOnLine).toBeGreaterThan(0);
      // The Current Limit column: the layer's remaining limit at settlement, the same under every scenario.
      expect(at(1, 'Base')?.CurrentBalance).toBeGreaterThan(0);
      expect(at(1, 'Stress')?.CurrentBalance).toBeCloseTo(at(1, 'Base')?.CurrentBalance ?? 0, 6);
      expect(at(2, 'Stress')?.CurrentBalance).toBeNull();
      // Common scenarios apply to every deal; the stress CDR loses more of the pool than the base.
      expect(at(2, 'Common')?.Missing).toBe(false);
      expect(at(1, 'Stress')?.CollateralLossesPct ?? 0).toBeGreaterThan(at(1, 'Base')?.CollateralLossesPct ?? 0);
      // The same cell equals a one-line portfolio run with that scenario's vectors.
      const one = (await call('analyst', 'POST', '/simulate/portfolio', {
        SettlementDate: SETTLE, Entries: [{ ...acis, InterestRate: 0, Cpr: [0, 0.08], Cdr: [0, 0.01], LossSeverity: [0, 0.3], Delinquency: [0, 0.01] }],
      })).json();
      expect(at(1, 'Base')?.Yield).toBeCloseTo(one.AcisPortfolio.PortfolioEntries[0].Yield.Value, 10);
      expect((await call('user', 'POST', '/simulate/portfolio/grid', { PortfolioId: id, ...grid })).statusCode).toBe(404);
    });

    it('Global uses the common scenarios only', async () => {
      const res = await call('analyst', 'POST', '/simulate/portfolio/grid', { PortfolioId: id, ...grid, UseGenericScenarios: true });
      const cells = cellsOf(res.body.trim().split('\n').map((l) => JSON.parse(l) as GridEvent));
      expect(cells.filter((c) => c.ScenarioName === 'Base').every((c) => c.Missing)).toBe(true);
      expect(cells.filter((c) => c.ScenarioName === 'Common').every((c) => !c.Missing)).toBe(true);
    });

    it('saves a calculation (admins only, one transaction) and answers a CSV named from the portfolio, date and time', async () => {
      const refused = await call('analyst', 'POST', '/simulate/portfolio/save', { PortfolioId: id, ...grid, Options: 1 });
      expect(refused.statusCode).toBe(403);
      const csv = await call('analyst', 'POST', '/simulate/portfolio/save', { PortfolioId: id, ...grid, Options: 2 });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="Grid_\d{4}-\d{2}-\d{2}_\d{6}\.csv"$/);
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('Line,DealName,BondName,OwnedFaceAmt,ScenarioName,Vendor,Yield,RateOnLine,LossOnLine,ReturnOnLine,CollateralLossesPct,Wal,WritedownPct,Spread,Status');
      expect(lines).toHaveLength(7);
      // The export convention: no cell carries more places than its column's kind (rates 6, percent 4, WAL 2, face 2), never an exponent.
      const places: Record<string, number> = { OwnedFaceAmt: 2, Yield: 6, RateOnLine: 6, LossOnLine: 6, ReturnOnLine: 6, CollateralLossesPct: 4, Wal: 2, WritedownPct: 4, Spread: 6 };
      const names = (lines[0] ?? '').split(',');
      let metrics = 0;
      for (const line of lines.slice(1).filter((l) => !l.includes('"'))) {
        const cells = line.split(',');
        names.forEach((name, j) => {
          const max = places[name];
          if (max === undefined || !cells[j]) return;
          metrics += 1;
          expect(cells[j], `${name} in ${line}`).toMatch(new RegExp(`^-?\\d+(\\.\\d{1,${max}})?$`));
        });
      }
      expect(metrics).toBeGreaterThan(10);
      expect(lines.some((l) => l.startsWith('2,CIRT 2023-9,M,2000000,Stress,') && l.endsWith(',Missing scenario'))).toBe(true);
      // The admin saves the analyst's portfolio grid: 6 result rows under one calculation.
      const saved = await call('admin', 'POST', '/simulate/portfolio/save', { PortfolioId: id, ...grid, Options: 3 });
      expect(saved.statusCode, saved.body).toBe(200);
      const calcId = Number(saved.headers['x-calculation-id']);
      const db = portfoliosDb(t.ctx.db);
      const calc = await db.selectFrom('portfolio_calculations').selectAll().where('id', '=', calcId).executeTakeFirstOrThrow();
      expect(calc).toMatchObject({ portfolio_name: 'Grid', portfolio_id: id, early_call: false });
      const rows = await db.selectFrom('portfolio_calculation_results').selectAll().where('calculation_id', '=', calcId).execute();
      expect(rows).toHaveLength(6);
      expect(rows.find((r) => r.ordinal_number === 2 && r.scenario_name === 'Stress')?.metrics.Status).toBe('Missing scenario');
      const json = await call('admin', 'POST', '/simulate/portfolio/save', { PortfolioId: id, ...grid, Options: 1 });
      expect(json.json()).toMatchObject({ CalculationId: calcId + 1, Name: expect.stringMatching(/^Grid 20210615 /) });
      expect((await call('analyst', 'POST', '/simulate/portfolio/save', { PortfolioId: id, ...grid, Options: 0 })).statusCode).toBe(400);
    });
  });
});
