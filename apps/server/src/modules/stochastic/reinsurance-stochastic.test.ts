import { StochasticResponse, type AcisResponse, type CirtResponse } from '@opencrt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A falling home-price mean (−20 % a year) so the layers lose on some paths.
const model = { PrepaymentModel: 'LDM_3', Seed: 11, Hpi: [0, -0.2] };
const acis = { DealName: 'ACIS 2020-DNA3', BondName: 'M-2A', SettlementDate: 20200624, OwnedFaceAmt: 1_000_000, Margin: 0.2, InterestRate: 0.01, ...model };
const cirt = { DealName: 'CIRT 2023-9', SettlementDate: 20230901, OwnedFaceAmt: '1,000,000', Margin: 0.2, InterestRate: 0, ...model };
type Sample = StochasticResponse['SamplePaths'][number];
const vectorsOf = ({ Path: _p, ClassLossPct: _l, CumulativeLossPct: _c, ...vectors }: Sample) => vectors;

describe('POST /simulate/stochastic on ACIS and CIRT deals (issue 35 #2)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });
  const post = async (payload: object, url = '/api/simulate/stochastic') => t.request({ method: 'POST', url, token: await t.token('analyst'), payload });

  it.each([['ACIS', acis, 'M-2A'], ['CIRT', cirt, 'M']])('%s: the layer\'s loss distribution and line metrics, each path replayed alone giving its layer loss', async (kind, request, layer) => {
    const res = await post({ ...request, Paths: 3, ReturnPaths: true });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = StochasticResponse.parse(res.json());
    expect(body.Classes.map((c) => c.BondName)).toEqual([layer]);
    const c = body.Classes[0]!;
    expect(c.Histogram.reduce((s, b) => s + b.Paths, 0)).toBe(3);
    expect(c.LossPctP95).toBeLessThanOrEqual(c.ExpectedShortfallP99Pct + 1e-9);
    expect(c.MarginOverExpectedLossPct).toBeCloseTo((c.RateOnLinePct as number) - (c.ExpectedLossOnLinePct as number), 5);
    expect(body.Collateral.Fan.every((r) => r.P5 <= r.P50 && r.P50 <= r.P95)).toBe(true);
    expect(body.SamplePaths).toHaveLength(3);
    // Each path run alone through the single ACIS or CIRT run with its vectors gives the same layer loss.
    const { Seed: _s, Hpi: _h, ...single } = request;
    let lossOnLine = 0;
    let rateOnLine = 0;
    for (const sample of body.SamplePaths) {
      const replay = await post({ ...single, ...vectorsOf(sample) }, `/api/simulate/${kind.toLowerCase()}`);
      expect(replay.statusCode, replay.body.slice(0, 300)).toBe(200);
      const answer = replay.json() as AcisResponse | CirtResponse;
      const writedownPct = 'WritedownPct' in answer ? answer.WritedownPct : (100 * answer.InsurerPaidLosses) / 1_000_000;
      expect(sample.ClassLossPct[layer]).toBe(writedownPct);
      lossOnLine += (answer.LineMetrics.LossOnLine ?? 0) * 100;
      rateOnLine += (answer.LineMetrics.RateOnLine ?? 0) * 100;
    }
    expect(c.ExpectedLossOnLinePct).toBeCloseTo(lossOnLine / 3, 5);
    expect(c.RateOnLinePct).toBeCloseTo(rateOnLine / 3, 5);
    expect(c.ExpectedLossPct).toBeCloseTo(body.SamplePaths.reduce((s, p) => s + (p.ClassLossPct[layer] as number), 0) / 3, 5);
    if (kind === 'ACIS') expect(c.ExpectedLossPct, 'the falling home prices reach the layer').toBeGreaterThan(0);
  });

  it('refuses an ACIS run without its layer, and a prerun cashflow, naming the field', async () => {
    const noLayer = await post({ ...acis, BondName: undefined, Paths: 2 });
    expect(noLayer.statusCode).toBe(400);
    expect(noLayer.json().Message).toContain('BondName is required for an ACIS deal');
    const limit = await post({ ...cirt, OwnedFaceAmt: '', Paths: 2 });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().Message).toContain('Initial Limit');
    const streamed = await post({ ...acis, BondName: 'NOPE', Paths: 2 }, '/api/simulate/stochastic?progress=true');
    expect(streamed.statusCode).toBe(404);
  });
});
