import { describe, expect, it } from 'vitest';
import type { CollateralLine, CollateralScenario, SpeedInput } from '../collateral/collateral-types.ts';
import { projectLoans } from '../collateral/project-loans.ts';
import { projectRepLines } from '../collateral/project-rep-lines.ts';
import { aggregatesApply, projectFromAggregates, scheduleAggregatesOfLines } from '../collateral/schedule-aggregates.ts';
import { absSmmVector } from './abs-speed.ts';
import { smmToCpr } from './rate-conversions.ts';
import { tapeOf } from '../collateral/test-tape.ts';

// The `abs` SpeedInput in the projections (auto-loan ABS, SIFMA SF-5).
const scenario = (prepay: SpeedInput, convention: CollateralScenario['convention'] = 'sifma'): CollateralScenario => ({
  prepay, default: { kind: 'annual', values: 0 }, severity: 0, delinquency: 0, recoveryLagMonths: 0,
  servicerAdvancing: false, convention, fixedLossShare: null, roundToCent: false,
});

/** Scheduled balance factor after k payments of an N-month level-pay loan at monthly rate c. */
const sched = (c: number, n: number, k: number): number => (Math.pow(1 + c, n) - Math.pow(1 + c, k)) / (Math.pow(1 + c, n) - 1);

describe('ABS speed in the rep-line projection', () => {
  it('prepays ABS % of the original pool (times the scheduled factor) every month for new loans', () => {
    // Count convention: N equal new loans at 1.5 ABS; in month t, N(1 − 0.015(t − 1)) loans are
    // left, each at scheduled factor S(t − 1). The SIFMA order prepays SMM × (balance after the
    // scheduled payment) = SMM · N(1 − 0.015(t − 1)) · S(t)/N·B0 = 0.015 · B0 · S(t), since
    // SMM = 0.015 / (1 − 0.015(t − 1)). So prepaid dollars follow the schedule, not the balance.
    const b0 = 20_000_000;
    const c = 0.0699 / 12;
    const line: CollateralLine = { balance: b0, grossRate: 0.0699, netRate: 0.0649, remainingTerm: 60, age: 0 };
    const f = projectRepLines([line], scenario({ kind: 'abs', pct: 1.5 }), 60);
    for (const t of [1, 2, 3, 12, 36, 60]) {
      expect(f.prepaid[t - 1] as number, `month ${t}`).toBeCloseTo(0.015 * b0 * sched(c, 60, t), 4);
    }
    // Month 1: q = 1 + 0.0699/12 = 1.005825, q^60 = 1.416921; S(1) = (q^60 − q)/(q^60 − 1) = 0.9860285
    // → prepaid = 0.015 × 20,000,000 × 0.9860285 = 295,808.56.
    expect(f.prepaid[0] as number).toBeCloseTo(295_808.56, 1);
    // The reported CPR is the month's SMM annualized: 1 − (1 − 0.015)^12 = 16.587 %.
    expect(f.cpr[0] as number).toBeCloseTo(0.165868, 6);
  });

  it('ages a seasoned line from its age, like PSA: equals the monthly vector for that age', () => {
    // Aged 10: month 1 is the loan's month 11, SMM = 1.5 / (100 − 15) = 1.5 / 85.
    const line: CollateralLine = { balance: 1_000_000, grossRate: 0.08, netRate: 0.075, remainingTerm: 62, age: 10 };
    for (const convention of ['sifma', 'stacr-ppm'] as const) {
      const viaAbs = projectRepLines([line], scenario({ kind: 'abs', pct: 1.5 }, convention), 62);
      const viaVector = projectRepLines([line], scenario({ kind: 'monthly', values: Array.from(absSmmVector(1.5, 10, 62)) }, convention), 62);
      for (let i = 0; i < 62; i++) expect(viaAbs.prepaid[i] as number).toBeCloseTo(viaVector.prepaid[i] as number, 6);
      expect(viaAbs.cpr[0] as number).toBeCloseTo(smmToCpr(1.5 / 85), 9);
    }
  });

  it('pays the pool off when the speed exhausts the original count (SMM capped at 1)', () => {
    // 2 ABS on a 72-month loan: month 50 has 100 − 2 × 49 = 2 % of loans left, all prepay.
    const line: CollateralLine = { balance: 1_000_000, grossRate: 0.05, netRate: 0.05, remainingTerm: 72, age: 0 };
    const f = projectRepLines([line], scenario({ kind: 'abs', pct: 2 }), 72);
    expect(f.balance[48] as number).toBeGreaterThan(0);
    expect(f.balance[49] as number).toBeCloseTo(0, 6);
    expect(f.beginBalance[50] as number).toBeCloseTo(0, 6);
  });
});

describe('ABS speed in the loan-level projection', () => {
  const lines: CollateralLine[] = [
    { balance: 25_000, grossRate: 0.059, netRate: 0.059, remainingTerm: 72, age: 0 },
    { balance: 18_000, grossRate: 0.0825, netRate: 0.0825, remainingTerm: 48, age: 12 },
    { balance: 31_000.5, grossRate: 0.0399, netRate: 0.0399, remainingTerm: 60, age: 4 },
  ];
  it('applies each loan its own age and matches the sum of per-loan rep lines', () => {
    for (const convention of ['sifma', 'stacr-ppm'] as const) {
      const sc = scenario({ kind: 'abs', pct: 1.3 }, convention);
      const loans = projectLoans(tapeOf(lines), sc, 72);
      const reps = projectRepLines(lines, sc, 72);
      for (let i = 0; i < 72; i++) {
        expect(loans.prepaid[i] as number).toBeCloseTo(reps.prepaid[i] as number, 6);
        expect(loans.balance[i] as number).toBeCloseTo(reps.balance[i] as number, 6);
      }
    }
  });
  it('differs from a pool-level SMM vector taken at one age (the speed really is per loan)', () => {
    const sc = scenario({ kind: 'abs', pct: 1.3 });
    const byAge = projectLoans(tapeOf(lines), sc, 72);
    const oneAge = projectLoans(tapeOf(lines), scenario({ kind: 'monthly', values: Array.from(absSmmVector(1.3, 0, 72)) }), 72);
    expect(Math.abs((byAge.prepaid[0] as number) - (oneAge.prepaid[0] as number))).toBeGreaterThan(1);
  });
});

describe('ABS speed and schedule aggregates', () => {
  it('is age-based, so the aggregate shortcut declines it', () => {
    const sc = scenario({ kind: 'abs', pct: 1.5 });
    expect(aggregatesApply(sc)).toBe(false);
    const agg = scheduleAggregatesOfLines([{ balance: 1, grossRate: 0.05, netRate: 0.05, remainingTerm: 12, age: 0 }], 12);
    expect(() => projectFromAggregates(agg, sc)).toThrow(RangeError);
  });
});
