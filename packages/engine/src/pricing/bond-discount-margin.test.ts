import { describe, expect, it } from 'vitest';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import fordoJson from '../../../../data/deals/structures/fordo-2024-a.json' with { type: 'json' };
import { discountMarginFromPrice } from '../analytics/index.ts';
import type { DealSpec } from '../deal/deal-spec.ts';
import { bondRows } from '../simulate/bond-cashflows.ts';
import { runBondMatrix } from '../simulate/bond-matrix.ts';
import type { DealScenario } from '../simulate/run-deal.ts';
import { runRequest } from '../simulate/simulate.ts';
import type { SimulationRequest } from '../simulate/simulation-types.ts';
import { bondDiscountMargin, floatingCouponOf } from './bond-discount-margin.ts';

const dna1 = dna1Json as DealSpec;
const fordo = fordoJson as unknown as DealSpec;
const CLOSING = dna1.dates.closingDate;

describe('discountMarginFromPrice by hand (one 30-day period, face 100)', () => {
  const oneMonth = [{ date: '2026-03-17', principal: 100 }];
  const terms = { settlement: '2026-02-15', accrualStart: '2026-02-15', face: 100, margin: 0.02, index: 0.04 };
  it('at par DM = margin; with a 1.00 write-down at par DM = (99.5 / 100 − 1) × 12 − 4 % = −10 %', () => {
    expect(discountMarginFromPrice(oneMonth, terms, 100).Value).toBeCloseTo(0.02, 10);
    // Cash = 99 principal + 100 × 6 % × 30/360 = 99.5 paid for 100: (1 + (4 % + DM)/12) = 0.995.
    const loss = discountMarginFromPrice([{ date: '2026-03-17', principal: 99, writeDown: 1 }], terms, 100);
    expect(loss.Value).toBeCloseTo(-0.1, 10);
  });
  it('a coupon floor above index + margin is paid, and priced: index −3 %, margin 1 %, floor 0.5 % → DM at par 3.5 %', () => {
    // Coupon max(0.5 %, −2 %) = 0.5 %; at par 1 + 0.5 %/12 = 1 + (−3 % + DM)/12, so DM = 3.5 %.
    const floored = discountMarginFromPrice(oneMonth, { ...terms, index: -0.03, margin: 0.01, floor: 0.005 }, 100);
    expect(floored.Value).toBeCloseTo(0.035, 10);
    // Without the floor the coupon is max(0, −2 %) = 0: DM 3 %.
    expect(discountMarginFromPrice(oneMonth, { ...terms, index: -0.03, margin: 0.01 }, 100).Value).toBeCloseTo(0.03, 10);
  });
});

describe('floatingCouponOf', () => {
  it('names the margin of floating notes and MACR classes, and nothing for retained, fixed or interest-only classes', () => {
    expect(floatingCouponOf(dna1, 'M-1')).toEqual({ marginPct: 1, floorPct: 0 });
    expect(floatingCouponOf(dna1, 'M-2')).toEqual({ marginPct: 1.3, floorPct: 0 });
    expect(floatingCouponOf(dna1, 'A-H')).toBeNull();
    expect(floatingCouponOf(dna1, 'B-1H')).toBeNull();
    expect(floatingCouponOf(dna1, 'M-2I')).toBeNull();
    expect(floatingCouponOf(dna1, 'M-2RB')).toBeNull();
    expect(floatingCouponOf(fordo, 'A-2B')).toEqual({ marginPct: 0.5, floorPct: 0 });
    expect(floatingCouponOf(fordo, 'A-2A')).toBeNull();
    expect(floatingCouponOf(dna1, 'NOPE')).toBeNull();
  });
});

describe('bondDiscountMargin on STACR 2026-DNA1 (settled at closing, the accrual start)', () => {
  const request = (Libor: SimulationRequest['Libor'], Cdr = 0): SimulationRequest => ({
    DealName: dna1.dealName, BondName: 'M-1', Cpr: 0.1, Cdr, LossSeverity: 0.25, Delinquency: 0, Libor, CleanupCall: true,
  });
  const dmOf = (bondName: string, req: SimulationRequest, price: number) => {
    const run = runRequest(dna1, req, null);
    const bond = bondRows(run, [], bondName)[0];
    if (!bond) throw new Error(`${bondName} missing`);
    return bondDiscountMargin(run, bond, CLOSING, CLOSING, price);
  };

  it('a floater at par with no losses has DM = its margin, for a flat and for a rising index path', () => {
    const flat = dmOf('M-1', request(0.0365786), 100);
    expect(flat?.margin).toBe(0.01);
    expect(flat?.result.IsSuccessful).toBe(true);
    // Coupon index + margin, discounted at index + DM: with DM = margin each period's factor
    // undoes its coupon, so par telescopes to the face whatever the index path.
    expect(Math.abs((flat?.result.Value ?? 0) - 0.01)).toBeLessThan(1e-10);
    const rising = dmOf('M-1', request([0, 0.03, 0.035, 0.04, 0.045, 0.05]), 100);
    expect(Math.abs((rising?.result.Value ?? 0) - 0.01)).toBeLessThan(1e-10);
    // A MACR class combining M-2A and M-2B: its own margin, 1.30 %.
    expect(Math.abs((dmOf('M-2', request(0.0365786), 100)?.result.Value ?? 0) - 0.013)).toBeLessThan(1e-10);
  });

  it('values the run\'s index path, period by period after settlement (away from par it matters)', () => {
    const path = [0.03, 0.035, 0.04, 0.045, 0.05];
    const run = runRequest(dna1, request([0, ...path]), null);
    const bond = bondRows(run, [], 'M-1')[0];
    if (!bond) throw new Error('M-1 missing');
    const dm = bondDiscountMargin(run, bond, CLOSING, CLOSING, 99)?.result.Value ?? Number.NaN;
    const periods = bond.rows.map((r) => ({ date: r.PaymentDate, principal: r.Principal, writeDown: r.ActualWriteDown }));
    const terms = { settlement: CLOSING, accrualStart: CLOSING, face: bond.startBalance, margin: 0.01 };
    // The last rate carries forward, as the run's index vector does.
    expect(dm).toBeCloseTo(discountMarginFromPrice(periods, { ...terms, index: path }, 99).Value ?? Number.NaN, 12);
    expect(Math.abs(dm - (discountMarginFromPrice(periods, { ...terms, index: 0.03 }, 99).Value ?? Number.NaN))).toBeGreaterThan(1e-6);
  });

  it('below par the DM is above the margin, above par below it', () => {
    const discount = dmOf('M-1', request(0.04), 99)?.result.Value ?? Number.NaN;
    const premium = dmOf('M-1', request(0.04), 101)?.result.Value ?? Number.NaN;
    expect(discount).toBeGreaterThan(0.01);
    expect(premium).toBeLessThan(0.01);
  });

  it('is null for a class that does not float', () => {
    expect(dmOf('A-H', request(0.04), 100)).toBeNull();
    expect(dmOf('M-2I', request(0.04), 100)).toBeNull();
  });

  it('fills a DM grid in the bond matrix: the margin in every loss-free cell at par', () => {
    const base: DealScenario = {
      prepay: { kind: 'annual', values: 0 }, default: { kind: 'annual', values: 0 }, severity: 0.25, delinquency: 0,
      indexRate: 0.0365786, lossSource: 'scenario', cleanUpCall: true, timeCall: true, collateralGroup: null,
    };
    const m = runBondMatrix(dna1, base, 'M-1', null, CLOSING, {
      cprPct: [0, 10, 30], cdrPct: [0],
      metric: () => 100,
      discountMargin: (bond, run, price) => bondDiscountMargin(run, bond, CLOSING, CLOSING, price)?.result.Value ?? Number.NaN,
    });
    expect(m.DiscountMargin).toHaveLength(1);
    for (const dm of m.DiscountMargin?.[0] ?? []) expect(Math.abs(dm - 0.01)).toBeLessThan(1e-8);
    expect(runBondMatrix(dna1, base, 'M-1', null, CLOSING, { cprPct: [10], cdrPct: [0] }).DiscountMargin).toBeNull();
  });
});
