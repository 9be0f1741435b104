import { describe, expect, it } from 'vitest';
import { CANT_COMPUTE_YIELD, netPresentValueMonthly } from '../analytics/index.ts';
import type { CoverPeriod } from './insurance-types.ts';
import { reinsurerCashflow, reinsurerRoi, ROI_BELOW_FLOOR } from './reinsurer-cashflow.ts';

const period = (n: number, limitPrev: number, reduction: number, paidLoss: number, premium: number): CoverPeriod => ({
  period: n, paymentDate: `2025-0${n}-25`, limitPrev, reduction, paidLoss, premium,
  collateralBalance: 0, collateralLoss: 0, cpr: 0, cdr: 0, severity: 0, delinquency: 0, historical: false,
});
const start = { limit: 1000, date: '2024-12-25', poolBalance: 5000 };
// Limit 1000 → 900 (amortization 100) → 850 (paid loss 50) → 0 (coverage ends, 850 released).
const periods = [period(1, 1000, 100, 0, 10), period(2, 900, 0, 50, 9), period(3, 850, 850, 0, 8.5)];

describe('reinsurerCashflow', () => {
  it('keeps the collateral trust account at c × limit, earns interest on the prior balance and releases it all at the end', () => {
    const cf = reinsurerCashflow(start, periods, { collateralPct: 0.2, interestRate: 0.06 });
    const r = cf.rows;
    // Period 0: deposit 20% × 1000 = 200, net −200.
    expect(r[0]).toMatchObject({ Period: 0, RemainingLiability: 1000, CollateralTrustAccount: 200, CollateralAccountChange: 200, NetInsuranceCashflow: -200 });
    // Period 1: CTA 0.2 × 900 = 180 (release 20); interest 200 × 0.06/12 = 1; net = 10 + 1 − 0 + 20 = 31.
    expect(r[1]?.CollateralTrustAccount).toBeCloseTo(180, 10);
    expect(r[1]?.CollateralAccountChange).toBeCloseTo(-20, 10);
    expect(r[1]?.CollateralAccountInterest).toBeCloseTo(1, 10);
    expect(r[1]?.NetInsuranceCashflow).toBeCloseTo(31, 10);
    // Period 2: CTA 170 (release 10); interest 180 × 0.005 = 0.9; net = 9 + 0.9 − 50 + 10 = −30.1.
    expect(r[2]?.RemainingLiability).toBeCloseTo(850, 10);
    expect(r[2]?.NetInsuranceCashflow).toBeCloseTo(-30.1, 10);
    // Period 3 (last): everything released: CTA 0, change −170; interest 0.85; net = 8.5 + 0.85 + 170 = 179.35.
    expect(r[3]?.CollateralTrustAccount).toBe(0);
    expect(r[3]?.CollateralAccountChange).toBeCloseTo(-170, 10);
    expect(r[3]?.NetInsuranceCashflow).toBeCloseTo(179.35, 10);
    // Totals: premium 27.5, paid 50, reductions 950, collateral changes 200 − 200 = 0, net −200 + 31 − 30.1 + 179.35 = −19.75.
    expect(cf.totals.InsurancePremium).toBeCloseTo(27.5, 10);
    expect(cf.totals.InsurerPaidLosses).toBe(50);
    expect(cf.totals.ReductionInLiability).toBe(950);
    expect(cf.totals.CollateralAccountChange).toBeCloseTo(0, 10);
    expect(cf.totals.NetInsuranceCashflow).toBeCloseTo(-19.75, 10);
    // The yield is the IRR of the net flows: NPV at m = Yield/12 is 0, and it is negative (net total < 0).
    expect(cf.yield.IsSuccessful).toBe(true);
    expect(netPresentValueMonthly(r.map((x) => x.NetInsuranceCashflow), (cf.yield.Value as number) / 12)).toBeCloseTo(0, 8);
    expect(cf.yield.Value as number).toBeLessThan(0);
  });

  it('measures line metrics on limit-years, WAL of the liability, windows and write-down %', () => {
    const cf = reinsurerCashflow(start, periods, { collateralPct: 0.2, interestRate: 0 });
    // LY = (1000 + 900 + 850) / 12 = 229.1666…; RoL = 27.5 / LY = 0.12; LoL = 50 / LY = 0.2181818…
    expect(cf.lineMetrics.RateOnLine).toBeCloseTo(0.12, 12);
    expect(cf.lineMetrics.LossOnLine).toBeCloseTo(50 / (2750 / 12), 12);
    expect(cf.lineMetrics.ReturnOnLine).toBeCloseTo(0.12 - 600 / 2750, 12);
    // Run-off 100, 50, 850 at months 1, 2, 3: WAL = (100 + 100 + 2550) / 12 / 1000 = 0.2291666…
    expect(cf.wal).toBeCloseTo(2750 / 12000, 12);
    expect(cf.reductionWindow).toBe('1-3');
    expect(cf.lossWindow).toBe('2-2');
    expect(cf.firstLossPeriod).toBe(2);
    expect(cf.writedownPct).toBeCloseTo(5, 12);
  });

  it('gives the premium rate as ROI when the limit is fully collateralised, earns nothing else and has no loss', () => {
    // Limit 1200 fully collateralised, premium 12/month (12 % p.a.): net = −1200, 12, 1212 → m = 1 %, ROI = 12 × 1 % = 12 %.
    const flat = [period(1, 1200, 0, 0, 12), period(2, 1200, 1200, 0, 12)];
    const cf = reinsurerCashflow({ limit: 1200, date: '2024-12-25', poolBalance: 0 }, flat, { collateralPct: 1, interestRate: 0 });
    expect(cf.rows.map((r) => r.NetInsuranceCashflow)).toEqual([-1200, 12, 1212]);
    expect(cf.yield.Value).toBeCloseTo(0.12, 10);
  });

  it('solves the ROI of a long cover too: 200 months of 1 % premium on a fully collateralised 1200 is 12 %', () => {
    // Net = −1200, then 12 for 199 months, then 12 + 1200: a par bond at 1 % a month, so m = 1 % and ROI = 12 × 1 % = 12 %.
    // (The former private bisection started at −99 %/month, where 1/0.01^k overflows after ~155 months, and gave up.)
    const long = Array.from({ length: 200 }, (_, k) => period(k + 1, 1200, k === 199 ? 1200 : 0, 0, 12));
    const cf = reinsurerCashflow({ limit: 1200, date: '2024-12-25', poolBalance: 0 }, long, { collateralPct: 1, interestRate: 0 });
    expect(cf.rows).toHaveLength(201);
    expect(cf.rows[200]?.NetInsuranceCashflow).toBe(1212);
    expect(cf.yield.Value).toBeCloseTo(0.12, 10);
  });

  it("says 'Can't compute Yield.' (silent) with zero collateral", () => {
    const cf = reinsurerCashflow(start, periods, { collateralPct: 0, interestRate: 0.05 });
    expect(cf.yield).toEqual({ IsSuccessful: false, Value: null, ErrorMessage: CANT_COMPUTE_YIELD });
    expect(cf.lineMetrics.RateOnLine).toBeCloseTo(0.12, 12);
  });
});

describe('reinsurerRoi: one answer for returns below -100 % a year (issue 18 #10)', () => {
  it('reports 12 × the monthly IRR from -100 % up', () => {
    expect(reinsurerRoi([-100, 101]).Value).toBeCloseTo(0.12, 10);
    // −8 % a month: −96 % a year, just above the floor.
    const slow = reinsurerRoi([-100, ...Array(11).fill(0), 100 * 0.92 ** 12]);
    expect(slow.IsSuccessful).toBe(true);
    expect(slow.Value).toBeCloseTo(-0.96, 6);
  });

  it('answers ROI_BELOW_FLOOR both where the IRR is found (−1,080 %) and where the solver gives up (below −99 % a month)', () => {
    expect(reinsurerRoi([-100, 10])).toEqual({ IsSuccessful: false, Value: null, ErrorMessage: ROI_BELOW_FLOOR });
    expect(reinsurerRoi([-100, 0.5])).toEqual({ IsSuccessful: false, Value: null, ErrorMessage: ROI_BELOW_FLOOR });
    // Flows of one sign keep their own (silent) message.
    expect(reinsurerRoi([-100, -1]).ErrorMessage).toBe("Can't compute Yield.");
  });
});
