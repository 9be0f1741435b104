import { describe, expect, it } from 'vitest';
import dna1Json from '../../../../data/deals/structures/stacr-2026-dna1.json' with { type: 'json' };
import type { DealSpec } from '../deal/deal-spec.ts';
import { projectRepLines } from '../collateral/project-rep-lines.ts';
import { runDeal, startingLines } from './run-deal.ts';
import type { DealScenario } from './run-deal.ts';
import { stateAfter } from './deal-state.ts';

const spec = dna1Json as DealSpec;
const cpr = Array.from({ length: 300 }, (_, i) => 0.06 + 0.0005 * i);
const cdr = Array.from({ length: 300 }, (_, i) => 0.004 + 0.0001 * i);
const scenario = (shift: number): DealScenario => ({
  prepay: { kind: 'annual', values: cpr.slice(shift) }, default: { kind: 'annual', values: cdr.slice(shift) }, severity: 0.25,
  delinquency: 0.012, indexRate: 0.0365786, lossSource: 'deal', cleanUpCall: true, timeCall: false, collateralGroup: null,
});

describe('starting from a later settlement date', () => {
  it('a restart from the state after PD 18 reproduces the continuous run to the cent', () => {
    const full = runDeal(spec, scenario(0));
    const pd = 18;
    const months = pd + spec.dates.firstPaymentDateCollectionMonths - 1;
    // Rep-line balances after `months` collection months: project each line alone (PPM rounding per line).
    const lines = startingLines(spec, null, null);
    const balances = lines.map((l) => {
      const f = projectRepLines([l], {
        prepay: { kind: 'annual', values: cpr }, default: { kind: 'annual', values: cdr }, severity: 0.25, delinquency: 0,
        recoveryLagMonths: 0, servicerAdvancing: false, convention: 'stacr-ppm', fixedLossShare: 0.25, roundToCent: true,
      }, months);
      return Math.round((f.balance[months - 1] as number) * 100) / 100;
    });
    const state = stateAfter(full, pd, balances);
    const restart = runDeal(spec, scenario(months), state);
    expect(restart.waterfall.periods[0]!.pool.paymentDateNumber).toBe(pd + 1);
    restart.waterfall.periods.forEach((p, i) => {
      const q = full.waterfall.periods[pd + i]!;
      expect(p.pool.upbEnd).toBe(q.pool.upbEnd);
      expect(p.notional).toEqual(q.notional);
      expect(p.principal).toEqual(q.principal);
      expect(p.tests).toEqual(q.tests);
      expect(p.cumulativeNetLoss).toBe(q.cumulativeNetLoss);
    });
    expect(restart.paymentDates[0]).toBe(full.paymentDates[pd]);
    expect(restart.accrualDays[0]).toBe(full.accrualDays[pd]);
    expect(restart.waterfall.periods.length).toBe(full.waterfall.periods.length - pd);
  });
  it('scales rep lines pro rata when only the pool balance is known, summing exactly', () => {
    const full = runDeal(spec, scenario(0));
    const state = stateAfter(full, 6);
    const lines = startingLines(spec, state, null);
    expect(lines.reduce((s, l) => s + Math.round(l.balance * 100), 0)).toBe(Math.round(state.poolBalance * 100));
    expect(lines[0]!.remainingTerm).toBe(spec.collateral.repLines[0]!.remainingTermMonths - 7);
    const restart = runDeal(spec, scenario(7), state);
    expect(restart.waterfall.periods[0]!.upbPrev).toBe(Math.round(state.poolBalance * 100));
  });
});
