import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { projectRepLines } from './project-rep-lines.ts';
import { projectLoans } from './project-loans.ts';
import { scheduledBalanceFactor } from './amortization.ts';
import type { CollateralLine, CollateralScenario } from './collateral-types.ts';

const lineArb = fc.record({
  balance: fc.double({ min: 1_000, max: 5e8, noNaN: true }),
  grossRate: fc.double({ min: 0, max: 0.12, noNaN: true }),
  remainingTerm: fc.integer({ min: 1, max: 360 }),
  age: fc.integer({ min: 0, max: 120 }),
}).map((l): CollateralLine => ({ ...l, netRate: l.grossRate * 0.9 }));

const scenarioArb = fc.record({
  cpr: fc.array(fc.double({ min: 0, max: 0.6, noNaN: true }), { minLength: 1, maxLength: 24 }),
  cdr: fc.array(fc.double({ min: 0, max: 0.3, noNaN: true }), { minLength: 1, maxLength: 24 }),
  severity: fc.double({ min: 0, max: 1, noNaN: true }),
  lag: fc.integer({ min: 0, max: 18 }),
  advancing: fc.boolean(),
  convention: fc.constantFrom('sifma' as const, 'stacr-ppm' as const),
}).map((s): CollateralScenario => ({
  prepay: { kind: 'annual', values: s.cpr }, default: { kind: 'annual', values: s.cdr }, severity: s.severity, delinquency: 0,
  recoveryLagMonths: s.convention === 'sifma' ? s.lag : 0, servicerAdvancing: s.convention === 'sifma' && s.advancing,
  convention: s.convention, fixedLossShare: null, roundToCent: false,
}));

describe('collateral projection properties', () => {
  it('conserves the balance: start = Σ scheduled + prepaid + liquidated + end (performing + pipeline)', () => {
    fc.assert(fc.property(fc.array(lineArb, { minLength: 1, maxLength: 4 }), scenarioArb, (lines, sc) => {
      const months = 360;
      const f = projectRepLines(lines, sc, months);
      const start = lines.reduce((s, l) => s + l.balance, 0);
      let out = 0;
      for (let i = 0; i < months; i++) {
        out += (f.scheduled[i] as number) + (f.prepaid[i] as number) + (f.losses[i] as number) + (f.recoveries[i] as number);
        expect(f.balance[i]).toBeGreaterThanOrEqual(0);
        expect(f.foreclosure[i]).toBeGreaterThanOrEqual(-1e-6);
        expect(f.losses[i]).toBeGreaterThanOrEqual(0);
        // Row identity of the performing balance (no advancing: scheduled is the survivors' amortization).
        if (!sc.servicerAdvancing) {
          const end = (f.beginBalance[i] as number) - (f.scheduled[i] as number) - (f.prepaid[i] as number) - (f.defaults[i] as number);
          expect(Math.abs(end - (f.balance[i] as number))).toBeLessThan(1e-6 * start + 1e-6);
        }
      }
      const end = (f.balance[months - 1] as number) + (f.foreclosure[months - 1] as number);
      expect(Math.abs(start - out - end)).toBeLessThan(1e-6 * start);
    }), { numRuns: 60 });
  });
  it('CPR = CDR = 0 gives pure scheduled amortization', () => {
    fc.assert(fc.property(lineArb, (line) => {
      const sc: CollateralScenario = { prepay: { kind: 'annual', values: 0 }, default: { kind: 'annual', values: 0 }, severity: 0.3, delinquency: 0, recoveryLagMonths: 0, servicerAdvancing: false, convention: 'sifma', fixedLossShare: null, roundToCent: false };
      const f = projectRepLines([line], sc, line.remainingTerm);
      const n = line.remainingTerm;
      for (const k of [1, Math.ceil(n / 2), n]) {
        const expected = line.balance * scheduledBalanceFactor(line.grossRate, n, k);
        expect(Math.abs((f.balance[k - 1] as number) - expected)).toBeLessThan(1e-6 * line.balance);
      }
      expect(f.prepaid.every((x) => x === 0)).toBe(true);
      expect(f.defaults.every((x) => x === 0)).toBe(true);
    }), { numRuns: 100 });
  });
  it('loan-level balances never go negative and conserve principal', () => {
    fc.assert(fc.property(fc.array(lineArb, { minLength: 1, maxLength: 30 }), scenarioArb, (lines, sc) => {
      const tape = {
        count: lines.length, balance: Float64Array.from(lines, (l) => l.balance), grossRate: Float64Array.from(lines, (l) => l.grossRate),
        netRate: Float64Array.from(lines, (l) => l.netRate), remainingTerm: Int32Array.from(lines, (l) => l.remainingTerm).sort(),
        age: Int32Array.from(lines, (l) => l.age),
      };
      const f = projectLoans(tape, sc, 360);
      const start = lines.reduce((s, l) => s + l.balance, 0);
      let out = 0;
      for (let i = 0; i < 360; i++) {
        expect(f.balance[i]).toBeGreaterThanOrEqual(0);
        out += (f.scheduled[i] as number) + (f.prepaid[i] as number) + (f.losses[i] as number) + (f.recoveries[i] as number);
      }
      expect(Math.abs(start - out - (f.balance[359] as number) - (f.foreclosure[359] as number))).toBeLessThan(1e-6 * start);
    }), { numRuns: 40 });
  });
});
