import { describe, expect, it } from 'vitest';
import dna3Json from '../../../../data/deals/structures/stacr-2020-dna3.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { runDeal, type DealScenario } from '../simulate/run-deal.ts';
import { acisCover } from './acis-cover.ts';
import { runAcis } from './acis-run.ts';

const spec = dna3Json as DealSpec;
const scenario = (cpr: number, cdr: number): DealScenario => ({
  prepay: { kind: 'annual', values: cpr }, default: { kind: 'annual', values: cdr }, severity: 0.4, delinquency: 0, indexRate: 0.01,
  lossSource: 'scenario', cleanUpCall: true, timeCall: false, collateralGroup: null,
});
const idx = (run: ReturnType<typeof runDeal>, name: string) => run.waterfall.tranches.indexOf(name);

describe('acisCover (STACR 2020-DNA3)', () => {
  it('follows the tranche notional: limit = s × notional, premium = rate/12 × prior limit, all of the limit runs off', () => {
    const run = runDeal(spec, scenario(0.1, 0));
    const k = idx(run, 'M-1H');
    const start = run.waterfall.periods[0]?.prior[k] as number;
    const cover = acisCover(run, { stacrTranche: 'M-1H', annualPremiumRate: 0.01, initialLimit: 1_000_000, coverEndDate: null });
    const s = 1_000_000 / start;
    cover.forEach((p, i) => {
      const w = run.waterfall.periods[i];
      expect(p.limitPrev).toBeCloseTo(s * (w?.prior[k] ?? 0), 6);
      expect(p.premium).toBeCloseTo((0.01 / 12) * p.limitPrev, 9);
      expect(p.paidLoss).toBe(0);
    });
    const ranOff = cover.reduce((sum, p) => sum + p.reduction + p.paidLoss, 0);
    expect(ranOff).toBeCloseTo(1_000_000, 4);
    // With prepayments the tranche amortizes before the end (the cover does not wait for the last period).
    expect(cover.slice(0, -1).some((p) => p.reduction > 0)).toBe(true);
  });

  it('pays s × write-down of a first-loss-side tranche under defaults, and the limit still runs off exactly', () => {
    const run = runDeal(spec, scenario(0.05, 0.05));
    const k = idx(run, 'B-2H');
    const cover = acisCover(run, { stacrTranche: 'B-2H', annualPremiumRate: 0.1, initialLimit: 500_000, coverEndDate: null });
    const s = 500_000 / (run.waterfall.periods[0]?.prior[k] as number);
    const paid = cover.reduce((sum, p) => sum + p.paidLoss, 0);
    const writeDowns = run.waterfall.periods.slice(0, cover.length).reduce((sum, w) => sum + (w.writeDown[k] ?? 0), 0);
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeCloseTo(s * writeDowns, 4);
    expect(cover.reduce((sum, p) => sum + p.reduction + p.paidLoss, 0)).toBeCloseTo(500_000, 4);
  });

  it('ends at the cover end date (call or term) and releases the limit left then', () => {
    const run = runDeal(spec, scenario(0.1, 0));
    const end = run.paymentDates[11] as string;
    const cover = acisCover(run, { stacrTranche: 'M-1H', annualPremiumRate: 0.01, initialLimit: 1_000_000, coverEndDate: end });
    expect(cover).toHaveLength(12);
    const last = cover[11];
    expect(last?.reduction).toBeCloseTo((last?.limitPrev ?? 0) - (last?.paidLoss ?? 0), 9);
    const cf = runAcis(run, { stacrTranche: 'M-1H', annualPremiumRate: 0.01, initialLimit: 1_000_000, coverEndDate: end }, { collateralPct: 0.2, interestRate: 0 }, spec.dates.closingDate);
    expect(cf.rows).toHaveLength(13);
    expect(cf.rows.at(-1)?.RemainingLiability).toBe(0);
    // No losses, collateral only: ROI > rate on line (premium earned on 20 % collateral), RoL = 1 %.
    expect(cf.lineMetrics.RateOnLine).toBeCloseTo(0.01, 12);
    expect(cf.yield.Value as number).toBeGreaterThan(0.04);
  });

  it('refuses a tranche not in the deal', () => {
    const run = runDeal(spec, scenario(0.1, 0));
    expect(() => acisCover(run, { stacrTranche: 'Z-9', annualPremiumRate: 0.01, initialLimit: 1, coverEndDate: null })).toThrow(/not in/);
  });
});
