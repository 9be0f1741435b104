import { describe, expect, it } from 'vitest';
import type { CollateralScenario } from '../collateral/collateral-types.ts';
import { runCirt, type CirtRunInput } from './cirt-run.ts';
import { runCirtMatrix } from './reinsurance-matrix.ts';

// CIRT 2023-9 (crt-domain.md §6): pool $11.52bn, retention 1.65 %, limit 2.35 %, 0.0068 %/month of UPB.
const POOL = 11_520_000_000;
const LIMIT = 0.0235 * POOL; // 270,720,000
const scenario = (cpr: number, cdr: number): CollateralScenario => ({
  prepay: { kind: 'annual', values: cpr }, default: { kind: 'annual', values: cdr }, severity: 0.35, delinquency: 0,
  recoveryLagMonths: 0, servicerAdvancing: false, convention: 'sifma', fixedLossShare: null, roundToCent: false,
});
const input = (over: Partial<CirtRunInput> = {}): CirtRunInput => ({
  terms: {
    originalPoolBalance: POOL, retention: 0.0165 * POOL, limit: LIMIT, limitPct: 0.0235,
    premium: { basis: 'upb', monthlyRate: 0.000068 },
    stepdowns: [
      { fromMonth: 12, toMonth: 23, balanceMultiplier: 1.15, delinquentMultiplier: 6.5 },
      { fromMonth: 24, toMonth: 35, balanceMultiplier: 1, delinquentMultiplier: 4.25 },
      { fromMonth: 36, toMonth: 59, balanceMultiplier: 1, delinquentMultiplier: 3 },
      { fromMonth: 60, toMonth: null, balanceMultiplier: 1, delinquentMultiplier: 2 },
    ],
    cleanUpFraction: 0.1, cancellationMonth: null, termMonths: 149,
  },
  history: [],
  lines: [{ balance: POOL, grossRate: 0.0635, netRate: 0.0635, remainingTerm: 349, age: 10 }],
  scenario: scenario(0.1, 0),
  firstProjectedDate: '2023-10-25', paymentDay: 25, userLimit: 1_000_000,
  collateral: { collateralPct: 0.2, interestRate: 0 }, includeHistorical: false,
  ...over,
});

describe('runCirt (CIRT 2023-9)', () => {
  it('charges 0.0068 % of the prior pool balance, scaled by the user share, at zero defaults', () => {
    const run = runCirt(input());
    const share = 1_000_000 / LIMIT;
    expect(run.share).toBeCloseTo(share, 15);
    const rows = run.cashflow.rows;
    // Month 1: 0.000068 × 11,520,000,000 = 783,360 for the deal; × 1,000,000 / 270,720,000 = 2.8936170…
    expect(rows[1]?.InsurancePremium).toBeCloseTo(783_360 * share, 9);
    for (let t = 2; t < rows.length; t++) {
      expect(rows[t]?.InsurancePremium).toBeCloseTo(0.000068 * (rows[t - 1]?.CollateralBalance ?? 0) * share, 9);
    }
    expect(run.cashflow.totals.InsurerPaidLosses).toBe(0);
    expect(run.cashflow.yield.IsSuccessful).toBe(true);
    // At 10 % CPR the pool is still above the 10 % clean-up at the 149th (last) payment date before maturity: the term ends cover.
    expect(rows.at(-1)?.Period).toBe(149);
    const last = rows.at(-1);
    expect(last?.RemainingLiability).toBe(0);
    expect(run.policy).toMatchObject({ LiabilityLimit: LIMIT, RetentionLimit: 0.0165 * POOL, Ownership: 1_000_000, InitialCollateral: 200_000 });
    expect(run.policy.LiabilityLimitPct).toBeCloseTo(2.35, 12);
    // Initial premium 12 × 2.8936 = 34.72 a year on a 1,000,000 limit: 3.47 % on line (the deck's ≈ 3.5 %).
    expect(run.policy.InitialPremiumPct).toBeCloseTo(3.472, 3);
  });

  it('ends at the 10 % clean-up when the pool pays down fast', () => {
    const rows = runCirt(input({ scenario: scenario(0.35, 0) })).cashflow.rows;
    const last = rows.at(-1);
    // Cover ends in the first month the pool is at or below 10 % of $11.52bn, with the limit released.
    expect(last?.CollateralBalance).toBeLessThanOrEqual(0.1 * POOL);
    expect(rows.at(-2)?.CollateralBalance).toBeGreaterThan(0.1 * POOL);
    expect(last?.RemainingLiability).toBe(0);
    expect(last?.Period).toBeLessThan(149);
  });

  it('pays losses beyond the retention under heavy defaults, and the matrix grids match single runs', () => {
    const heavy = runCirt(input({ scenario: scenario(0.05, 0.05) }));
    expect(heavy.cashflow.totals.InsurerPaidLosses).toBeGreaterThan(0);
    expect(heavy.cashflow.firstLossPeriod).not.toBeNull();
    const m = runCirtMatrix(input(), { cprPct: [10, 5], cdrPct: [0, 5] });
    expect(m.Yield[0]?.[0]).toBeCloseTo(runCirt(input()).cashflow.yield.Value as number, 12);
    expect(m.LossOnLine[1]?.[1]).toBeCloseTo(heavy.cashflow.lineMetrics.LossOnLine as number, 12);
    expect(m.LossOnLine[0]?.[0]).toBe(0);
  });

  it('replays a prerun collateral cashflow instead of projecting the pool', () => {
    // A 24-month file on the whole pool: 2 % of the balance prepays and 0.5 % defaults (40 % severity) each month.
    const rows = { Balance: [POOL], Interest: [0], PassThru: [0], ScheduledPrincipal: [0], PrepaidPrincipal: [0], Defaults: [0], Losses: [0], Recoveries: [0], Delinquency: [0], Libor: [0] };
    for (let k = 1; k <= 24; k++) {
      const b = rows.Balance[k - 1] as number;
      const prepaid = 0.02 * b;
      const defaults = 0.005 * b;
      rows.PrepaidPrincipal.push(prepaid); rows.Defaults.push(defaults); rows.Losses.push(0.4 * defaults); rows.Recoveries.push(0.6 * defaults);
      rows.ScheduledPrincipal.push(0); rows.Interest.push(0); rows.PassThru.push(0); rows.Delinquency.push(0); rows.Libor.push(0);
      rows.Balance.push(b - prepaid - defaults);
    }
    const run = runCirt(input({ userCollateral: rows }));
    const cf = run.cashflow.rows;
    // The pool is the file's: balance k equals the file's balance k, and so the premium of month k is on the file's balance k - 1.
    for (const k of [1, 2, 12, 24]) expect(cf[k]?.CollateralBalance).toBeCloseTo(rows.Balance[k] as number, 4);
    expect(cf[3]?.InsurancePremium).toBeCloseTo(0.000068 * (rows.Balance[2] as number) * run.share, 9);
    // Its losses (40 % of 0.5 % a month) are not the 10 % CPR, 0 CDR projection's.
    const projected = runCirt(input()).cashflow.rows;
    expect(cf[5]?.CollateralLosses).toBeCloseTo(rows.Losses[5] as number, 4);
    expect(projected[5]?.CollateralLosses).toBe(0);
    // Past the file's last month the pool keeps its last balance and has no cash.
    expect(cf[30]?.CollateralBalance).toBeCloseTo(rows.Balance[24] as number, 4);
  });
});
