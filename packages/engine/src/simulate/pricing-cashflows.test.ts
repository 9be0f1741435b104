import { describe, expect, it } from 'vitest';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { runDeal } from './run-deal.ts';
import { bondRows } from './bond-cashflows.ts';
import { pricingCashflows } from './pricing-cashflows.ts';

const spec = dna1Json as DealSpec;
const run = runDeal(spec, {
  prepay: { kind: 'annual', values: 0.1 }, default: { kind: 'annual', values: 0 }, severity: 0.25, delinquency: 0,
  indexRate: 0.0365786, lossSource: 'deal', cleanUpCall: true, timeCall: true, collateralGroup: null,
});
const m1 = bondRows(run, [], 'M-1')[0]!;

describe('pricing cash flows', () => {
  it('at closing: face = original, no accrued, first payment 38/30 months away (30/360)', () => {
    const p = pricingCashflows(m1, spec.dates.closingDate, spec.dates.closingDate);
    expect(p.face).toBe(275_900_000);
    expect(p.accrued).toBe(0);
    expect(p.months[0]).toBeCloseTo(38 / 30, 12);
    expect(p.days[0]).toBe(36);
    const principal = m1.rows.reduce((s, r) => s + r.Principal, 0);
    const interest = m1.rows.reduce((s, r) => s + r.Interest, 0);
    expect(p.cash.reduce((s, x) => s + x, 0)).toBeCloseTo(principal + interest, 4);
  });
  it('mid-period settlement: drops paid dates and accrues actual/360 since the last payment date', () => {
    const p = pricingCashflows(m1, '2026-04-10', spec.dates.closingDate);
    const r1 = m1.rows[0]!;
    expect(p.face).toBeCloseTo(r1.Balance, 6);
    expect(p.cash).toHaveLength(m1.rows.length - 1);
    expect(p.accrued).toBeCloseTo((r1.Balance * m1.rows[1]!.Rate * 16) / 360, 6);
    expect(p.months[0]).toBeCloseTo(15 / 30, 12);
  });
});
