import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { projectLoans } from './project-loans.ts';
import { projectRepLines } from './project-rep-lines.ts';
import { aggregatesApply, projectFromAggregates, scheduleAggregatesOfLines, scheduleAggregatesOfLoans } from './schedule-aggregates.ts';
import type { CollateralLine, CollateralScenario } from './collateral-types.ts';

const lineArb = fc.record({
  balance: fc.double({ min: 1_000, max: 1e7, noNaN: true }),
  grossRate: fc.double({ min: 0, max: 0.1, noNaN: true }),
  remainingTerm: fc.integer({ min: 1, max: 360 }),
  age: fc.integer({ min: 0, max: 60 }),
}).map((l): CollateralLine => ({ ...l, netRate: l.grossRate * 0.9 }));

describe('schedule aggregates (one pass, any pool-level scenario)', () => {
  it('reproduce the loan-by-loan projection for both conventions', () => {
    fc.assert(fc.property(
      fc.array(lineArb, { minLength: 1, maxLength: 25 }),
      fc.array(fc.double({ min: 0, max: 0.5, noNaN: true }), { minLength: 1, maxLength: 12 }),
      fc.array(fc.double({ min: 0, max: 0.2, noNaN: true }), { minLength: 1, maxLength: 12 }),
      fc.constantFrom('sifma' as const, 'stacr-ppm' as const),
      fc.boolean(),
      (lines, cpr, cdr, convention, advancing) => {
        const sc: CollateralScenario = {
          prepay: { kind: 'annual', values: cpr }, default: { kind: 'annual', values: cdr }, severity: 0.3, delinquency: 0,
          recoveryLagMonths: 0, servicerAdvancing: advancing, convention, fixedLossShare: convention === 'stacr-ppm' ? 0.25 : null, roundToCent: false,
        };
        expect(aggregatesApply(sc)).toBe(true);
        const tape = {
          count: lines.length, balance: Float64Array.from(lines, (l) => l.balance), grossRate: Float64Array.from(lines, (l) => l.grossRate),
          netRate: Float64Array.from(lines, (l) => l.netRate), remainingTerm: Int32Array.from(lines, (l) => l.remainingTerm), age: Int32Array.from(lines, (l) => l.age),
        };
        const fast = projectFromAggregates(scheduleAggregatesOfLoans(tape, 360), sc);
        const slow = projectRepLines(lines, sc, 360);
        const total = lines.reduce((s, l) => s + l.balance, 0);
        for (const key of ['beginBalance', 'balance', 'scheduled', 'prepaid', 'defaults', 'losses', 'recoveries', 'interest', 'passThru'] as const) {
          slow[key].forEach((x, i) => expect(Math.abs((fast[key][i] as number) - x), `${key}[${i}]`).toBeLessThan(1e-7 * total));
        }
      }), { numRuns: 40 });
  });
  it('agree at a coupon of about 1e-9 (q^n − 1 cancels there: fast-check found 2e-4 on $2,000)', () => {
    const lines: CollateralLine[] = [
      { balance: 1000, grossRate: 1.200709345950912e-9, remainingTerm: 2, age: 0, netRate: 1.0806384113558208e-9 },
      { balance: 1000, grossRate: 0, remainingTerm: 307, age: 0, netRate: 0 },
    ];
    const sc: CollateralScenario = { prepay: { kind: 'annual', values: [0] }, default: { kind: 'annual', values: [0] }, severity: 0.3, delinquency: 0, recoveryLagMonths: 0, servicerAdvancing: false, convention: 'stacr-ppm', fixedLossShare: 0.25, roundToCent: false };
    const fast = projectFromAggregates(scheduleAggregatesOfLines(lines, 360), sc);
    const slow = projectRepLines(lines, sc, 360);
    slow.scheduled.forEach((x, i) => expect(Math.abs((fast.scheduled[i] as number) - x), `scheduled[${i}]`).toBeLessThan(1e-9));
    expect(slow.scheduled[0]).toBeCloseTo(500 + 1000 / 307, 6);
  });

  it('matches projectLoans on a larger tape', () => {
    const lines: CollateralLine[] = Array.from({ length: 500 }, (_, i) => ({ balance: 100_000 + i * 37, grossRate: 0.03 + (i % 50) * 0.001, netRate: 0.028, remainingTerm: 120 + (i % 240), age: i % 30 }));
    const sc: CollateralScenario = { prepay: { kind: 'annual', values: 0.12 }, default: { kind: 'annual', values: 0.02 }, severity: 0.4, delinquency: 0, recoveryLagMonths: 0, servicerAdvancing: false, convention: 'sifma', fixedLossShare: null, roundToCent: false };
    const tape = { count: 500, balance: Float64Array.from(lines, (l) => l.balance), grossRate: Float64Array.from(lines, (l) => l.grossRate), netRate: Float64Array.from(lines, (l) => l.netRate), remainingTerm: Int32Array.from(lines, (l) => l.remainingTerm), age: Int32Array.from(lines, (l) => l.age) };
    const fast = projectFromAggregates(scheduleAggregatesOfLines(lines, 360), sc);
    const slow = projectLoans(tape, sc, 360);
    slow.balance.forEach((x, i) => expect(Math.abs((fast.balance[i] as number) - x)).toBeLessThan(1e-3));
  });
  it('refuses scenarios it cannot reproduce', () => {
    const sc: CollateralScenario = { prepay: { kind: 'standard', pct: 100 }, default: { kind: 'annual', values: 0 }, severity: 0, delinquency: 0, recoveryLagMonths: 0, servicerAdvancing: false, convention: 'sifma', fixedLossShare: null, roundToCent: false };
    expect(aggregatesApply(sc)).toBe(false);
    expect(aggregatesApply({ ...sc, prepay: { kind: 'annual', values: 0.1 }, recoveryLagMonths: 6 })).toBe(false);
    expect(() => projectFromAggregates(scheduleAggregatesOfLines([], 12), sc)).toThrow(RangeError);
  });
});
