import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortfolioListSchema, type PortfolioEntryOut } from '@opencrt/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PORTFOLIOS, portfoliosSeeder } from './portfolios.seed.ts';

/** The screen's run payload of a stored entry (percents → fractions; Bonds: Margin is the price). */
const runEntry = (type: string, e: PortfolioEntryOut) => ({
  OrdinalNumber: e.OrdinalNumber, DealName: e.DealName, BondName: e.BondName, OwnedFaceAmt: e.OwnedFaceAmt,
  ...(type === 'Reinsurance' ? { Margin: e.Margin / 100, InterestRate: 0 } : { Price: e.Margin }),
  Cpr: (e.Cpr[0] ?? 0) / 100, Cdr: (e.Cdr[0] ?? 0) / 100, LossSeverity: (e.LossSeverity[0] ?? 0) / 100, Delinquency: 0, Libor: 0,
  SettlementDateMonthsBackAdjustment: 2,
});

describe('demo portfolios seeded on first start', () => {
  let t: TestApp;
  const seed = () => portfoliosSeeder.run({ db: t.ctx.db, config: { ...t.ctx.config, seedDemoData: true }, now: new Date() });
  beforeAll(async () => {
    t = await createTestApp();
    // Test configurations leave demo content out: seed as a first start with demo data on does.
    expect(Object.keys(await list('analyst'))).not.toContain('Demo bonds');
    await seed();
  });
  afterAll(async () => { await t?.close(); });
  const list = async (user: 'analyst' | 'user') =>
    PortfolioListSchema.parse((await t.request({ method: 'GET', url: '/api/portfolios/', token: await t.token(user) })).json());

  it('gives the analyst a Reinsurance and a Bonds portfolio, once, and nobody else', async () => {
    const mine = await list('analyst');
    for (const demo of DEMO_PORTFOLIOS) {
      const p = mine[demo.Name ?? ''];
      expect(p, demo.Name ?? '').toBeDefined();
      expect(p?.PortfolioType).toBe(demo.PortfolioType);
      expect(p?.Owner).toBe('analyst');
      expect(p?.PortfolioEntries.map((e) => [e.DealName, e.BondName])).toEqual(demo.PortfolioEntries.map((e) => [e.DealName, e.BondName]));
    }
    expect(Object.keys(await list('user'))).not.toContain('Demo bonds');
    // A second start does nothing, even after the analyst deleted one of them.
    const bonds = mine['Demo bonds'];
    const del = await t.request({ method: 'DELETE', url: '/api/portfolios/bulk', token: await t.token('analyst'), payload: [bonds?.Id ?? 0] });
    expect(del.statusCode, del.body).toBe(200);
    await seed();
    const again = await list('analyst');
    expect(Object.keys(again).filter((k) => k.startsWith('Demo '))).toEqual(['Demo reinsurance']);
  });

  it('each demo portfolio runs without a line error (ACIS, CIRT and bond parts)', async () => {
    for (const demo of DEMO_PORTFOLIOS) {
      const res = await t.request({
        method: 'POST', url: '/api/simulate/portfolio', token: await t.token('analyst'),
        payload: { SettlementDate: 20261115, PortfolioType: demo.PortfolioType, Entries: demo.PortfolioEntries.map((e) => runEntry(demo.PortfolioType, { ...e, DealName: e.DealName ?? '', BondName: e.BondName ?? '', AnnualPremium: 0, Cpr: e.Cpr ?? [0], Cdr: e.Cdr ?? [0], LossSeverity: e.LossSeverity ?? [0], Delinquency: [0], Libor: [0], InterestRate: null, CancellationDate: null, CleanupCall: null, ScenarioId: null })) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      if (demo.PortfolioType === 'Reinsurance') {
        expect(body.AcisPortfolio.PortfolioEntries).toHaveLength(2);
        expect(body.CirtPortfolio.PortfolioEntries).toHaveLength(1);
      } else {
        expect(body.BondPortfolio.PortfolioEntries).toHaveLength(3);
        expect(body.BondPortfolio.PortfolioEntries.every((e: { Yield: { IsSuccessful: boolean } }) => e.Yield.IsSuccessful)).toBe(true);
        // Bond rows carry the collateral's rates (10 % and 8 % CPR lines: a blend in between).
        const cpr = body.BondPortfolio.PortfolioCashflow[0].CprRate;
        expect(cpr).toBeGreaterThan(0.05);
        expect(cpr).toBeLessThan(0.12);
      }
    }
  });
});
