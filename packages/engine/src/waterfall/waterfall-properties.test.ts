import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import dna2Json from '../../../../data/deals/structures/stacr-2026-dna2.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { runDeal } from '../simulate/run-deal.ts';

const specs = [dna1Json as DealSpec, dna2Json as DealSpec];

describe('reference waterfall properties', () => {
  it('Σ notionals = pool UPB after every payment date, no negative notionals, write-downs = losses', () => {
    fc.assert(fc.property(
      fc.constantFrom(0, 1),
      fc.array(fc.double({ min: 0, max: 0.5, noNaN: true }), { minLength: 1, maxLength: 6 }),
      fc.array(fc.double({ min: 0, max: 0.15, noNaN: true }), { minLength: 1, maxLength: 6 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom('sifma' as const, 'stacr-ppm' as const),
      fc.integer({ min: 0, max: 12 }),
      fc.boolean(),
      (which, cpr, cdr, severity, convention, lag, call) => {
        const spec = specs[which] as DealSpec;
        const run = runDeal(spec, {
          prepay: { kind: 'annual', values: cpr }, default: { kind: 'annual', values: cdr }, severity, delinquency: 0.02,
          indexRate: 0.04, lossSource: 'scenario', convention, recoveryLagMonths: convention === 'sifma' ? lag : 0,
          cleanUpCall: call, timeCall: call, collateralGroup: null,
        });
        let losses = 0;
        let writeDowns = 0;
        for (const p of run.waterfall.periods) {
          losses += p.pool.principalLoss;
          writeDowns += p.writeDown.reduce((s, x) => s + x, 0);
          expect(p.notional.every((x) => x >= 0)).toBe(true);
          if (!p.redemption) expect(p.notional.reduce((s, x) => s + x, 0) + p.overcollateralization).toBe(p.pool.upbEnd);
          // Tranche write-downs never exceed the period's loss.
          expect(p.writeDown.reduce((s, x) => s + x, 0)).toBeLessThanOrEqual(p.writeDownAmount);
        }
        expect(writeDowns).toBeLessThanOrEqual(losses);
        // Every tranche ends at zero (paid, written down or redeemed).
        expect(run.waterfall.periods.at(-1)!.notional.every((x) => x === 0)).toBe(true);
      }), { numRuns: 25 });
  });
});
