import { describe, expect, it } from 'vitest';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import fordoJson from '../../../../data/deals/structures/fordo-2024-a.json' with { type: 'json' };
import { priceFromYield, yieldFromPrice } from '../analytics/index.ts';
import type { DealSpec } from '../deal/deal-spec.ts';
import { bondRows } from '../simulate/bond-cashflows.ts';
import { pricingCashflows } from '../simulate/pricing-cashflows.ts';
import { runRequest } from '../simulate/simulate.ts';
import type { SimulationRequest } from '../simulate/simulation-types.ts';
import { bondAccrued, classDayCount } from './bond-accrued.ts';
import { bondDiscountMargin, bondPriceFromDiscountMargin } from './bond-discount-margin.ts';

const dna1 = dna1Json as DealSpec;
const fordo = fordoJson as unknown as DealSpec;

const rowsOf = (spec: DealSpec, bondName: string, extra: Partial<SimulationRequest> = {}) => {
  const run = runRequest(spec, { DealName: spec.dealName, BondName: bondName, Cpr: 0.1, Cdr: 0, LossSeverity: 0.25, Delinquency: 0, Libor: 0.04, CleanupCall: true, ...extra }, null);
  const bond = bondRows(run, [], bondName)[0];
  if (!bond) throw new Error(`${bondName} missing`);
  return { run, bond };
};

describe('classDayCount', () => {
  it('is act/360 for STACR notes and cash-flow floaters, 30/360 for fixed coupons', () => {
    expect(classDayCount(dna1, 'M-1')).toBe('act/360');
    expect(classDayCount(fordo, 'A-2B')).toBe('act/360');
    expect(classDayCount(fordo, 'A-2A')).toBe('30/360');
    expect(classDayCount(fordo, 'B')).toBe('30/360');
  });
});

describe('bondAccrued', () => {
  it('STACR M-1 settled 10 days after closing: face × coupon × 10/360 (act/360 from closing)', () => {
    const { bond } = rowsOf(dna1, 'M-1');
    const a = bondAccrued(bond, '2026-02-27', dna1.dates.closingDate, 'act/360');
    const rate = bond.rows[0]?.Rate ?? Number.NaN;
    expect(a?.accrualStart).toBe('2026-02-17');
    expect(a?.days).toBe(10);
    expect(a?.amount).toBeCloseTo((bond.startBalance * rate * 10) / 360, 6);
    expect(a?.per100).toBeCloseTo(rate * 10 / 360 * 100, 10);
  });

  it('a fixed class accrues 30/360 from the last payment date: 2024-02-15 → 2024-03-01 is 16 days, not the 15 actual', () => {
    const { bond } = rowsOf(fordo, 'A-2A');
    const a = bondAccrued(bond, '2024-03-01', fordo.dates.closingDate, '30/360');
    expect(a?.accrualStart).toBe('2024-02-15');
    expect(a?.days).toBe(16);
    const balance = bond.rows[0]?.Balance ?? Number.NaN;
    expect(a?.amount).toBeCloseTo((balance * 0.0532 * 16) / 360, 6);
    // The act/360 count of the same interval differs (the day count matters).
    expect(bondAccrued(bond, '2024-03-01', fordo.dates.closingDate, 'act/360')?.days).toBe(15);
  });

  it('settling on a payment date accrues nothing (the holder of record was paid that coupon)', () => {
    const { bond } = rowsOf(dna1, 'M-1');
    expect(bondAccrued(bond, dna1.dates.firstPaymentDate, dna1.dates.closingDate, 'act/360')?.amount).toBe(0);
  });

  it('is the accrued the yield solver adds: dirty price of priceFromYield = clean + per100', () => {
    const { bond } = rowsOf(fordo, 'A-2A');
    const flows = pricingCashflows(bond, '2024-03-01', fordo.dates.closingDate, '30/360');
    const p = priceFromYield(flows, 0.055);
    const a = bondAccrued(bond, '2024-03-01', fordo.dates.closingDate, '30/360');
    expect(p.IsSuccessful && a).toBeTruthy();
    if (!p.IsSuccessful || !a) return;
    expect(p.dirtyPrice).toBeCloseTo(p.Value + a.per100, 10);
    expect(yieldFromPrice(flows, p.Value).Value).toBeCloseTo(0.055, 10);
  });
});

describe('bondPriceFromDiscountMargin (issue 25 #2)', () => {
  const settle = '2026-03-10';
  it('DM 150 bp → price → DM 150.00 bp (to 1e-6 bp), and its accrued is the class accrued', () => {
    const { run, bond } = rowsOf(dna1, 'M-2', { Cdr: 0.01 });
    const priced = bondPriceFromDiscountMargin(run, bond, settle, dna1.dates.closingDate, 0.015);
    expect(priced?.result.IsSuccessful).toBe(true);
    if (!priced?.result.IsSuccessful) return;
    const back = bondDiscountMargin(run, bond, settle, dna1.dates.closingDate, priced.result.Value);
    expect(Math.abs(((back?.result.Value ?? Number.NaN) - 0.015) * 1e4)).toBeLessThan(1e-6);
    const a = bondAccrued(bond, settle, dna1.dates.closingDate, 'act/360');
    expect(priced.result.accrued).toBeCloseTo(a?.amount ?? Number.NaN, 6);
    expect(priced.result.dirtyPrice).toBeCloseTo(priced.result.Value + (a?.per100 ?? Number.NaN), 8);
  });

  it('a DM below the margin prices above par, above it below par; a class that does not float has no DM price', () => {
    const { run, bond } = rowsOf(dna1, 'M-1');
    const at = (dm: number) => bondPriceFromDiscountMargin(run, bond, dna1.dates.closingDate, dna1.dates.closingDate, dm)?.result.Value ?? Number.NaN;
    expect(at(0.01)).toBeCloseTo(100, 6);
    expect(at(0.005)).toBeGreaterThan(100);
    expect(at(0.02)).toBeLessThan(100);
    const retained = rowsOf(dna1, 'A-H');
    expect(bondPriceFromDiscountMargin(retained.run, retained.bond, settle, dna1.dates.closingDate, 0.015)).toBeNull();
  });
});
