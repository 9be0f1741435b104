import { describe, expect, it } from 'vitest';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { CANT_COMPUTE_YIELD, TOO_NEGATIVE_YIELD } from '../analytics/index.ts';
import { PRICE_INPUTS_REQUIRED, SPREAD_INPUTS_REQUIRED, YIELD_INPUTS_REQUIRED } from '../pricing/bond-run.ts';
import { analyzeBond, priceYieldMetric } from './bond-analysis.ts';
import { runBondMatrix } from './bond-matrix.ts';
import type { SimulationRequest } from './simulation-types.ts';

const spec = dna1Json as DealSpec;
const req = (over: Partial<SimulationRequest> = {}): SimulationRequest => ({
  DealName: 'STACR 2026-DNA1', SettlementDate: 20260217, BondName: 'M-1', Cpr: 0.1, Cdr: 0, LossSeverity: 0.25, Delinquency: 0,
  Libor: 0.0365786, CleanupCall: true, Cancellation: true, ...over,
});

describe('bond price / yield / spread runs', () => {
  it('yield at par ≈ coupon (flat SOFR, no losses) and price at that yield returns par', () => {
    const y = analyzeBond(spec, req(), 'yield', { Price: 100 }, null);
    expect(y.IsSuccessful).toBe(true);
    // A par floater with a flat index yields about its coupon (4.65786 %), quoted bond-equivalent.
    expect(y.Value!).toBeGreaterThan(0.045);
    expect(y.Value!).toBeLessThan(0.049);
    const p = analyzeBond(spec, req(), 'price', { Yield: y.Value }, null);
    expect(p.Value!).toBeCloseTo(100, 6);
    expect(p.Simulation.BondsCashflows[0]!.BondName).toBe('M-1');
  });
  it('spread = yield − benchmark, and price from spread + benchmark inverts it', () => {
    const s = analyzeBond(spec, req(), 'spread', { Price: 99, ReferenceCurve: 0.04 }, null);
    const y = analyzeBond(spec, req(), 'yield', { Price: 99 }, null);
    expect(s.Value!).toBeCloseTo(y.Value! - 0.04, 10);
    const p = analyzeBond(spec, req(), 'price', { Spread: s.Value, ReferenceCurve: 0.04 }, null);
    expect(p.Value!).toBeCloseTo(99, 6);
  });
  it('returns the spec messages for missing inputs and the silent solver failures', () => {
    expect(analyzeBond(spec, req(), 'price', {}, null).ErrorMessage).toBe(PRICE_INPUTS_REQUIRED);
    expect(analyzeBond(spec, req(), 'yield', {}, null).ErrorMessage).toBe(YIELD_INPUTS_REQUIRED);
    expect(analyzeBond(spec, req(), 'spread', { Price: 100 }, null).ErrorMessage).toBe(SPREAD_INPUTS_REQUIRED);
    const wiped = analyzeBond(spec, req({ BondName: 'B-3H', Cdr: 0.05, Cancellation: false }), 'yield', { Price: 100 }, null);
    expect(wiped.IsSuccessful).toBe(false);
    expect([CANT_COMPUTE_YIELD, TOO_NEGATIVE_YIELD]).toContain(wiped.ErrorMessage);
  });
  it('feeds a yield grid to the bond matrix', () => {
    const m = runBondMatrix(spec, {
      prepay: { kind: 'annual', values: 0 }, default: { kind: 'annual', values: 0 }, severity: 0.25, delinquency: 0, indexRate: 0.0365786,
      lossSource: 'scenario', cleanUpCall: true, timeCall: true, collateralGroup: null,
    }, 'M-1', null, spec.dates.closingDate, { cprPct: [10, 20], cdrPct: [0, 5], metric: priceYieldMetric('yield', 100, spec.dates.closingDate, spec.dates.closingDate) });
    expect(m.Metric![0]![0]!).toBeGreaterThan(0.045);
    expect(m.Metric![1]![0]!).toBeLessThan(m.Metric![0]![0]!);
  });
});
