import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { CANT_COMPUTE_YIELD } from '../analytics/index.ts';
import { simulate } from '../simulate/simulate.ts';
import type { BondCashflowResult, SimulationRequest } from '../simulate/simulation-types.ts';
import { priceBond, quoteBond, spreadBond, yieldBond } from './bond-quote.ts';
import { PRICE_INPUTS_REQUIRED, SPREAD_INPUTS_REQUIRED, YIELD_INPUTS_REQUIRED } from './bond-run.ts';

const spec = dna1Json as DealSpec;
const SOFR = spec.index.valueAtIssuePct / 100;
const m1Tranche = spec.tranches.find((t) => t.name === 'M-1');
if (!m1Tranche || m1Tranche.marginPct === null) throw new Error('DNA1 M-1 missing');
const MARGIN = m1Tranche.marginPct / 100;
const CLOSING = spec.dates.closingDate;

/** PPM-style run: 10 % CPR, no defaults, SOFR flat at issue, settle at closing. */
const request: SimulationRequest = {
  DealName: spec.dealName, BondName: 'M-1', Cpr: 0.1, Cdr: 0, LossSeverity: 0.25, Delinquency: 0,
  Libor: SOFR, CleanupCall: true, Cancellation: true,
};
const response = simulate(spec, request, null, null);
const m1 = response.BondsCashflows.find((b) => b.BondName === 'M-1') as BondCashflowResult;
const terms = { settlement: CLOSING, accrualStart: CLOSING, margin: MARGIN, index: SOFR };

describe('quoteBond on STACR 2026-DNA1 M-1 at 10 % CPR (integration)', () => {
  it('priced at DM = margin gives par (flat SOFR, no losses)', () => {
    expect(m1.BondCashflow.length).toBeGreaterThan(0);
    const r = priceBond(m1, { DiscountMargin: MARGIN }, terms);
    expect(r.IsSuccessful).toBe(true);
    // Coupon = SOFR + margin each period and discounting at SOFR + DM with DM = margin telescopes to par.
    expect(r.Price as number).toBeCloseTo(100, 6);
    expect(r.DiscountMargin).toBe(MARGIN);
    expect(r.Wal).toBe(m1.Wal);
    expect(r.PrincipalWindow).toBe(m1.PrincipalWindow);
    expect(r.WritedownPct).toBe(0);
  });

  it('at par the solved DM is the margin and the yield is about the coupon', () => {
    const r = yieldBond(m1, { Price: 100 }, terms);
    expect(r.IsSuccessful).toBe(true);
    expect(r.DiscountMargin as number).toBeCloseTo(MARGIN, 8);
    // Monthly-pay coupon SOFR + margin quoted bond-equivalent sits within a few bp of the coupon.
    expect(Math.abs((r.Yield as number) - (SOFR + MARGIN))).toBeLessThan(0.002);
  });

  it('a discount price raises the DM; price from that DM returns the price (round trip)', () => {
    fc.assert(fc.property(fc.double({ min: 90, max: 105, noNaN: true }), (p) => {
      const dm = yieldBond(m1, { Price: p }, terms).DiscountMargin as number;
      if (p < 100) expect(dm).toBeGreaterThan(MARGIN);
      const back = priceBond(m1, { DiscountMargin: dm }, terms);
      expect(back.Price as number).toBeCloseTo(p, 7);
    }), { numRuns: 25 });
  });

  it('spread = yield − benchmark and price from the spread inverts it', () => {
    const s = spreadBond(m1, { Price: 99, ReferenceCurve: 0.04 }, terms);
    expect(s.IsSuccessful).toBe(true);
    expect(s.Spread as number).toBeCloseTo((s.Yield as number) - 0.04, 12);
    const p = priceBond(m1, { Spread: s.Spread, ReferenceCurve: 0.04 }, terms);
    expect(p.Price as number).toBeCloseTo(99, 8);
  });

  it('price from yield and yield from that price round-trip', () => {
    fc.assert(fc.property(fc.double({ min: 0.0, max: 0.2, noNaN: true }), (y) => {
      const p = priceBond(m1, { Yield: y }, terms);
      expect(p.IsSuccessful).toBe(true);
      expect(yieldBond(m1, { Price: p.Price }, terms).Yield as number).toBeCloseTo(y, 8);
    }), { numRuns: 25 });
  });
});

describe('quoteBond failures (spec 001 §5.1 inputs, §9 silent messages)', () => {
  it('missing inputs give the spec messages', () => {
    expect(priceBond(m1, {}, terms)).toMatchObject({ IsSuccessful: false, ErrorMessage: PRICE_INPUTS_REQUIRED, Price: null });
    expect(yieldBond(m1, {}, terms)).toMatchObject({ IsSuccessful: false, ErrorMessage: YIELD_INPUTS_REQUIRED });
    expect(spreadBond(m1, { Price: 100 }, terms)).toMatchObject({ IsSuccessful: false, ErrorMessage: SPREAD_INPUTS_REQUIRED });
    // DM without a floater's margin cannot fix a price.
    expect(priceBond(m1, { DiscountMargin: 0.01 }, { settlement: CLOSING, accrualStart: CLOSING })).toMatchObject({ ErrorMessage: PRICE_INPUTS_REQUIRED });
  });

  it("a bond with no cash after settlement: Can't compute Yield., other fields kept", () => {
    const empty: BondCashflowResult = { ...m1, BondCashflow: [] };
    const r = yieldBond(empty, { Price: 100 }, { settlement: CLOSING, accrualStart: CLOSING });
    expect(r).toMatchObject({ IsSuccessful: false, ErrorMessage: CANT_COMPUTE_YIELD, Yield: null, Price: 100, Wal: m1.Wal });
  });

  it('a non-floater quote leaves DiscountMargin null', () => {
    const r = quoteBond(m1, { Price: 100 }, { settlement: CLOSING, accrualStart: CLOSING });
    expect(r.IsSuccessful).toBe(true);
    expect(r.DiscountMargin).toBeNull();
    expect(r.Spread).toBeNull();
  });
});
