import { StochasticResponse } from '@opencrt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DNA1 = 'STACR 2026-DNA1';
const request = { DealName: DNA1, SettlementDate: 20260217, PrepaymentModel: 'LDM_3', Libor: [0, 0.0365786], Seed: 7 };
type Answer = StochasticResponse & { Message?: string };

describe('POST /simulate/stochastic (issue 35)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const post = async (payload: object, url = '/api/simulate/stochastic', user: 'analyst' | 'user' = 'analyst') =>
    t.request({ method: 'POST', url, token: await t.token(user), payload });

  it('answers the loss distribution of every class and of the collateral, in the contract\'s shape', async () => {
    const res = await post({ ...request, Paths: 16, ReturnPaths: true });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = StochasticResponse.parse(res.json());
    expect(body.Paths).toBe(16);
    expect(body.Seed).toBe(7);
    expect(body.Classes.length).toBeGreaterThan(3);
    for (const c of body.Classes) {
      expect(c.ExpectedLossPct).toBeGreaterThanOrEqual(0);
      expect(c.ExpectedLossPct).toBeLessThanOrEqual(100);
      expect(c.LossPctP95).toBeLessThanOrEqual(c.LossPctP99);
      expect(c.LossPctP99).toBeLessThanOrEqual(c.ExpectedShortfallP99Pct + 1e-9);
      expect(c.ProbabilityOfLossPct).toBeGreaterThanOrEqual(0);
      // Every path falls in one bin of the histogram.
      expect(c.Histogram.reduce((s, b) => s + b.Paths, 0)).toBe(16);
    }
    // Subordination: the most junior class loses at least as much on average as the most senior.
    const juniorFirst = [...body.Classes].sort((a, b) => b.ExpectedLossPct - a.ExpectedLossPct);
    expect(juniorFirst[0]!.ExpectedLossPct).toBeGreaterThan(0);
    const { Collateral } = body;
    expect(Collateral.CumulativeLossPct.P5).toBeLessThanOrEqual(Collateral.CumulativeLossPct.P95);
    expect(Collateral.Fan.length).toBeGreaterThan(12);
    expect(Collateral.Fan.every((r) => r.P5 <= r.P50 && r.P50 <= r.P95)).toBe(true);
    expect(Collateral.HpiFan[0]!.P50).toBeGreaterThan(95);
    // The home-price paths disperse: the fan widens with time.
    const spread = (r: { P5: number; P95: number }) => r.P95 - r.P5;
    expect(spread(Collateral.HpiFan[59]!)).toBeGreaterThan(spread(Collateral.HpiFan[5]!));
    expect(body.SamplePaths).toHaveLength(16);
  });

  it('a returned path run alone through POST /simulate gives exactly that path\'s class losses', async () => {
    const body = (await post({ ...request, Paths: 3, ReturnPaths: true })).json() as Answer;
    for (const sample of body.SamplePaths.slice(0, 2)) {
      const { Path: _p, ClassLossPct, CumulativeLossPct: _c, ...vectors } = sample;
      const single = await post({ DealName: DNA1, SettlementDate: 20260217, PrepaymentModel: 'LDM_3', Libor: [0, 0.0365786], ...vectors }, '/api/simulate');
      expect(single.statusCode).toBe(200);
      const bonds = (single.json() as { BondsCashflows: { BondName: string; WritedownPct: number }[] }).BondsCashflows;
      expect(Object.keys(ClassLossPct).sort()).toEqual(bonds.map((b) => b.BondName).sort());
      for (const b of bonds) expect(ClassLossPct[b.BondName], b.BondName).toBe(b.WritedownPct);
    }
  });

  it('the same request and Seed give the same answer bit for bit; another Seed another one', async () => {
    const a = (await post({ ...request, Paths: 12 })).body;
    const b = (await post({ ...request, Paths: 12 })).body;
    expect(b).toBe(a);
    const c = (await post({ ...request, Paths: 12, Seed: 8 })).body;
    expect(c).not.toBe(a);
  });

  it('path i is the same whether the run has 3 paths or 12 (batches do not change draws)', async () => {
    const few = (await post({ ...request, Paths: 3, ReturnPaths: true })).json() as Answer;
    const many = (await post({ ...request, Paths: 12, ReturnPaths: true })).json() as Answer;
    expect(many.SamplePaths.slice(0, 3)).toEqual(few.SamplePaths);
  });

  it('streams progress with ?progress=true, ending with the result', async () => {
    const res = await post({ ...request, Paths: 10 }, '/api/simulate/stochastic?progress=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l) as { type: string; done?: number; total?: number; result?: Answer });
    const progress = lines.filter((l) => l.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', done: 0, total: 10 });
    expect(progress.at(-1)).toEqual({ type: 'progress', done: 10, total: 10 });
    expect(lines.at(-1)?.type).toBe('done');
    expect(StochasticResponse.parse(lines.at(-1)?.result).Paths).toBe(10);
  });

  it('refuses what it cannot run, naming the field and range', async () => {
    const refused = async (payload: object, status = 400) => {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(status);
      return (res.json() as { Message: string }).Message;
    };
    expect(await refused({ ...request, Paths: 0 })).toContain('Paths must be a whole number from 1 to 10,000.');
    expect(await refused({ ...request, Paths: 10_001 })).toContain('Paths must be a whole number from 1 to 10,000.');
    expect(await refused({ ...request, Paths: 'ten' })).toContain('Paths');
    expect(await refused({ ...request, Paths: 5, Seed: -1 })).toContain('Seed must be a whole number from 0 to 2,147,483,647.');
    expect(await refused({ ...request, Paths: 5, PrepaymentModel: 'UserDefined' })).toContain('needs a credit model');
    expect(await refused({ ...request, Paths: 5, DealName: 'NO SUCH DEAL' }, 404)).toBeTruthy();
    // The LDM models need the LDM_User role, as on POST /simulate.
    const res = await post({ ...request, Paths: 5 }, '/api/simulate/stochastic', 'user');
    expect(res.statusCode).toBe(403);
  });
});
