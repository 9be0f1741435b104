import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcisResponse, CirtResponse, GridCell, GridEvent, InsuranceRowDto, PortfolioScenarios } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sampleCashflowLists } from './sample-cashflow.ts';

/**
 * A saved user collateral cashflow runs as the collateral of ACIS, CIRT and portfolio-line runs
 * (spec 002 run entry: "either UserCollateralCashflow or Cpr, Cdr, …"): the uploaded rows replace
 * the projection, scaled to the pool the run starts from.
 */
const POOL = 11_520_000_000; // CIRT 2023-9's pool at its effective date (the run's start).
const stress = { cpr: 0.05, cdr: 0.06, severity: 0.45, rate: 0.065, libor: 0 };
const speeds = { Cpr: 0.1, Cdr: 0, LossSeverity: 0.35, Delinquency: 0 };
const cirt = { DealName: 'CIRT 2023-9', SettlementDate: 20230901, ...speeds, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0 };
const acis = { DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', SettlementDate: 20200624, ...speeds, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0.01 };
const cirtFile = { DealName: 'CIRT 2023-9', CollateralMonth: '202309', ScenarioName: 'Stress', Vendor: '', CollateralCashflow: sampleCashflowLists(120, POOL, stress) };
const acisFile = { DealName: 'ACIS 2020-DNA3', CollateralMonth: '202006', ScenarioName: 'Stress', Vendor: 'Acme', CollateralCashflow: sampleCashflowLists(120, 1e9, stress) };
const bondFile = { DealName: 'STACR 2020-DNA3', CollateralMonth: '202106', ScenarioName: 'Stress', Vendor: '', CollateralCashflow: sampleCashflowLists(120, 1e9, stress) };

const sum = (rows: InsuranceRowDto[], key: keyof InsuranceRowDto) => rows.reduce((s, r) => s + Number(r[key]), 0);

describe('prerun user cashflows in ACIS, CIRT and portfolio runs', () => {
  let t: TestApp;
  let token: string;
  const post = (url: string, payload: unknown) => t.request({ method: 'POST', url: `/api${url}`, token, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.token('analyst');
    const saved = await post('/usercollcashflow/', [cirtFile, acisFile, bondFile]);
    expect(saved.json()).toEqual({ Saved: 3 });
  });
  afterAll(async () => { await t?.close(); });

  it('CIRT: the pool is the uploaded cashflow (balances to the dollar), not the 10 % CPR projection', async () => {
    const projected = (await post('/simulate/cirt', cirt)).json() as CirtResponse;
    const res = await post('/simulate/cirt', { ...cirt, UserCollateralCashflow: cirtFile });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as CirtResponse).CirtCashflow;
    // The file starts at the pool's balance at the settlement, so no scaling: month k's collateral balance is the file's Balance[k].
    for (const k of [1, 2, 12]) expect(rows[k]?.CollateralBalance).toBeCloseTo(cirtFile.CollateralCashflow.Balance[k] as number, 2);
    expect(rows[7]?.CollateralLosses).toBeCloseTo(cirtFile.CollateralCashflow.Losses[7] as number, 2);
    // Premium is on the prior month's pool balance (0.0068 % a month), here the file's.
    const share = 1_000_000 / 270_720_000;
    expect(rows[3]?.InsurancePremium).toBeCloseTo(0.000068 * (cirtFile.CollateralCashflow.Balance[2] as number) * share, 6);
    expect(sum(projected.CirtCashflow, 'CollateralLosses')).toBe(0);
    expect(sum(rows, 'CollateralLosses')).toBeGreaterThan(1e8);
    // Without any speeds the cashflow alone runs.
    const bare = await post('/simulate/cirt', { ...cirt, Cpr: undefined, Cdr: undefined, LossSeverity: undefined, Delinquency: undefined, UserCollateralCashflow: cirtFile });
    expect(bare.statusCode, bare.body).toBe(200);
    expect((bare.json() as CirtResponse).Yield.Value).toBeCloseTo((res.json() as CirtResponse).Yield.Value as number, 10);
    // A malformed cashflow is a 400 naming the problem; matrices refuse prerun cashflows.
    const overpaid = { ...cirtFile, CollateralCashflow: { ...cirtFile.CollateralCashflow, Defaults: cirtFile.CollateralCashflow.Defaults.map((x, i) => (i === 3 ? 2 * POOL : x)) } };
    const bad = await post('/simulate/cirt', { ...cirt, UserCollateralCashflow: overpaid });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toMatch(/^Period 3: scheduled \+ prepaid principal \+ defaults/);
    expect((await post('/simulate/cirt/matrix', { ...cirt, UserCollateralCashflow: cirtFile })).json()).toEqual({ Message: 'Matrix does not support prerun cashflows.' });
  });

  it('ACIS: the STACR pool under the layer follows the uploaded cashflow, scaled to the pool at settlement', async () => {
    const projected = (await post('/simulate/acis', acis)).json() as AcisResponse;
    const res = await post('/simulate/acis', { ...acis, UserCollateralCashflow: acisFile });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as AcisResponse).AcisCashflow;
    const file = acisFile.CollateralCashflow;
    const start = rows[0]?.CollateralBalance as number;
    expect(start).toBeCloseTo(projected.AcisCashflow[0]?.CollateralBalance as number, 2);
    // Hand check: balance k = file Balance[k] × (pool at settlement / file Balance[0]).
    for (const k of [1, 6, 12]) expect(rows[k]?.CollateralBalance).toBeCloseTo((file.Balance[k] as number) * start / (file.Balance[0] as number), 2);
    expect(rows[5]?.CollateralLosses).toBeCloseTo((file.Losses[5] as number) * start / (file.Balance[0] as number), 2);
    expect(rows[12]?.CollateralBalance).not.toBeCloseTo(projected.AcisCashflow[12]?.CollateralBalance as number, -3);
    // The stressed pool writes the layer down; the 10 % CPR, 0 CDR projection does not.
    expect((res.json() as AcisResponse).InsurerPaidLosses).toBeGreaterThan(0);
    expect(projected.InsurerPaidLosses).toBe(0);
  });

  it('portfolio lines run a sent cashflow or a saved one by label, each equal to its screen\'s run', async () => {
    const SETTLE = 20210615;
    const entries = [
      { OrdinalNumber: 1, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0, ...speeds, UserCollateralCashflow: cirtFile },
      { OrdinalNumber: 2, DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0.01, ...speeds, UserCashflowLabel: 'acis 2020-dna3 / 202006 / stress / acme' },
    ];
    const res = await post('/simulate/portfolio', { SettlementDate: SETTLE, PortfolioType: 'Reinsurance', Entries: entries });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // CIRT lines run from the activity date (here before the policy's effective date, so from that date, as the single run).
    const cirtSingle = (await post('/simulate/cirt', { ...cirt, UserCollateralCashflow: cirtFile })).json() as CirtResponse;
    expect(body.CirtPortfolio.PortfolioEntries[0].Yield.Value).toBeCloseTo(cirtSingle.Yield.Value as number, 10);
    const acisSingle = (await post('/simulate/acis', { ...acis, SettlementDate: SETTLE, UserCollateralCashflow: acisFile })).json() as AcisResponse;
    expect(body.AcisPortfolio.PortfolioEntries[0].Yield.Value).toBeCloseTo(acisSingle.Yield.Value as number, 10);
    const plain = (await post('/simulate/portfolio', { SettlementDate: SETTLE, PortfolioType: 'Reinsurance', Entries: entries.map((e) => ({ ...e, UserCollateralCashflow: null, UserCashflowLabel: null })) })).json();
    expect(plain.CirtPortfolio.PortfolioEntries[0].CollateralLossesPct).toBe(0);
    expect(body.CirtPortfolio.PortfolioEntries[0].CollateralLossesPct).toBeGreaterThan(1);
    // An unknown label is the line's problem.
    const missing = await post('/simulate/portfolio', { SettlementDate: SETTLE, Entries: [{ ...entries[1], UserCashflowLabel: 'ACIS 2020-DNA3 / 202006 / Nope' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Message).toBe('Line 2: The "ACIS 2020-DNA3 / 202006 / Nope" cashflow was not found.');
  });

  it('a bond line runs its saved cashflow: the collateral loss is the file\'s', async () => {
    const bond = { OrdinalNumber: 1, DealName: 'STACR 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Price: 99, ...speeds, Libor: 0.05 };
    const run = async (entry: object) => (await post('/simulate/portfolio', { SettlementDate: 20210615, PortfolioType: 'Bonds', Entries: [entry] })).json().BondPortfolio.PortfolioEntries[0];
    const plain = await run(bond);
    const prerun = await run({ ...bond, UserCashflowLabel: 'STACR 2020-DNA3 / 202106 / Stress' });
    const file = bondFile.CollateralCashflow;
    // Scaling keeps the file's loss as a share of its starting balance.
    const fileLossPct = (100 * file.Losses.reduce((s, x) => s + x, 0)) / (file.Balance[0] as number);
    expect(prerun.CollateralLossesPct).toBeCloseTo(fileLossPct, 4);
    expect(plain.CollateralLossesPct).not.toBeCloseTo(fileLossPct, 1);
  });

  describe('vendor grid: saved cashflows as scenario columns', () => {
    const SETTLE = 20210615;
    const acisLabel = 'ACIS 2020-DNA3 / 202006 / Stress / Acme';
    const cirtLabel = 'CIRT 2023-9 / 202309 / Stress';
    let id = 0;
    const acisEntry = { OrdinalNumber: 1, DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', OwnedFaceAmt: 1_000_000, Margin: 20 };
    beforeAll(async () => {
      const p = await post('/portfolios/', {
        Name: 'Grid prerun', PortfolioType: 'Reinsurance',
        PortfolioEntries: [acisEntry, { OrdinalNumber: 2, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 2_000_000, Margin: 20 }, { ...acisEntry, OrdinalNumber: 3, OwnedFaceAmt: 500_000 }],
      });
      expect(p.statusCode, p.body).toBe(200);
      id = p.json().Id;
    });
    const scenariosOf = async (vendor: string) => (await t.request({ method: 'GET', url: `/api/portfolios/${id}/scenarios?vendor=${vendor}`, token })).json() as PortfolioScenarios;
    const grid = async (body: object) => {
      const res = await post('/simulate/portfolio/grid', { PortfolioId: id, SettlementDate: SETTLE, Vendor: '', ...body });
      expect(res.statusCode, res.body).toBe(200);
      return (res.body.trim().split('\n').map((l) => JSON.parse(l) as GridEvent))
        .flatMap((e): GridCell[] => (e.type === 'piece' && e.ok ? [e.value] : e.type === 'done' ? e.summary.Fixed : []));
    };
    const columns = {
      ScenarioNames: ['ACIS 2020-DNA3 / 202006 / Stress', 'CIRT 2023-9 / 202309 / Stress'], ScenarioVendors: ['Acme', null], ScenarioCashflowLabels: [acisLabel, cirtLabel],
    };

    it('offers each deal\'s cashflows under the deal, filtered by vendor like the saved scenarios', async () => {
      const all = await scenariosOf('');
      expect(all['ACIS 2020-DNA3']?.filter((s) => s.UserCashflowLabel)).toEqual([
        { Id: expect.any(Number), ScenarioName: 'ACIS 2020-DNA3 / 202006 / Stress', DealName: 'ACIS 2020-DNA3', Vendor: 'Acme', UserCashflowLabel: acisLabel },
      ]);
      expect(all['CIRT 2023-9']?.filter((s) => s.UserCashflowLabel).map((s) => [s.UserCashflowLabel, s.Vendor])).toEqual([[cirtLabel, null]]);
      // The STACR cashflow's deal is not in the portfolio; common scenarios never hold a cashflow.
      expect(Object.values(all).flat().some((s) => s.UserCashflowLabel?.startsWith('STACR'))).toBe(false);
      expect(all['']?.some((s) => s.UserCashflowLabel)).toBe(false);
      const acme = await scenariosOf('Acme');
      expect(acme['ACIS 2020-DNA3']?.map((s) => s.UserCashflowLabel)).toContain(acisLabel);
      expect(acme['CIRT 2023-9']?.some((s) => s.UserCashflowLabel)).toBe(false);
      const byDefault = await scenariosOf('Default');
      expect(byDefault['ACIS 2020-DNA3']?.some((s) => s.UserCashflowLabel)).toBe(false);
      expect(byDefault['CIRT 2023-9']?.map((s) => s.UserCashflowLabel)).toContain(cirtLabel);
    });

    it('runs its deal\'s entries on the uploaded rows (= a portfolio run with that label); other deals are Missing scenario', async () => {
      const cells = await grid(columns);
      expect(cells).toHaveLength(6);
      const at = (ordinal: number, label: string) => cells.find((c) => c.OrdinalNumber === ordinal && c.UserCashflowLabel === label);
      expect(at(2, acisLabel)).toMatchObject({ Missing: true, Error: null, Yield: null, ScenarioName: 'ACIS 2020-DNA3 / 202006 / Stress', Vendor: 'Acme' });
      expect(at(1, cirtLabel)?.Missing).toBe(true);
      expect(at(3, cirtLabel)?.Missing).toBe(true);
      for (const [ordinal, label] of [[1, acisLabel], [3, acisLabel], [2, cirtLabel]] as const) {
        expect(at(ordinal, label), `${ordinal} ${label}`).toMatchObject({ Missing: false, Error: null });
      }
      // Each run cell is the portfolio screen's run of that entry with the cashflow chosen.
      const line = async (entry: object) => {
        const res = await post('/simulate/portfolio', { SettlementDate: SETTLE, PortfolioType: 'Reinsurance', Entries: [{ ...entry, InterestRate: 0, Cpr: 0, Cdr: 0, LossSeverity: 0, Delinquency: 0 }] });
        expect(res.statusCode, res.body).toBe(200);
        const part = res.json().AcisPortfolio ?? res.json().CirtPortfolio;
        return part.PortfolioEntries[0];
      };
      const acisRun = await line({ ...acisEntry, Margin: 0.2, UserCashflowLabel: acisLabel });
      // The stressed file writes the layer off: no yield (the same silent failure), a loss on line well above the rate.
      expect(acisRun.Yield).toMatchObject({ IsSuccessful: false, ErrorMessage: "Can't compute Yield." });
      expect(at(1, acisLabel)).toMatchObject({ Yield: null, YieldError: "Can't compute Yield.", WritedownPct: 100 });
      expect(acisRun.LineMetrics.LossOnLine).toBeGreaterThan(0.5);
      expect(at(1, acisLabel)?.LossOnLine).toBeCloseTo(acisRun.LineMetrics.LossOnLine, 10);
      expect(at(1, acisLabel)?.RateOnLine).toBeCloseTo(acisRun.LineMetrics.RateOnLine, 10);
      expect(at(1, acisLabel)?.CollateralLossesPct).toBeCloseTo(acisRun.CollateralLossesPct, 10);
      const cirtRun = await line({ OrdinalNumber: 2, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 2_000_000, Margin: 0.2, UserCashflowLabel: cirtLabel });
      for (const k of ['RateOnLine', 'LossOnLine', 'ReturnOnLine'] as const) expect(at(2, cirtLabel)?.[k]).toBeCloseTo(cirtRun.LineMetrics[k], 10);
      expect(at(2, cirtLabel)?.Wal).toBeCloseTo(cirtRun.Characteristics.Wal, 10);
      expect(at(2, cirtLabel)?.YieldError).toBe(cirtRun.Yield.ErrorMessage);
      // …and not the projection with the entry's own (zero) speeds: the file's losses are in it.
      const plainCirt = await line({ OrdinalNumber: 2, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 2_000_000, Margin: 0.2 });
      expect(plainCirt.CollateralLossesPct).toBe(0);
      expect(at(2, cirtLabel)?.CollateralLossesPct).toBeGreaterThan(1);
      expect(at(3, acisLabel)?.CollateralLossesPct).toBeCloseTo(at(1, acisLabel)?.CollateralLossesPct ?? NaN, 10);
    });

    it('a cashflow column needs its label: same name and vendor without it, Global, or an unknown label are Missing scenario', async () => {
      const byName = await grid({ ScenarioNames: ['ACIS 2020-DNA3 / 202006 / Stress', 'Stress'], ScenarioVendors: ['Acme', 'Acme'] });
      expect(byName.every((c) => c.Missing)).toBe(true);
      expect((await grid({ ...columns, UseGenericScenarios: true })).every((c) => c.Missing)).toBe(true);
      expect((await grid({ ScenarioNames: ['Nope'], ScenarioCashflowLabels: ['ACIS 2020-DNA3 / 202006 / Nope'] })).every((c) => c.Missing)).toBe(true);
      const tooLong = await post('/simulate/portfolio/grid', { PortfolioId: id, SettlementDate: SETTLE, ScenarioNames: ['x'], ScenarioCashflowLabels: ['x'.repeat(421)] });
      expect(tooLong.statusCode).toBe(400);
      // Another user's cashflow is not offered to them and does not run for them.
      const other = await t.request({ method: 'POST', url: '/api/portfolios/', token: await t.token('admin'), payload: { Name: 'Other grid', PortfolioType: 'Reinsurance', PortfolioEntries: [acisEntry] } });
      const otherCells = await t.request({ method: 'POST', url: '/api/simulate/portfolio/grid', token: await t.token('admin'), payload: { PortfolioId: other.json().Id, SettlementDate: SETTLE, ...columns } });
      expect(otherCells.body.trim().split('\n').map((l) => JSON.parse(l) as GridEvent).at(-1)).toMatchObject({ type: 'done', total: 0 });
    });

    it('the CSV export of a grid with a cashflow column names it and marks the other deal Missing scenario', async () => {
      const res = await post('/simulate/portfolio/save', { PortfolioId: id, SettlementDate: SETTLE, ...columns, Options: 2 });
      expect(res.statusCode, res.body).toBe(200);
      const lines = res.body.trim().split('\r\n');
      expect(lines).toHaveLength(7);
      expect(lines.find((l) => l.startsWith('2,CIRT 2023-9,M,2000000,ACIS 2020-DNA3 / 202006 / Stress,Acme,'))).toMatch(/,Missing scenario$/);
      const run = lines.find((l) => l.startsWith('1,ACIS 2020-DNA3,M-2A,1000000,ACIS 2020-DNA3 / 202006 / Stress,Acme,'));
      // Rate On Line, Loss On Line…; the yield is the silent failure's blank and the status names it.
      expect(run?.split(',')[7]).toMatch(/^0\.02\d+$/);
      expect(run).toMatch(/,Can't compute Yield\.$/);
    });
  });

  it('a stored portfolio entry keeps the label of one of the owner\'s cashflows of its deal', async () => {
    const entry = { OrdinalNumber: 1, DealName: 'CIRT 2023-9', BondName: 'M', OwnedFaceAmt: 1_000_000, Margin: 20, Cpr: [0], Cdr: [0], LossSeverity: [0], Delinquency: [0], Libor: [0] };
    const label = 'CIRT 2023-9 / 202309 / Stress';
    const ok = await post('/portfolios/', { Name: 'Prerun', PortfolioType: 'Reinsurance', PortfolioEntries: [{ ...entry, UserCashflowLabel: label }] });
    expect(ok.statusCode, ok.body).toBe(200);
    const got = await t.request({ method: 'GET', url: '/api/portfolios/Prerun', token });
    expect(got.json().PortfolioEntries[0].UserCashflowLabel).toBe(label);
    // Another deal's cashflow, or another user's, is not the entry's.
    const wrong = await post('/portfolios/', { Name: 'Wrong', PortfolioType: 'Reinsurance', PortfolioEntries: [{ ...entry, UserCashflowLabel: 'ACIS 2020-DNA3 / 202006 / Stress / Acme' }] });
    expect(wrong.json()).toEqual({ Message: 'Line 1: The "ACIS 2020-DNA3 / 202006 / Stress / Acme" cashflow was not found.' });
    const other = await t.request({ method: 'POST', url: '/api/portfolios/', token: await t.token('admin'), payload: { Name: 'Other', PortfolioType: 'Reinsurance', PortfolioEntries: [{ ...entry, UserCashflowLabel: label }] } });
    expect(other.statusCode).toBe(400);
  });
});
