import { describe, expect, it } from 'vitest';
import { runCirtPolicy, type CirtPolicyTerms, type CirtPoolMonth } from './cirt-policy.ts';

const terms = (over: Partial<CirtPolicyTerms> = {}): CirtPolicyTerms => ({
  originalPoolBalance: 1000, retention: 10, limit: 30, limitPct: 0.03,
  premium: { basis: 'upb', monthlyRate: 0.001 },
  stepdowns: [{ fromMonth: 3, toMonth: null, balanceMultiplier: 1, delinquentMultiplier: 2 }],
  cleanUpFraction: 0.1, cancellationMonth: null, termMonths: 12, ...over,
});
const month = (upbEnd: number, loss: number, nonPerforming: number): CirtPoolMonth => ({
  paymentDate: '2025-01-25', upbEnd, loss, nonPerforming, cpr: 0, cdr: 0, severity: 0, delinquency: 0, historical: false,
});
const start = { cumulativeLoss: 0, cumulativePaid: 0, remainingLimit: 30, upb: 1000 };
const pool = [month(950, 6, 0), month(900, 8, 0), month(800, 0, 12.5), month(700, 40, 20), month(600, 0, 0)];

describe('runCirtPolicy', () => {
  it('lets the retention absorb losses first, steps down to the delinquency floor and exhausts the limit exactly', () => {
    const { months, end } = runCirtPolicy(terms(), pool, 1, start);
    // Month 1: cum loss 6 < retention 10 → nothing paid. Month 2: cum 14 → paid 14 − 10 = 4, limit 26.
    expect(months.map((m) => m.paidLoss)).toEqual([0, 4, 0, 25]);
    // Month 3: target 800 × 3 % × 1 = 24, floor 2 × 12.5 = 25 → limit min(26, max(24, 25)) = 25: reduction 1.
    expect(months[2]?.reduction).toBeCloseTo(1, 12);
    // Month 4: cum 54 → owed 44 − 4 = 40, capped at the remaining 25: the limit is exhausted, no further month.
    expect(months[3]?.limitPrev).toBe(25);
    expect(months[3]?.reduction).toBe(0);
    expect(months).toHaveLength(4);
    expect(end.remainingLimit).toBe(0);
    // Premium 0.1 % × pool UPB of the prior month: 1000, 950, 900, 800.
    expect(months.map((m) => m.premium)).toEqual([1, 0.95, 0.9, 0.8].map((x) => expect.closeTo(x, 12)));
  });

  it('charges the premium on the prior limit when the deal says so', () => {
    const { months } = runCirtPolicy(terms({ premium: { basis: 'limit', annualRate: 0.12 } }), pool, 1, start);
    // 1 % a month of the limit at the start of each month: 30, 30, 26, 25.
    expect(months.map((m) => m.premium)).toEqual([0.3, 0.3, 0.26, 0.25].map((x) => expect.closeTo(x, 12)));
  });

  it('never lets the stepdown raise the limit, and steps down to the balance target', () => {
    const { months } = runCirtPolicy(terms({ retention: 1000 }), [month(990, 0, 0), month(980, 0, 0), month(500, 0, 0), month(900, 0, 0)], 1, start);
    // Month 3: target 500 × 3 % = 15 → limit 15 (reduction 15); month 4: target 27 > 15 → stays 15.
    expect(months.map((m) => m.reduction)).toEqual([0, 0, 15, 15]);
    // Month 4 is the last pool month: coverage ends there and the 15 left are released.
    expect(months[3]?.limitPrev).toBe(15);
  });

  it('ends at the 10 % clean-up and at the cancellation month, releasing the rest of the limit', () => {
    const clean = runCirtPolicy(terms({ retention: 1000 }), [month(500, 0, 0), month(100, 0, 0), month(50, 0, 0)], 1, start).months;
    expect(clean).toHaveLength(2);
    expect(clean[1]?.reduction).toBe(30);
    const cancelled = runCirtPolicy(terms({ retention: 1000, cancellationMonth: 1 }), pool, 1, start).months;
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.reduction).toBe(30);
  });
});
