import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANT_COMPUTE_YIELD, TOO_MANY_TRIES_YIELD, TOO_NEGATIVE_YIELD } from './analytics-result.ts';
import { irrMonthly, netPresentValueMonthly } from './irr.ts';

/** −100 now, then 12 level payments that amortise 100 at monthly rate m: A = 100·m/(1 − (1+m)^−12). */
function annuity(m: number): number[] {
  const payment = (100 * m) / (1 - (1 + m) ** -12);
  return [-100, ...Array.from({ length: 12 }, () => payment)];
}

describe('irrMonthly', () => {
  it('recovers 1 % a month from −100 and twelve payments of 8.88487887', () => {
    const flows = annuity(0.01);
    expect(flows[1]).toBeCloseTo(8.88487887, 8);
    const r = irrMonthly(flows);
    if (!r.IsSuccessful) throw new Error(r.ErrorMessage);
    expect(r.monthlyRate).toBeCloseTo(0.01, 12);
    expect(r.Value).toBeCloseTo(0.12, 11); // 12·m, labelled nominal
    expect(r.annualization).toBe('nominal');
    expect(r.effectiveAnnualRate).toBeCloseTo(1.01 ** 12 - 1, 11); // 0.126825...
    expect(irrMonthly(flows, { annualization: 'effective' }).Value).toBeCloseTo(0.12682503, 8);
  });

  it('handles a one-period loan by hand: −100 then 102 is 2 % a month', () => {
    expect(irrMonthly([-100, 102]).Value).toBeCloseTo(0.24, 12);
  });

  it('skips a month without cash: −100, 0, 121 is 10 % a month since 121 = 100 × 1.1²', () => {
    const r = irrMonthly([-100, 0, 121]);
    expect(r.IsSuccessful && r.monthlyRate).toBeCloseTo(0.1, 12);
    expect(r.Value).toBeCloseTo(1.2, 11); // 12 × 10 %
  });

  it("fails with \"Can't compute Yield.\" for one-signed, empty or rootless flows", () => {
    // Zero collateral margin: nothing put up, only premium received.
    expect(irrMonthly([0, 5, 5, 5]).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    expect(irrMonthly([-5, -5]).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    expect(irrMonthly([]).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    expect(irrMonthly([-100, Number.NaN]).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
    // 100 − 300x + 250x² (x = 1/(1+m)) has discriminant 90,000 − 100,000 < 0: no real IRR.
    expect(irrMonthly([100, -300, 250]).ErrorMessage).toBe(CANT_COMPUTE_YIELD);
  });

  it('fails with "Guess is too negative in Yield calculation." when the IRR is below −99 %/month', () => {
    // −100 then 0.5: 1 + m = 0.005, m = −0.995.
    expect(irrMonthly([-100, 0.5]).ErrorMessage).toBe(TOO_NEGATIVE_YIELD);
    expect(irrMonthly([-100, 102], { guess: -1 }).ErrorMessage).toBe(TOO_NEGATIVE_YIELD);
  });

  it('fails with "Too many tries in Yield calculation." when the budget is spent', () => {
    expect(irrMonthly(annuity(0.03), { maxTries: 2 }).ErrorMessage).toBe(TOO_MANY_TRIES_YIELD);
  });

  it('zeroes the NPV of any annuity it solves (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.05, max: 0.2, noNaN: true }), (m) => {
        fc.pre(Math.abs(m) > 1e-6);
        const flows = annuity(m);
        const r = irrMonthly(flows);
        if (!r.IsSuccessful) throw new Error(r.ErrorMessage);
        expect(r.monthlyRate).toBeCloseTo(m, 9);
        expect(Math.abs(netPresentValueMonthly(flows, r.monthlyRate))).toBeLessThan(1e-8);
      }),
    );
  });
});
