/**
 * LDM 2.2, LDM 3.0 and AFT differ exactly where their inputs differ (issue 24; spec 000 §4,
 * crt-domain.md §8). The input sets: LDM 2.2 reads HPI, 2y/10y Treasury, 15y/30y mortgage rates
 * and the three tunes; LDM 3.0 adds unemployment; AFT reads HPA and the 15y/30y mortgage rates,
 * untuned. AFT is its own agency-prepayment model (issue 34 #2): HPA also drives its turnover and
 * pays cash-out refinancing, so on one rising home-price path AFT prepays faster than LDM 2.2; with
 * flat home prices that term is idle and the two agree exactly, and they part where the request gives
 * them different inputs.
 */
import { describe, expect, it } from 'vitest';
import type { SimulationRequest } from '../simulate/simulation-types.ts';
import { emptyModelTape } from './model-loan-tape.ts';
import { creditModelInputsOf } from './request-model.ts';
import { runCreditModel } from './run-credit-model.ts';

/** 30-year loans at 6.5 % and 15-year loans at 5.75 %, LTVs 70-95 %, scores 660-800. */
function tape() {
  const n = 40;
  const t = emptyModelTape(n);
  for (let i = 0; i < n; i++) {
    const short = i % 4 === 0;
    t.balance[i] = 300_000;
    t.noteRate[i] = short ? 0.0575 : 0.065;
    t.originalTerm[i] = short ? 180 : 360;
    t.age[i] = 12;
    t.remainingTerm[i] = (short ? 180 : 360) - 12;
    t.creditScore[i] = 660 + (i * 37) % 140;
    t.dtiPct[i] = 30 + (i % 15);
    t.propertyValue[i] = 300_000 / (0.7 + 0.25 * ((i * 7) % 10) / 10);
  }
  return t;
}

const base: SimulationRequest = {
  DealName: 'T', Hpi: [0, 0.02], Hpa: [0, 0.02], Tsy2Year: [0, 0.02], Tsy10Year: [0, 0.05], Mtg30Year: [0, 0.06], Mtg15Year: [0, 0.053],
  NationalUnemploymentForecast: [0, 0.08], TuneCpr: 1, TuneCdr: 1, TuneSeverity: 1,
} as SimulationRequest;

const run = (model: 'LDM' | 'LDM_3' | 'AFT', over: Partial<SimulationRequest> = {}) =>
  runCreditModel(tape(), creditModelInputsOf({ ...base, ...over, PrepaymentModel: model }, 3), 120);
const total = (a: Float64Array) => a.reduce((s, x) => s + x, 0);

describe('LDM 2.2, LDM 3.0 and AFT: differences follow the input sets', () => {
  it('agree, LDM 2.2 and AFT, with flat home prices (AFT\'s HPA terms idle); with rising prices AFT prepays faster (turnover and cash-out)', () => {
    const flat = { Hpa: [0, 0], Hpi: [0, 0] };
    expect(run('AFT', flat)).toEqual(run('LDM', flat));
    const boom = { Hpa: [0, 0.08], Hpi: [0, 0.08] };
    expect(total(run('AFT', boom).prepaid)).toBeGreaterThan(total(run('LDM', boom).prepaid) * 1.04);
    expect(total(run('AFT').prepaid)).toBeGreaterThan(total(run('LDM').prepaid));
  });

  it('AFT reads HPA, LDM 2.2 reads HPI: each follows its own home-price input; AFT\'s defaults move only through HPA', () => {
    const aftFall = run('AFT', { Hpa: [0, -0.15] });
    expect(total(aftFall.defaultEvents)).toBeGreaterThan(total(run('AFT').defaultEvents) * 1.5);
    expect(total(run('LDM', { Hpi: [0, -0.15] }).defaultEvents)).toBeGreaterThan(total(run('LDM').defaultEvents) * 1.5);
    // Falling prices lock AFT's owners in (turnover down), LDM 2.2's turnover reads equity only.
    expect(total(aftFall.prepaid)).toBeLessThan(total(run('LDM', { Hpi: [0, -0.15] }).prepaid));
    // Neither reads the other's input.
    expect(run('AFT', { Hpi: [0, -0.15] })).toEqual(run('AFT'));
    expect(run('LDM', { Hpa: [0, -0.15] })).toEqual(run('LDM'));
  });

  it('the tunes move LDM 2.2 and leave AFT untuned', () => {
    const tuned = { TuneCpr: 1.5, TuneCdr: 2, TuneSeverity: 1.2 };
    expect(run('AFT', tuned)).toEqual(run('AFT'));
    expect(run('LDM', tuned)).not.toEqual(run('LDM'));
    // Each tune alone moves its own component (together, the faster prepayments take balance the
    // extra defaults would have taken and the reverse, so the pair's totals depend on their levels).
    expect(total(run('LDM', { TuneCdr: 2 }).defaultEvents)).toBeGreaterThan(total(run('LDM').defaultEvents) * 1.5);
    expect(total(run('LDM', { TuneCpr: 1.5 }).prepaid)).toBeGreaterThan(total(run('LDM').prepaid));
  });

  it('without a 15-year rate LDM 2.2 builds it from the Treasury curve\'s slope, AFT (no Treasuries) from the 30-year rate alone', () => {
    const no15 = { Mtg15Year: null };
    const ldm = run('LDM', no15);
    const aft = run('AFT', no15);
    // A steep curve (10y − 2y = 3 points) widens the 30y−15y spread for LDM: its 15-year loans see a lower rate and prepay faster.
    expect(total(ldm.prepaid)).toBeGreaterThan(total(aft.prepaid));
    // A flat curve (and flat home prices, AFT's HPA terms idle) leaves the two equal again.
    const flat = { Hpa: [0, 0], Hpi: [0, 0] };
    expect(run('LDM', { ...no15, ...flat, Tsy2Year: [0, 0.05] })).toEqual(run('AFT', { ...no15, ...flat }));
  });

  it('LDM 2.2 prices its mortgage path off the 10-year Treasury when no 30-year rate is given; AFT needs the 30-year rate', () => {
    const ldm = run('LDM', { Mtg30Year: null, Mtg15Year: null, Tsy10Year: [0, 0.03] });
    expect(total(ldm.prepaid)).toBeGreaterThan(total(run('LDM').prepaid));
  });

  it('only LDM 3.0 reads unemployment (and has its own roll coefficients)', () => {
    expect(run('LDM', { NationalUnemploymentForecast: [0, 0.12] })).toEqual(run('LDM'));
    expect(run('AFT', { NationalUnemploymentForecast: [0, 0.12] })).toEqual(run('AFT'));
    expect(total(run('LDM_3', { NationalUnemploymentForecast: [0, 0.12] }).defaultEvents)).toBeGreaterThan(total(run('LDM_3').defaultEvents));
  });
});
